package org.occam.data;

import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams the records of a CSV text (RFC 4180: comma-separated cells, {@code "quoted"} cells with
 * {@code ""} for a quote inside, which may span lines) one at a time, with the line each record
 * starts on, so that readers never hold the whole file. Line ends are {@code \n}, {@code \r\n} or
 * {@code \r}; a UTF-8 byte-order mark before the first record is skipped; spaces and tabs around
 * a cell are dropped; a line holding nothing but spaces and tabs is skipped as blank (and counted,
 * so the lines after it keep their numbers). A quote inside an unquoted cell is an ordinary
 * character. Malformed records (a quoted cell never closed, text after a closing quote) are
 * {@link DataFormatException}s naming the file, line and column.
 *
 * <p>{@link #tabSeparated} reads tab-separated values instead (IANA {@code text/tab-separated-values}):
 * cells end at a tab, quotes are ordinary characters (no quoting, so a cell may start with
 * {@code "}), and only spaces around a cell are dropped.
 *
 * <pre>{@code
 * try (CsvRecordReader in = new CsvRecordReader(Files.newBufferedReader(file), file)) {
 *   for (String[] cells = in.next(); cells != null; cells = in.next()) {
 *     long line = in.line();
 *   }
 * }
 * }</pre>
 */
public final class CsvRecordReader implements Closeable {
  private static final int EOF = -1;

  private final Reader in;
  private final Path file;
  /** The character between cells: {@code ','} or {@code '\t'} (then quotes are not special). */
  private final char delimiter;
  private final char[] buffer = new char[1 << 16];
  private int position;
  private int limit;
  private boolean started;
  /** The line of the next character to be read. */
  private long line = 1;
  private long recordLine;
  private final List<String> cells = new ArrayList<>();
  private final StringBuilder cell = new StringBuilder();

  /**
   * @param in the text (buffered or not; it is read in blocks)
   * @param file the file named in messages, or null for {@code <input>}
   */
  public CsvRecordReader(Reader in, Path file) {
    this(in, file, ',');
  }

  private CsvRecordReader(Reader in, Path file, char delimiter) {
    this.in = in;
    this.file = file;
    this.delimiter = delimiter;
  }

  /**
   * A reader of tab-separated values: cells end at a tab, quotes are ordinary characters.
   *
   * @param in the text
   * @param file the file named in messages, or null for {@code <input>}
   */
  public static CsvRecordReader tabSeparated(Reader in, Path file) {
    return new CsvRecordReader(in, file, '\t');
  }

  /** A reader of tab-separated values if {@code file}'s name ends in {@code .tsv} (any case), else of CSV. */
  public static CsvRecordReader forFile(Reader in, Path file) {
    boolean tsv = file != null && file.getFileName() != null
        && file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".tsv");
    return tsv ? tabSeparated(in, file) : new CsvRecordReader(in, file);
  }

  /** The line on which the record last returned by {@link #next} starts (1-based). */
  public long line() {
    return recordLine;
  }

  /**
   * The next non-blank record's cells, trimmed and unquoted, or null at the end of the text.
   *
   * @throws IOException if the text cannot be read (a {@link java.nio.charset.CharacterCodingException}
   *     when it is not in the reader's charset)
   */
  public String[] next() throws IOException {
    if (!started) {
      started = true;
      if (peek() == '\uFEFF') {
        position++;
      }
    }
    while (true) {
      if (peek() == EOF) {
        return null;
      }
      recordLine = line;
      cells.clear();
      boolean quotedSeen = false;
      while (true) {
        boolean quoted = readCell();
        quotedSeen |= quoted;
        int ch = read();
        if (ch == delimiter) {
          continue;
        }
        endLine(ch);
        break;
      }
      if (cells.size() == 1 && !quotedSeen && cells.get(0).isEmpty()) {
        continue; // a blank or whitespace-only line
      }
      return cells.toArray(new String[0]);
    }
  }

  /** Reads one cell into {@link #cells}, stopping before the comma or line end; true when quoted. */
  private boolean readCell() throws IOException {
    cell.setLength(0);
    int ch = peek();
    while (ch == ' ' || (ch == '\t' && delimiter != '\t')) {
      position++;
      ch = peek();
    }
    if (ch != '"' || delimiter == '\t') {
      while (ch != EOF && ch != delimiter && ch != '\n' && ch != '\r') {
        cell.append((char) ch);
        position++;
        ch = peek();
      }
      cells.add(cell.toString().trim());
      return false;
    }
    long openedOn = line;
    int column = cells.size() + 1;
    position++; // the opening quote
    while (true) {
      ch = read();
      if (ch == EOF) {
        throw DataFormatException.at(file, openedOn, column, "malformed CSV: a quoted cell opened here is never closed");
      }
      if (ch == '"') {
        if (peek() == '"') {
          position++;
          cell.append('"');
          continue;
        }
        break;
      }
      if (ch == '\r' || ch == '\n') {
        endLine(ch);
        cell.append('\n');
        continue;
      }
      cell.append((char) ch);
    }
    ch = peek();
    while (ch == ' ' || ch == '\t') {
      position++;
      ch = peek();
    }
    if (ch != EOF && ch != delimiter && ch != '\n' && ch != '\r') {
      throw DataFormatException.at(file, line, column, "malformed CSV: text after the closing quote of a quoted cell");
    }
    cells.add(cell.toString());
    return true;
  }

  /** After reading {@code ch} (a line end or EOF): counts the line, taking {@code \r\n} as one. */
  private void endLine(int ch) throws IOException {
    if (ch == '\r') {
      if (peek() == '\n') {
        position++;
      }
      line++;
    } else if (ch == '\n') {
      line++;
    }
  }

  private int peek() throws IOException {
    if (position == limit && !fill()) {
      return EOF;
    }
    return buffer[position];
  }

  private int read() throws IOException {
    if (position == limit && !fill()) {
      return EOF;
    }
    return buffer[position++];
  }

  private boolean fill() throws IOException {
    int n;
    do {
      n = in.read(buffer, 0, buffer.length);
    } while (n == 0);
    if (n < 0) {
      limit = position = 0;
      return false;
    }
    position = 0;
    limit = n;
    return true;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
