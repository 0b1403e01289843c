package org.occam.cli;

import org.occam.data.InvalidInputException;

/** The {@code --threads} rule every command shares. */
public final class Threads {
  private Threads() {}

  /** The given thread count, or the number of cores when null; refuses fewer than one. */
  public static int count(Integer threads) {
    int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (n < 1) {
      throw new InvalidInputException("--threads must be >= 1, got " + n);
    }
    return n;
  }
}
