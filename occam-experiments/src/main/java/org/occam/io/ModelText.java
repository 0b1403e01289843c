package org.occam.io;

import java.nio.file.Path;
import org.occam.data.DataFormatException;

/**
 * The words of a plain-text model file (UAI, BIF), each with its line and column, read one at a
 * time, so that every problem is reported as one line {@code file:line:column: message}.
 *
 * <p>A word is a run of characters that are neither blanks nor one of the file format's
 * punctuation characters (each of those is a word on its own), or a {@code "double-quoted"} string
 * (without its quotes). With {@code comments}, {@code // …} to the end of the line and
 * {@code /* … *}{@code /} are skipped, as in BIF.
 */
final class ModelText {
  /** One word and where it starts (line and column 1-based); {@code text} is null at the end of the file. */
  record Word(String text, long line, int column, boolean quoted) {
    boolean is(String s) {
      return text != null && !quoted && text.equals(s);
    }

    boolean isEnd() {
      return text == null;
    }

    /** The word as the user wrote it, for messages. */
    String shown() {
      return text == null ? "the end of the file" : "'" + text + "'";
    }
  }

  private final Path file;
  private final String text;
  private final String punctuation;
  private final boolean comments;
  private int pos;
  private long line = 1;
  private int column = 1;
  private Word ahead;

  ModelText(Path file, String punctuation, boolean comments) {
    this.file = file;
    this.text = JsonSource.readText(file);
    this.punctuation = punctuation;
    this.comments = comments;
  }

  Path file() {
    return file;
  }

  /** The next word, without consuming it. */
  Word peek() {
    if (ahead == null) {
      ahead = scan();
    }
    return ahead;
  }

  /** The next word (its text null at the end of the file). */
  Word next() {
    Word w = peek();
    ahead = null;
    return w;
  }

  /** The next word, which must be {@code s}. */
  Word expect(String s, String context) {
    Word w = next();
    if (!w.is(s)) {
      throw error(w, "expected '" + s + "' " + context + ", found " + w.shown());
    }
    return w;
  }

  /** The next word, which must be a name or label (not punctuation, not the end). */
  Word name(String what) {
    Word w = next();
    if (w.isEnd() || (!w.quoted() && w.text().length() == 1 && punctuation.indexOf(w.text().charAt(0)) >= 0)) {
      throw error(w, "expected " + what + ", found " + w.shown());
    }
    return w;
  }

  /** A one-line error at a word. */
  DataFormatException error(Word at, String message) {
    return DataFormatException.at(file, at.line(), at.column(), message);
  }

  /**
   * The next word as a whole number in {@code [min, max]}.
   *
   * @param what what the number counts, for the message
   */
  int count(String what, int min, int max) {
    Word w = next();
    String s = w.text();
    if (s == null || w.quoted() || !s.matches("[0-9]{1,10}")) {
      throw error(w, "expected " + what + " (a whole number), found " + w.shown());
    }
    long v = Long.parseLong(s);
    if (v < min || v > max) {
      throw error(w, what + " must be between " + min + " and " + max + ", got " + s);
    }
    return (int) v;
  }

  /** Whether a word is a plain decimal number (no NaN, Infinity, hex or Java suffixes). */
  static boolean isNumber(Word w) {
    return w.text() != null && !w.quoted() && w.text().matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");
  }

  /** The next word as a finite number {@code >= 0}: a probability or potential. */
  double nonNegative(String what) {
    Word w = next();
    if (!isNumber(w)) {
      throw error(w, "expected " + what + " (a number), found " + w.shown());
    }
    double v = Double.parseDouble(w.text());
    if (!(v >= 0) || Double.isInfinite(v)) {
      throw error(w, what + " must be a finite number >= 0, got " + w.text());
    }
    return v;
  }

  private Word scan() {
    skipBlanksAndComments();
    if (pos >= text.length()) {
      return new Word(null, line, column, false);
    }
    long l = line;
    int c = column;
    char ch = text.charAt(pos);
    if (ch == '"') {
      int close = text.indexOf('"', pos + 1);
      int newline = text.indexOf('\n', pos + 1);
      if (close < 0 || (newline >= 0 && newline < close)) {
        throw DataFormatException.at(file, l, c, "a quoted name is not closed on its line");
      }
      String s = text.substring(pos + 1, close);
      advance(close + 1 - pos);
      return new Word(s, l, c, true);
    }
    if (punctuation.indexOf(ch) >= 0) {
      advance(1);
      return new Word(String.valueOf(ch), l, c, false);
    }
    int start = pos;
    while (pos < text.length()) {
      char x = text.charAt(pos);
      if (Character.isWhitespace(x) || punctuation.indexOf(x) >= 0 || x == '"'
          || (comments && x == '/' && pos + 1 < text.length() && (text.charAt(pos + 1) == '/' || text.charAt(pos + 1) == '*'))) {
        break;
      }
      advance(1);
    }
    return new Word(text.substring(start, pos), l, c, false);
  }

  private void skipBlanksAndComments() {
    while (pos < text.length()) {
      char ch = text.charAt(pos);
      if (Character.isWhitespace(ch)) {
        advance(1);
      } else if (comments && text.startsWith("//", pos)) {
        int end = text.indexOf('\n', pos);
        advance((end < 0 ? text.length() : end) - pos);
      } else if (comments && text.startsWith("/*", pos)) {
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
          throw DataFormatException.at(file, line, column, "a /* comment */ is not closed");
        }
        advance(end + 2 - pos);
      } else {
        return;
      }
    }
  }

  private void advance(int n) {
    for (int i = 0; i < n; i++, pos++) {
      if (text.charAt(pos) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
  }
}
