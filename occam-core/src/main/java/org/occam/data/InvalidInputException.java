package org.occam.data;

/**
 * Input the library refuses: a setting out of range, a model too large for exact inference, a
 * data set or model that breaks a rule, an unknown method name. The message is one line for the
 * user; the command line shows it and exits with code 2. Any other {@link IllegalArgumentException}
 * from the library is a bug (an internal inconsistency) and is reported as one.
 */
public class InvalidInputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InvalidInputException(String message) {
    super(DataFormatException.oneLine(message));
  }
}
