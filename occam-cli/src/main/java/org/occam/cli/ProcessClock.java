package org.occam.cli;

import java.lang.management.ManagementFactory;

/** Wall time since this JVM started, for timing reports that include JVM start-up. */
final class ProcessClock {
  private ProcessClock() {}

  /**
   * Seconds since the JVM started (millisecond resolution). The operating system's process start
   * time is too coarse for this: it is kept in clock ticks and can be off by most of a second.
   */
  static double secondsSinceStart() {
    return ManagementFactory.getRuntimeMXBean().getUptime() * 1e-3;
  }
}
