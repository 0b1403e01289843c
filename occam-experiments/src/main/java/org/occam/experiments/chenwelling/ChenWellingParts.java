package org.occam.experiments.chenwelling;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.experiments.ProgressSink;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmMethod;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import org.occam.sampling.PosteriorDrawSettings;

/**
 * The parts of a {@link ChenWellingExperiment} run (Chen &amp; Welling 2013, Figures 1–2, 4, 6 and 7):
 * each part's data sets and tasks, run in parallel, and what they collect: score rows, subsets and
 * timings.
 */
final class ChenWellingParts {
  private final ChenWellingPlan plan;
  private final RbmData words;
  private final ChenWellingSettings asked;
  private final PrintWriter o;
  private final ProgressSink progress;
  private final UnitJournal journal;
  private final PrintWriter err;
  final List<ChenWellingScoring.Row> rows = new ArrayList<>();
  final List<ChenWellingExperiment.PartTiming> timings = new ArrayList<>();
  final List<ChenWellingReport.SubsetInfo> subsets = new ArrayList<>();

  /**
   * @param words the documents of Figures 4, 6 and 7, or null if only Figures 1–2 are asked
   * @param journal where each task is kept as it is done (and the tasks of a resumed run are found), or null
   * @param err where each task's line is printed as it is done
   */
  ChenWellingParts(ChenWellingPlan plan, RbmData words, ChenWellingSettings asked, PrintWriter o,
      ProgressSink progress, UnitJournal journal, PrintWriter err) {
    this.plan = plan;
    this.words = words;
    this.asked = asked;
    this.o = o;
    this.progress = progress;
    this.journal = journal;
    this.err = err;
  }

  void figure4(ChenWellingExperiment.Seeds seeds) {
    RbmData few = words.mostFrequentColumns(ChenWellingExperiment.FEW_WORDS);
    List<ChenWellingScoring.Task> tasks = new ArrayList<>();
    for (int n : plan.fig4Sizes()) {
      RbmData d = subset("4", few, n, ChenWellingDesign.taskSeed(seeds.fig4Subsets(), n));
      evidenceTasks(tasks, "4", d, plan.fig4Hidden(), plan.scores(), seeds.fig4Scores());
    }
    run("4", tasks);
  }

  void figure6(ChenWellingExperiment.Seeds seeds) {
    RbmData few = words.mostFrequentColumns(ChenWellingExperiment.FEW_WORDS);
    int n = asked.fig6Size();
    RbmData d = subset("6", few, n, ChenWellingDesign.taskSeed(seeds.fig6Subset(), n));
    List<ChenWellingScoring.Task> tasks = new ArrayList<>();
    for (int k : plan.fig6Hidden()) {
      evidenceTasks(tasks, "6", d, k, plan.scores(), seeds.fig6Scores());
    }
    run("6", tasks);
  }

  void figure7(ChenWellingExperiment.Seeds seeds) {
    int n = asked.fig7Size();
    RbmData d = subset("7", words, n, ChenWellingDesign.taskSeed(seeds.fig7Subset(), n));
    List<ChenWellingScoring.Task> tasks = new ArrayList<>();
    for (int k : plan.fig7Hidden()) {
      evidenceTasks(tasks, "7", d, k, plan.scores(), seeds.fig7Scores());
    }
    if (plan.scores().contains(RbmMethod.LAPLACE)) {
      for (int k : plan.fig7LaplaceHidden()) {
        evidenceTasks(tasks, "7", d, k, List.of(RbmMethod.LAPLACE), seeds.fig7Scores());
      }
    }
    run("7", tasks);
  }

  void figures12(ChenWellingExperiment.Seeds seeds, List<List<RbmData>> samples) {
    List<ChenWellingScoring.Task> tasks = new ArrayList<>();
    for (int m = 0; m < plan.models(); m++) {
      for (int j = 0; j < plan.sizes().size(); j++) {
        RbmData d = samples.get(m).get(j);
        long n = d.size();
        long cvSeed = ChenWellingDesign.taskSeed(seeds.fig12Cv(), m, n);
        for (int k : plan.candidates()) {
          tasks.add(new ChenWellingScoring.ScoreTask("1-2", m, d, k, 0, List.of(RbmMethod.LAPLACE), plan.small(),
              plan.aisPd(), plan.posterior(), ChenWellingDesign.taskSeed(seeds.fig12Laplace(), m, n, k)));
          tasks.add(new ChenWellingScoring.CvTask("1-2", m, d, k, plan.cv(), cvSeed));
        }
      }
    }
    run("1-2", tasks);
  }

  private RbmData subset(String figure, RbmData all, int n, long seed) {
    ChenWellingDesign.Subset s = ChenWellingDesign.coveringSubset(all, n, seed);
    subsets.add(new ChenWellingReport.SubsetInfo(figure, n, s.data().visibleCount(), s.seed(), s.draws(),
        s.data().distinctRowCount()));
    return s.data();
  }

  /** The repeats of the scores and, if asked, one ais-pd estimate, of one data set and K. */
  private void evidenceTasks(List<ChenWellingScoring.Task> tasks, String figure, RbmData d, int k,
      List<RbmMethod> scores, long base) {
    long n = d.size();
    if (plan.aisPdAsked() && scores == plan.scores()) {
      tasks.add(new ChenWellingScoring.ScoreTask(figure, 0, d, k, 0, List.of(RbmMethod.AIS_PD), plan.laplace(),
          plan.aisPd(), plan.posterior(), ChenWellingDesign.taskSeed(base, n, k, 0, 1)));
    }
    if (scores.isEmpty()) {
      return;
    }
    PosteriorDrawSettings posterior = plan.posteriorFor(figure, d.visibleCount() * k + d.visibleCount() + k);
    for (int r = 0; r < plan.repeats(); r++) {
      tasks.add(new ChenWellingScoring.ScoreTask(figure, 0, d, k, r, scores, plan.laplace(), plan.aisPd(),
          posterior, ChenWellingDesign.taskSeed(base, n, k, r, 0)));
    }
  }

  private void run(String figure, List<ChenWellingScoring.Task> tasks) {
    o.printf(Locale.ROOT, "part %s: %d tasks%n", figure, tasks.size());
    o.flush();
    long start = System.nanoTime();
    // the tasks done before an interruption are kept, not redone
    Map<Integer, ChenWellingScoring.Timed> before = new HashMap<>();
    if (journal != null) {
      for (JsonNode u : journal.finished()) {
        if (u.path("figure").asText().equals(figure)) {
          before.put(u.path("task").asInt(), ChenWellingUnits.read(u));
        }
      }
    }
    ChenWellingScoring.Result r;
    try (ProgressSink.Task task = progress.start("figure " + figure, tasks.size() - before.size());
        UnitLog log = new UnitLog(journal, err, tasks.size(), before.size())) {
      r = ChenWellingScoring.run(tasks, asked.threads(), task.listener(), before::get,
          (i, t) -> log.finished(ChenWellingUnits.json(figure, i, t), ChenWellingUnits.line(figure, t)));
    }
    timings.add(new ChenWellingExperiment.PartTiming(figure, tasks.size(), (System.nanoTime() - start) * 1e-9,
        r.taskSeconds()));
    rows.addAll(r.rows());
  }
}
