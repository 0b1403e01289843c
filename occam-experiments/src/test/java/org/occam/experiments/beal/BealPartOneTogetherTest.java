package org.occam.experiments.beal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.experiments.ProgressSink;
import org.occam.report.OutputFiles;
import org.occam.task.SerialisingTaskRunner;
import org.occam.task.TaskJob;

/**
 * With an engine that prefers few jobs (Spark's), part one scores all its sizes as one job (two with
 * adaptive restarts) instead of one per size: the scores and ranks are those of the local pool's
 * per-size jobs, and only the seconds differ.
 */
class BealPartOneTogetherTest {
  @TempDir
  Path dir;

  /** Ships each job through serialisation, as another process would get it, and counts the jobs. */
  static final class FewJobs extends SerialisingTaskRunner {
    final List<Integer> jobSizes = new ArrayList<>();

    FewJobs() {
      super(false);
    }

    @Override
    protected void beforeTask(TaskJob<?, ?, ?> shipped, int i) {
      if (i == 0) {
        synchronized (jobSizes) {
          jobSizes.add(shipped.size());
        }
      }
    }

    @Override
    public boolean prefersFewJobs() {
      return true;
    }
  }

  @Test
  void partOnesSizesInOneJobScoreAsEachSizeAlone() throws IOException {
    for (String restarts : List.of("2", "adaptive")) {
      BealSettings s = new BealSettings(true, List.of(20, 40, 80), List.of(40), 0, false, 40, 2, false,
          BealSettings.defaults(1, 2).aisStrength(), false, restarts, 7, 2);
      Path local = dir.resolve("local-" + restarts);
      Path few = dir.resolve("few-" + restarts);
      new BealExperiment(s).run(OutputFiles.prepareFolder(local, false), ProgressSink.none(),
          new PrintWriter(new StringWriter()));
      FewJobs runner = new FewJobs();
      new BealExperiment(s).withRunner(runner).run(OutputFiles.prepareFolder(few, false), ProgressSink.none(),
          new PrintWriter(new StringWriter()));
      // part one: one job of 3 sizes × 136 structures (and one of refinements with adaptive restarts)
      assertThat(runner.jobSizes.get(0)).as(restarts).isEqualTo(3 * 136);
      assertThat(runner.jobSizes).as(restarts).hasSize(restarts.equals("adaptive") ? 2 : 1);
      assertThat(Files.readString(few.resolve("scores.csv"))).as(restarts)
          .isEqualTo(Files.readString(local.resolve("scores.csv")));
      assertThat(withoutLastColumn(few.resolve("table-6.1-true-rank.csv"))).as(restarts)
          .isEqualTo(withoutLastColumn(local.resolve("table-6.1-true-rank.csv")));
      assertThat(withoutLastColumn(few.resolve("table-6.4-ais.csv"))).as(restarts)
          .isEqualTo(withoutLastColumn(local.resolve("table-6.4-ais.csv")));
    }
  }

  /** A CSV without its last column (seconds). */
  private static List<String> withoutLastColumn(Path csv) throws IOException {
    return Files.readAllLines(csv).stream().map(l -> l.substring(0, l.lastIndexOf(','))).toList();
  }
}
