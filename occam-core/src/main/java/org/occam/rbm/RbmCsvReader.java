package org.occam.rbm;

import org.occam.data.InvalidInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.occam.data.DataFormatException;

/**
 * Reads {@link RbmData} from a CSV file whose header names the columns and whose cells are
 * {@code 0} or {@code 1}, e.g. a document–word matrix (1 if the word occurs in the document). An
 * optional count column holds how often each row occurs (whole numbers ≥ 0).
 *
 * <p>Strict on purpose: a cell that is not exactly 0 or 1 (after trimming spaces; empty cells and
 * {@code NA} included), a row with the wrong number of cells, an empty file, a header without data
 * rows and an unknown column name are each reported as a one-line {@link DataFormatException}
 * {@code file:line:column: what was expected}, columns counted from 1. Cells may be quoted
 * ({@code "word"}, with {@code ""} for a quote inside), but a quoted cell may not span lines. Blank
 * lines and a UTF-8 byte-order mark are skipped. Columns that are not selected are only counted, so
 * they may hold anything.
 *
 * <pre>{@code
 * RbmData five = RbmCsvReader.read(Path.of("data/sotu_chunks100_w100.csv"),
 *     RbmCsvReader.Selection.mostFrequent(5), null);
 * }</pre>
 *
 * <p>(The general {@link org.occam.data.CsvDatasetReader} infers each column's states, so a
 * column of 1s and 2s reads as two states and a column that happens to hold only 1s as one; here 0
 * and 1 are the states, always.)
 */
public final class RbmCsvReader {
  private RbmCsvReader() {}

  /**
   * Which columns to keep: the named ones (null: every column but the count column), then, if
   * {@code mostFrequent} > 0, only that many of them with the most 1s (see
   * {@link RbmData#mostFrequentColumns}).
   *
   * @param names column names, in the order wanted, or null
   * @param mostFrequent m > 0 to keep the m most frequent, 0 to keep all
   */
  public record Selection(List<String> names, int mostFrequent) {
    public Selection {
      if (mostFrequent < 0) {
        throw new InvalidInputException("the number of most frequent columns must be >= 0, got " + mostFrequent);
      }
      if (names != null) {
        if (names.isEmpty()) {
          throw new InvalidInputException("name at least one column");
        }
        names = List.copyOf(names);
      }
    }

    /** Every column but the count column. */
    public static Selection all() {
      return new Selection(null, 0);
    }

    /** The named columns, in this order. */
    public static Selection named(List<String> names) {
      return new Selection(names, 0);
    }

    /** The m columns with the most 1s, in file order. */
    public static Selection mostFrequent(int m) {
      if (m < 1) {
        throw new InvalidInputException("keep at least one column, got " + m);
      }
      return new Selection(null, m);
    }
  }

  /** Every column, each row counted once. */
  public static RbmData read(Path file) {
    return read(file, Selection.all(), null);
  }

  /**
   * @param file a CSV file with a header row
   * @param selection which columns to keep
   * @param countColumn the name of a column of row counts, or null for once each
   * @throws DataFormatException for any problem with the file, as {@code file:line:column: message}
   */
  public static RbmData read(Path file, Selection selection, String countColumn) {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(file, in, selection, countColumn);
    } catch (NoSuchFileException e) {
      throw new DataFormatException(file + ": no such file");
    } catch (CharacterCodingException e) {
      throw new DataFormatException(file + ": is not UTF-8 text");
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot read: " + e.getMessage());
    }
  }

  private static RbmData read(Path file, BufferedReader in, Selection selection, String countColumn)
      throws IOException {
    long lineNumber = 0;
    String line;
    List<String> header = null;
    while ((line = in.readLine()) != null) {
      lineNumber++;
      if (lineNumber == 1 && line.startsWith("\uFEFF")) {
        line = line.substring(1); // a UTF-8 byte-order mark, as spreadsheet programs write
      }
      if (!line.isBlank()) {
        header = cells(file, lineNumber, line);
        break;
      }
    }
    if (header == null) {
      throw DataFormatException.at(file, 1, 0, "empty file: expected a header row naming the 0/1 columns");
    }
    long headerLine = lineNumber;
    Map<String, Integer> position = new HashMap<>();
    for (int c = 0; c < header.size(); c++) {
      String name = header.get(c);
      if (name.isEmpty()) {
        throw DataFormatException.at(file, headerLine, c + 1, "empty column name in the header");
      }
      if (position.put(name, c) != null) {
        throw DataFormatException.at(file, headerLine, c + 1, "duplicate column '" + name + "'");
      }
    }
    int countAt = -1;
    if (countColumn != null) {
      countAt = columnOf(file, headerLine, position, header, countColumn, "count column");
    }
    List<String> names = new ArrayList<>();
    List<Integer> columns = new ArrayList<>();
    if (selection.names() == null) {
      for (int c = 0; c < header.size(); c++) {
        if (c != countAt) {
          names.add(header.get(c));
          columns.add(c);
        }
      }
    } else {
      for (String name : selection.names()) {
        int c = columnOf(file, headerLine, position, header, name, "column");
        if (c == countAt) {
          throw DataFormatException.at(file, headerLine, c + 1, "column '" + name + "' is the count column");
        }
        if (columns.contains(c)) {
          throw DataFormatException.at(file, headerLine, c + 1, "column '" + name + "' is asked for twice");
        }
        names.add(name);
        columns.add(c);
      }
    }
    if (names.isEmpty()) {
      throw DataFormatException.at(file, headerLine, 0, "no 0/1 columns besides the count column");
    }
    if (selection.mostFrequent() > names.size()) {
      throw DataFormatException.at(file, headerLine, 0, "asked for the " + selection.mostFrequent()
          + " most frequent columns, but there are only " + names.size());
    }

    List<int[]> rows = new ArrayList<>();
    List<Long> counts = new ArrayList<>();
    while ((line = in.readLine()) != null) {
      lineNumber++;
      if (line.isBlank()) {
        continue;
      }
      List<String> cells = cells(file, lineNumber, line);
      if (cells.size() != header.size()) {
        throw DataFormatException.at(file, lineNumber, Math.min(cells.size(), header.size()) + 1, "expected "
            + header.size() + " cells as in the header, found " + cells.size());
      }
      int[] x = new int[columns.size()];
      for (int j = 0; j < x.length; j++) {
        int c = columns.get(j);
        String s = cells.get(c);
        if (s.equals("0")) {
          x[j] = 0;
        } else if (s.equals("1")) {
          x[j] = 1;
        } else {
          throw DataFormatException.at(file, lineNumber, c + 1, "expected 0 or 1 in column '" + header.get(c)
              + "', found " + (s.isEmpty() ? "an empty cell" : "'" + s + "'"));
        }
      }
      rows.add(x);
      counts.add(countAt < 0 ? 1 : count(file, lineNumber, countAt, header.get(countAt), cells.get(countAt)));
    }
    if (rows.isEmpty()) {
      throw DataFormatException.at(file, headerLine + 1, 0, "no data rows after the header");
    }
    long[] rowCounts = counts.stream().mapToLong(Long::longValue).toArray();
    long total = 0;
    for (long c : rowCounts) {
      total += c;
      if (total < 0) {
        throw DataFormatException.at(file, 0, 0, "the counts in column '" + countColumn + "' add up to more than "
            + Long.MAX_VALUE);
      }
    }
    if (total == 0) {
      throw DataFormatException.at(file, 0, 0, "every row has count 0 in column '" + countColumn + "': no data");
    }
    RbmData data = RbmData.of(names, rows.toArray(new int[0][]), rowCounts);
    return selection.mostFrequent() > 0 ? data.mostFrequentColumns(selection.mostFrequent()) : data;
  }

  private static int columnOf(Path file, long headerLine, Map<String, Integer> position, List<String> header,
      String name, String what) {
    Integer c = position.get(name);
    if (c == null) {
      throw DataFormatException.at(file, headerLine, 0, "no " + what + " '" + name + "' in the header; the columns are "
          + RbmData.abbreviated(header));
    }
    return c;
  }

  private static long count(Path file, long line, int c, String name, String s) {
    boolean digits = !s.isEmpty() && s.length() <= 18;
    for (int i = 0; i < s.length() && digits; i++) {
      digits = s.charAt(i) >= '0' && s.charAt(i) <= '9';
    }
    if (!digits) {
      throw DataFormatException.at(file, line, c + 1, "expected a whole count >= 0 in column '" + name + "', found "
          + (s.isEmpty() ? "an empty cell" : "'" + s + "'"));
    }
    return Long.parseLong(s);
  }

  /**
   * The cells of one line, split at commas outside quotes and trimmed; a quoted cell loses its
   * quotes and {@code ""} inside it becomes {@code "}.
   */
  static List<String> cells(Path file, long lineNumber, String line) {
    List<String> out = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    int i = 0;
    int n = line.length();
    while (true) {
      while (i < n && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
        i++;
      }
      if (i < n && line.charAt(i) == '"') {
        int column = out.size() + 1;
        i++;
        cell.setLength(0);
        while (true) {
          if (i >= n) {
            throw DataFormatException.at(file, lineNumber, column, "a quoted cell is not closed on this line");
          }
          char ch = line.charAt(i++);
          if (ch == '"') {
            if (i < n && line.charAt(i) == '"') {
              cell.append('"');
              i++;
            } else {
              break;
            }
          } else {
            cell.append(ch);
          }
        }
        while (i < n && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
          i++;
        }
        if (i < n && line.charAt(i) != ',') {
          throw DataFormatException.at(file, lineNumber, column, "text after the closing quote of a quoted cell");
        }
        out.add(cell.toString());
      } else {
        int end = line.indexOf(',', i);
        if (end < 0) {
          end = n;
        }
        out.add(line.substring(i, end).trim());
        i = end;
      }
      if (i >= n) {
        return out;
      }
      i++; // the comma
    }
  }
}
