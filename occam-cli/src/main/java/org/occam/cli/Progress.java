package org.occam.cli;

import java.util.function.IntConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.occam.experiments.ProgressSink;

/**
 * A progress bar on stderr when a person is watching a terminal; nothing otherwise. {@code
 * Progress::start} is the {@link ProgressSink} the command line gives the experiments.
 */
public final class Progress implements ProgressSink.Task {
  private final ProgressBar bar;

  private Progress(ProgressBar bar) {
    this.bar = bar;
  }

  /** A bar for {@code total} steps, shown only when the process has a console. */
  public static Progress start(String task, long total) {
    if (System.console() == null) {
      return new Progress(null);
    }
    return new Progress(new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
        .setStyle(ProgressBarStyle.ASCII).setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(System.err))
        .setUpdateIntervalMillis(200).build());
  }

  /** A listener that moves the bar to the number of steps done. */
  @Override
  public IntConsumer listener() {
    return bar == null ? null : done -> bar.stepTo(done);
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
