package org.occam.search;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * An estimate of a long job's time from its first units: once the first {@code batch} of
 * {@code total} units are done (any thread may report), the time so far times total / done, as one
 * line that says how it was made. The units must be alike or the estimate says which ones were
 * timed; it is a forecast, not a promise, and is made once.
 *
 * <pre>{@code
 * WorkEstimate eta = new WorkEstimate("dag rank", 136, "structure", 4, System::nanoTime);
 * // in the loop, from any thread:
 * eta.observe(done).ifPresent(err::println);
 * }</pre>
 */
public final class WorkEstimate {
  private final String command;
  private final long total;
  private final String unit;
  private final long batch;
  private final LongSupplier nanoClock;
  private final long start;
  private final AtomicBoolean said = new AtomicBoolean();

  /**
   * Starts the clock now.
   *
   * @param command who speaks, e.g. {@code "dag rank"}
   * @param total the units of the whole job
   * @param unit one unit's name, singular, e.g. {@code "structure"}
   * @param batch how many units to time before estimating, ≥ 1
   * @param nanoClock a monotonic clock in nanoseconds ({@code System::nanoTime})
   */
  public WorkEstimate(String command, long total, String unit, long batch, LongSupplier nanoClock) {
    this.command = command;
    this.total = total;
    this.unit = unit;
    this.batch = Math.max(1, batch);
    this.nanoClock = nanoClock;
    this.start = nanoClock.getAsLong();
  }

  /**
   * The estimate line, the first time {@code done} reaches the batch while work remains; empty
   * otherwise (before the batch, when the job is already over, and after the line was given).
   */
  public Optional<String> observe(long done) {
    if (done < batch || done >= total || said.get()) {
      return Optional.empty();
    }
    if (!said.compareAndSet(false, true)) {
      return Optional.empty();
    }
    double elapsed = (nanoClock.getAsLong() - start) * 1e-9;
    return Optional.of(line(command, total, unit, done, elapsed));
  }

  /**
   * "dag rank: about 9.1 h in all, 9.0 h to go (0.25 s per structure, timed on the first 4 of 131,072)".
   *
   * @param elapsedSeconds the wall time the first {@code done} units took
   */
  public static String line(String command, long total, String unit, long done, double elapsedSeconds) {
    double per = elapsedSeconds / done;
    double all = per * total;
    return command + ": about " + duration(all) + " in all, " + duration(all - elapsedSeconds) + " to go ("
        + duration(per) + " per " + unit + ", timed on the first " + count(done) + " of " + count(total) + ")";
  }

  /** A count with thousands separators: 131,072. */
  public static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** A count with thousands separators, or in powers of ten past 10^15 (2.1e+34). */
  public static String count(BigInteger n) {
    if (n.bitLength() < 50) {
      return count(n.longValue());
    }
    return String.format(Locale.ROOT, "%.1e", n.doubleValue());
  }

  /** A duration a person reads at a glance: 0.25 s, 42 s, 3.5 min, 9.1 h, 4.2 days, 3.1e+04 years. */
  public static String duration(double seconds) {
    if (!(seconds >= 0)) {
      return "an unknown time";
    }
    if (seconds < 1) {
      return String.format(Locale.ROOT, "%.2g s", seconds);
    }
    if (seconds < 100) {
      return String.format(Locale.ROOT, "%.0f s", seconds);
    }
    if (seconds < 3600 * 1.5) {
      return String.format(Locale.ROOT, "%.1f min", seconds / 60);
    }
    if (seconds < 86400 * 2) {
      return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }
    double days = seconds / 86400;
    if (days < 730) {
      return String.format(Locale.ROOT, "%.0f days", days);
    }
    double years = days / 365.25;
    return years < 1e4 ? String.format(Locale.ROOT, "%.0f years", years)
        : String.format(Locale.ROOT, "%.1e years", years);
  }
}
