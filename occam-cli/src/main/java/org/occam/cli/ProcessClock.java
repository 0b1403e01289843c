package org.occam.cli;

import java.time.Duration;
import java.time.Instant;

/** Wall time since this JVM process started, for timing reports that include JVM start-up. */
final class ProcessClock {
  private ProcessClock() {}

  /** Seconds since the process started (or since the call, if the OS does not say). */
  static double secondsSinceStart() {
    Instant start = ProcessHandle.current().info().startInstant().orElse(Instant.now());
    return Duration.between(start, Instant.now()).toNanos() * 1e-9;
  }
}
