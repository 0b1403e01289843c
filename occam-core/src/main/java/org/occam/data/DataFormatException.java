package org.occam.data;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A data or model file that cannot be used as given. The message is one line that names the
 * file, the line and column where they are known, and what was expected; the command line shows
 * it as it is and exits with code 2.
 */
public final class DataFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DataFormatException(String message) {
    super(oneLine(message));
  }

  /**
   * The message on one line: line breaks inside it (a quoted cell or header name that spans lines,
   * echoed back) are shown as {@code \n} and {@code \r}, so that the user still sees one line.
   */
  static String oneLine(String message) {
    if (message == null || (message.indexOf('\n') < 0 && message.indexOf('\r') < 0)) {
      return message;
    }
    return message.replace("\r", "\\r").replace("\n", "\\n");
  }

  /** {@code file:line:column: message}, leaving out the parts that are not known (≤ 0). */
  public static DataFormatException at(Path file, long line, int column, String message) {
    StringBuilder b = new StringBuilder();
    b.append(file == null ? "<input>" : file.toString());
    if (line > 0) {
      b.append(':').append(line);
      if (column > 0) {
        b.append(':').append(column);
      }
    }
    b.append(": ").append(message);
    return new DataFormatException(b.toString());
  }

  /**
   * What went wrong opening or reading {@code file}, in the words every reader uses: no such file,
   * not UTF-8 text, or the first line of the system's message.
   */
  public static DataFormatException reading(Path file, IOException e) {
    if (e instanceof NoSuchFileException) {
      return new DataFormatException(file + ": no such file");
    }
    if (e instanceof CharacterCodingException) {
      return new DataFormatException(file + ": is not UTF-8 text");
    }
    String m = e.getMessage();
    int nl = m == null ? -1 : m.indexOf('\n');
    return new DataFormatException(file + ": cannot read: "
        + (m == null ? "unknown error" : nl < 0 ? m : m.substring(0, nl)));
  }
}
