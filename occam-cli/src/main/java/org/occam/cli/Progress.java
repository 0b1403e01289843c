package org.occam.cli;

import java.io.PrintWriter;
import java.util.function.IntConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.occam.experiments.ProgressSink;
import org.occam.search.WorkEstimate;

/**
 * A progress bar with the elapsed time and an ETA on stderr when a person is watching a terminal;
 * nothing otherwise. {@code Progress::start} is the {@link ProgressSink} the command line gives
 * the experiments. A command that counted its work first can also ask for a one-line estimate of
 * its time, printed to stderr (terminal or not) once the first batch of units is done
 * ({@link WorkEstimate}).
 */
public final class Progress implements ProgressSink.Task {
  private final ProgressBar bar;
  private final WorkEstimate estimate;
  private final PrintWriter err;
  private final String note;

  private Progress(ProgressBar bar, WorkEstimate estimate, PrintWriter err, String note) {
    this.bar = bar;
    this.estimate = estimate;
    this.err = err;
    this.note = note;
  }

  /** A bar for {@code total} steps (−1: unknown), shown only when the process has a console. */
  public static Progress start(String task, long total) {
    return new Progress(bar(task, total), null, null, "");
  }

  /**
   * A bar, and the estimate line on {@code err} once {@code batch} of the {@code total} units are
   * done.
   *
   * @param command who speaks, e.g. {@code "dag rank"}
   * @param unit a unit's name, e.g. {@code "structure"}
   * @param note appended to the estimate line, e.g. {@code "; the largest first, so this is high"}
   */
  public static Progress withEstimate(PrintWriter err, String command, long total, String unit, long batch,
      String note) {
    return new Progress(bar(command, total), new WorkEstimate(command, total, unit, batch, System::nanoTime), err,
        note);
  }

  /** The batch timed before an estimate: at least 4 units, and two per thread. */
  static long batch(int threads) {
    return Math.max(4, 2L * threads);
  }

  /**
   * Whether a person is watching stderr: a console, or (on Linux) stderr open on a terminal even
   * when stdout goes to a file ({@code occam dag rank … > ranks.txt}), where Java 17's
   * {@code System.console()} is null. Tests, pipes and files: false.
   */
  static boolean watching() {
    if (System.console() != null) {
      return true;
    }
    try {
      String target = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/2")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
      return false;
    }
  }

  private static ProgressBar bar(String task, long total) {
    if (!watching()) {
      return null;
    }
    // the default renderer shows the elapsed time and, with a known total, the ETA
    return new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
        .setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(System.err))
        .setUpdateIntervalMillis(200).build();
  }

  /** A listener that moves the bar to the number of steps done (null when it has nothing to do). */
  @Override
  public IntConsumer listener() {
    if (bar == null && estimate == null) {
      return null;
    }
    return done -> {
      if (bar != null) {
        bar.stepTo(done);
      }
      if (estimate != null) {
        estimate.observe(done).ifPresent(this::say);
      }
    };
  }

  private void say(String line) {
    synchronized (err) {
      // clear the bar's line on a terminal, so the estimate is not printed into it
      err.println((bar == null ? "" : "\r\033[2K") + line + note);
      err.flush();
    }
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
