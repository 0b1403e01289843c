package org.occam.experiments.hiddenlaplace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.experiments.CsvRows;
import org.occam.experiments.ProgressSink;
import org.occam.mrf.hidden.HiddenMrfData;

/**
 * The --quick run of {@code hidden-laplace}: its files, the figure's means recomputed from
 * scores.csv, the report's definiteness counts, a task rescored alone giving its row (each task has
 * its own seed), and the data of a task being the model's exact samples with the hidden columns free.
 */
class HiddenLaplaceExperimentTest {
  @TempDir
  Path dir;

  @Test
  void theQuickRunWritesConsistentOutputs() throws IOException {
    HiddenLaplaceExperiment.Settings settings = HiddenLaplaceExperiment.Settings.quick(1, 2);
    HiddenLaplaceExperiment experiment = new HiddenLaplaceExperiment(settings);
    StringWriter out = new StringWriter();
    experiment.run(dir, ProgressSink.none(), new PrintWriter(out), null, new PrintWriter(new StringWriter()));
    for (String f : List.of("report.md", "summary.json", "scores.csv", "fig-a.csv", "fig-a.png")) {
      assertThat(dir.resolve(f)).exists();
    }
    assertThat(out.toString()).contains("| N | map | bic-map | laplace-exact | bp-lr | AIS std error |");

    List<Map<String, String>> scores = CsvRows.read(dir.resolve("scores.csv"));
    int kinds = HiddenLaplaceExperiment.kinds().size();
    assertThat(scores).hasSize(kinds * settings.models() * settings.sizes().size());
    List<Map<String, String>> figure = CsvRows.read(dir.resolve("fig-a.csv"));
    for (int n : settings.sizes()) {
      for (String method : HiddenLaplaceExperiment.COMPARED) {
        double sum = 0;
        int count = 0;
        for (Map<String, String> r : scores) {
          if (Integer.parseInt(r.get("n")) == n) {
            sum += Math.abs(Double.parseDouble(r.get(method)) - Double.parseDouble(r.get("ais")));
            count++;
          }
        }
        Map<String, String> point = figure.stream().filter(p -> p.get("group").equals("all")
            && Integer.parseInt(p.get("n")) == n && p.get("method").equals(method)).findFirst().orElseThrow();
        assertThat(Double.parseDouble(point.get("meanAbsDiffNats"))).as(method + " at " + n)
            .isCloseTo(sum / count, within(1e-9));
        assertThat(Integer.parseInt(point.get("count"))).isEqualTo(count);
      }
    }
    // the Bethe finding: on the star rbm-4x1 BP is exact, so no excess; the report's means over the
    // loopy kinds are those of scores.csv
    String report = Files.readString(dir.resolve("report.md"));
    assertThat(report).contains("all but rbm-4x1, trees,");
    for (int n : settings.sizes()) {
      double sum = 0;
      int count = 0;
      for (Map<String, String> r : scores) {
        double excess = Double.parseDouble(r.get("betheExcess"));
        if (r.get("kind").equals("rbm-4x1")) {
          assertThat(excess).isCloseTo(0, within(1e-6));
        } else if (Integer.parseInt(r.get("n")) == n) {
          sum += excess;
          count++;
        }
      }
      assertThat(report).contains(String.format(java.util.Locale.ROOT, " %d: %.2f nats", n, sum / count));
    }
    long bpNotPd = scores.stream().filter(r -> r.get("bpLrPositiveDefinite").equals("false")).count();
    assertThat(Files.readString(dir.resolve("report.md"))).contains("for bp-lr (linear response) in " + bpNotPd
        + " of " + scores.size());

    Map<String, String> last = scores.get(scores.size() - 1);
    HiddenLaplaceExperiment.Task task = new HiddenLaplaceExperiment.Task(kinds - 1, settings.models() - 1,
        settings.sizes().get(settings.sizes().size() - 1));
    HiddenLaplaceExperiment.Row alone = experiment.score(task);
    assertThat(alone.kind()).isEqualTo(last.get("kind"));
    assertThat(alone.scores().get("bp-lr")).isEqualTo(Double.parseDouble(last.get("bp-lr")));
    assertThat(alone.scores().get("ais")).isEqualTo(Double.parseDouble(last.get("ais")));
  }

  @Test
  void aTasksDataAreNestedExactSamplesWithTheHiddenColumnsFree() {
    HiddenLaplaceExperiment experiment = new HiddenLaplaceExperiment(HiddenLaplaceExperiment.Settings.of(true, 1,
        List.of(20, 50), 10, 1, 1, null, null, null, 3, 1));
    HiddenMrfData small = experiment.data(new HiddenLaplaceExperiment.Task(3, 0, 20));
    HiddenMrfData large = experiment.data(new HiddenLaplaceExperiment.Task(3, 0, 50));
    assertThat(small.rows()).isEqualTo(20);
    assertThat(large.rows()).isEqualTo(50);
    assertThat(small.hiddenCount()).isEqualTo(2);
    assertThat(small.patterns()).hasSize(1);
    // the first 20 rows of the 50: every distinct row of the small set is one of the large set's, counts no larger
    for (int r = 0; r < small.distinctRows(); r++) {
      boolean found = false;
      for (int q = 0; q < large.distinctRows(); q++) {
        if (java.util.Arrays.equals(small.row(r), large.row(q))) {
          found = true;
          assertThat(small.count(r)).isLessThanOrEqualTo(large.count(q));
        }
      }
      assertThat(found).isTrue();
    }
  }

  @Test
  void partBSetsTheRbmScoresSideBySideOnTheSotuWords() throws IOException {
    HiddenLaplaceExperiment.Settings settings = HiddenLaplaceExperiment.Settings.of(true, 1, List.of(10), 300, 4, 1,
        Path.of("..", "data", "sotu_chunks100_w100.csv"), List.of(1), List.of(1), 5, 2);
    assertThat(settings.wordSets()).extracting(HiddenLaplaceExperiment.WordSet::words).containsExactly(5, 100);
    HiddenLaplaceExperiment experiment = new HiddenLaplaceExperiment(settings);
    StringWriter out = new StringWriter();
    experiment.run(dir, ProgressSink.none(), new PrintWriter(out), null, new PrintWriter(new StringWriter()));
    assertThat(out.toString()).contains("| K | ais-pd | laplace | bp-lr | laplace-exact | Bethe excess |")
        .contains("### 5 words").contains("### 100 words");
    assertThat(dir.resolve("fig-b-5.png")).exists();
    assertThat(dir.resolve("fig-b-100.png")).exists();
    List<Map<String, String>> b = CsvRows.read(dir.resolve("fig-b.csv"));
    assertThat(b).extracting(r -> r.get("words") + ":" + r.get("method")).containsExactly("5:laplace", "5:bp-lr",
        "5:laplace-exact", "5:ais-pd", "100:laplace", "100:bp-lr", "100:laplace-exact", "100:ais-pd");
    for (int set = 0; set < 2; set++) {
      Map<String, String> bpRow = b.get(4 * set + 1);
      double bp = Double.parseDouble(bpRow.get("logEvidence"));
      double exact = Double.parseDouble(b.get(4 * set + 2).get("logEvidence"));
      // K = 1: the bipartite graph is a star, where BP and linear response are exact, so the
      // contrastive Bethe likelihood is the exact one (measured: |excess| 1.5e-8 nats on 100 words, from
      // BP's message tolerance 1e-10 over 100 rows)
      assertThat(bp).isCloseTo(exact, within(1e-4));
      assertThat(Double.parseDouble(bpRow.get("betheExcess"))).isCloseTo(0, within(1e-7));
    }
    double ais = Double.parseDouble(b.get(3).get("logEvidence"));
    assertThat(Double.parseDouble(b.get(0).get("diffFromAisPd")))
        .isCloseTo(Double.parseDouble(b.get(0).get("logEvidence")) - ais, within(1e-9));
    HiddenLaplaceExperiment.RbmRow again = experiment.scoreRbm(experiment.rbmData(settings.wordSets().get(0)), 1);
    assertThat(again.scores().get("laplace-exact")).isEqualTo(Double.parseDouble(b.get(2).get("logEvidence")));
    assertThat(again.scores().get("ais-pd")).isEqualTo(ais);
    assertThat(Files.readString(dir.resolve("report.md"))).contains("Part (b)").contains("| 1 | ")
        .contains("Closest to ais-pd, over the 2 (word set, K)");
  }
}
