package org.occam.cli;

import org.occam.data.InvalidInputException;

/**
 * Range checks of numeric options that name the option, made before any work: the library's
 * settings records check their own fields too, but their messages name fields, not options.
 */
public final class OptionChecks {
  private OptionChecks() {}

  /** Refuses {@code value < least}. */
  public static int atLeast(String option, int value, int least) {
    if (value < least) {
      throw new InvalidInputException(option + " must be >= " + least + ", got " + value);
    }
    return value;
  }

  /** Refuses a value given and below {@code least}; null (not given) passes. */
  public static Integer atLeast(String option, Integer value, int least) {
    return value == null ? null : atLeast(option, value.intValue(), least);
  }

  /** Refuses anything but a finite number > 0 (NaN included). */
  public static double positive(String option, double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new InvalidInputException(option + " must be a finite number > 0, got " + value);
    }
    return value;
  }
}
