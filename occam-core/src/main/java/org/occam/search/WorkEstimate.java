package org.occam.search;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * An estimate of a long job's time from its first units. With enough units (at least four
 * batches), the first {@code batch} units only warm up (the JIT compiler, caches), and the rate is
 * timed on the units done after them, once another batch is done and either a second has passed
 * or a fifth of the job is done; with fewer units, on the first batch. The line says which units
 * were timed; it is a forecast, not a promise, and is made once. Any thread may report.
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
  private final boolean warmUp;
  private long warmNanos = -1;
  private long warmDone;
  private boolean said;

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
    this.warmUp = total >= 4 * this.batch;
  }

  /**
   * The estimate line, the first time enough units are timed while work remains; empty otherwise
   * (before that, when the job is over, and after the line was given).
   *
   * @param done the units done so far
   */
  public synchronized Optional<String> observe(long done) {
    if (said || done >= total || done < batch) {
      return Optional.empty();
    }
    long now = nanoClock.getAsLong();
    if (!warmUp) {
      said = true;
      return Optional.of(line(command, total, unit, done, (now - start) * 1e-9));
    }
    if (warmNanos < 0) {
      warmNanos = now;
      warmDone = done;
      return Optional.empty();
    }
    long timed = done - warmDone;
    double seconds = (now - warmNanos) * 1e-9;
    if (timed < batch || !(seconds >= 1 || done * 5 >= total)) {
      return Optional.empty();
    }
    said = true;
    double per = seconds / timed;
    double elapsed = (now - start) * 1e-9;
    return Optional.of(forecast(command, elapsed + per * (total - done), elapsed, duration(per) + " per " + unit
        + ", timed on numbers " + count(warmDone + 1) + " to " + count(done) + " of " + count(total) + ", after "
        + count(warmDone) + " to warm up"));
  }

  /**
   * "dag rank: about 9.1 h in all, 9.0 h to go (0.25 s per structure, timed on the first 4 of 131,072)".
   *
   * @param elapsedSeconds the wall time the first {@code done} units took
   */
  public static String line(String command, long total, String unit, long done, double elapsedSeconds) {
    double per = elapsedSeconds / done;
    return forecast(command, per * total, elapsedSeconds, duration(per) + " per " + unit + ", timed on the first "
        + count(done) + " of " + count(total));
  }

  /**
   * "dag select: about 4.0 min in all, 3.8 min to go (how)": the form every estimate line takes.
   *
   * @param allSeconds the forecast of the whole job
   * @param elapsedSeconds the time so far
   * @param how what the forecast was made from
   */
  static String forecast(String command, double allSeconds, double elapsedSeconds, String how) {
    return command + ": about " + duration(allSeconds) + " in all, " + duration(allSeconds - elapsedSeconds)
        + " to go (" + how + ")";
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

  /** A duration a person reads at a glance: 0.25 s, 2.5 s, 42 s, 3.5 min, 9.1 h, 4.2 days, 3.1e+04 years. */
  public static String duration(double seconds) {
    if (!(seconds >= 0)) {
      return "an unknown time";
    }
    if (seconds < 1) {
      return String.format(Locale.ROOT, "%.2g s", seconds);
    }
    if (seconds < 9.95) {
      return String.format(Locale.ROOT, "%.1f s", seconds);
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
