package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.loglinear.DecomposableEvidence;
import org.occam.mrf.methods.MrfMethods;

class MrfRankingTest {
  @TempDir
  Path dir;

  private static final Dataset DATA = Dataset.of(List.of(Variable.withCount("x", 2), Variable.withCount("y", 2),
      Variable.withCount("z", 2)), new int[][] {{0, 0, 0}, {1, 1, 0}, {1, 1, 1}, {0, 1, 1}, {1, 0, 1}},
      new double[] {9, 7, 5, 3, 2});
  private static final MrfScoreSettings SETTINGS = MrfScoreSettings.defaults().withThreads(1);

  private static MrfRanking ranking(boolean all, UnitJournal journal, StringWriter err, int threads) {
    return new MrfRanking(DATA, MrfMethods.parseList("bic-ml"), MrfMethods.get("laplace-exact"), all, SETTINGS, 1,
        threads, journal, new PrintWriter(err, true));
  }

  private static double score(List<EvidenceEstimate> results, String method) {
    return results.stream().filter(e -> e.method().equals(method)).findFirst().orElseThrow().logEvidence();
  }

  @Test
  void thePathIsCountedAndRefusedBeforeAnyWork() {
    StringWriter err = new StringWriter();
    MrfRanking r = ranking(false, null, err, 1);
    assertThat(r.methods()).extracting(m -> m.name()).containsExactly("laplace-exact", "bic-ml");
    // E = 3 pairs: 1 + 3 + 2 + 1 criterion scores on the path, then empty, chain and 3 path graphs
    assertThat(r.announce(12, 1L << 20)).isEqualTo(12);
    assertThat(err.toString()).isEqualTo(String.format("mrf rank: 12 graphs on 3 variables, the greedy path by"
        + " laplace-exact then 5 graphs by every method, scored by laplace-exact,bic-ml with 1 thread(s)%n"));
    assertThatThrownBy(() -> r.announce(11, 1L << 20)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("12 graphs to score on the greedy path over 3 variables; the limit is 11");
    // the complete graph on 3 variables is one clique of 2^3 states
    assertThatThrownBy(() -> r.announce(12, 4)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("laplace-exact, bic-ml need exact inference on the complete graph of 3 variables");
    assertThat(ranking(true, null, new StringWriter(), 1).announce(8, 8)).isEqualTo(8);
  }

  @Test
  void thePathClimbsByTheCriterionAndEveryRankedGraphHasItsOwnScores() {
    List<Integer> progress = new ArrayList<>();
    MrfRanking.Path path = ranking(false, null, new StringWriter(), 2).path(progress::add);
    assertThat(path.models()).extracting(RankedGraph::name)
        .containsExactly("empty", "chain", "path-1", "path-2", "complete");
    // every graph scored once: 7 candidates then 5 ranked graphs, the count the announcement gave
    assertThat(progress).hasSize(12).contains(12);
    for (RankedGraph m : path.models()) {
      List<EvidenceEstimate> direct = MrfProblem.of(m.graph(), DATA, SETTINGS, 1)
          .estimate(MrfMethods.parseList("laplace-exact,bic-ml"));
      assertThat(score(m.results(), "laplace-exact")).isEqualTo(direct.get(0).logEvidence());
      assertThat(score(m.results(), "bic-ml")).isEqualTo(direct.get(1).logEvidence());
    }
    // each step adds the edge whose graph the criterion scores highest among the one-edge extensions
    List<int[]> pairs = List.of(new int[] {0, 1}, new int[] {0, 2}, new int[] {1, 2});
    double best = Double.NEGATIVE_INFINITY;
    for (int[] p : pairs) {
      best = Math.max(best, MrfProblem.of(new PairwiseGraph(3, new int[][] {p}), DATA, SETTINGS, 1)
          .estimate(List.of(MrfMethods.get("laplace-exact"))).get(0).logEvidence());
    }
    assertThat(score(path.models().get(2).results(), "laplace-exact")).isEqualTo(best);
  }

  @Test
  void aResumedRankingComputesNothingAgainAndGivesTheSameScores() throws IOException {
    Path data = dir.resolve("d.csv");
    Files.writeString(data, "x,y,z\n0,0,0\n");
    Path file = UnitJournal.besideOutput(dir.resolve("rank.json"));
    Map<String, Object> header = UnitJournal.header("mrf rank", data, Map.of("seed", 1));
    MrfRanking.Path first;
    try (UnitJournal j = UnitJournal.open(file, header, false, false)) {
      first = ranking(false, j, new StringWriter(), 2).path(null);
    }
    StringWriter err = new StringWriter();
    MrfRanking.Path again;
    try (UnitJournal j = UnitJournal.open(file, header, true, false)) {
      assertThat(j.finished()).hasSize(12);
      again = ranking(false, j, err, 1).path(null);
    }
    assertThat(err.toString()).isEmpty();
    for (int k = 0; k < first.models().size(); k++) {
      assertThat(ResultJson.write(again.models().get(k).results().stream().map(ResultJson::estimate).toList()))
          .isEqualTo(ResultJson.write(first.models().get(k).results().stream().map(ResultJson::estimate).toList()));
    }
  }

  @Test
  void everyGraphOnThreeVariablesIsRanked() {
    List<RankedGraph> models = ranking(true, null, new StringWriter(), 2).all(null, 8);
    assertThat(models).hasSize(8);
    assertThat(models.get(0).name()).isEqualTo("empty");
    assertThat(models.get(7).name()).isEqualTo("complete");
    assertThat(models.get(7).graph().edgeCount()).isEqualTo(3);
    // --class all scores by the methods asked for only
    assertThat(models.get(3).results()).extracting(EvidenceEstimate::method).containsExactly("bic-ml");
  }

  @Test
  void theDecomposableClassScoresExactInTheListedOrderBesideTheOtherMethods() {
    StringWriter err = new StringWriter();
    MrfRanking r = new MrfRanking(DATA, MrfRanking.Methods.parse("bic-ml,EXACT,exact"), MrfMethods.get("laplace-exact"),
        MrfRanking.GraphClass.DECOMPOSABLE, 3.0, SETTINGS, 1, 1, null, new PrintWriter(err, true));
    assertThat(r.methodNames()).containsExactly("bic-ml", "exact");
    assertThat(r.announce(8, 1L << 20)).isEqualTo(8); // every graph on three vertices is chordal
    assertThat(err.toString()).contains("8 graphs on 3 variables, the decomposable (chordal) ones of 8, scored by"
        + " bic-ml,exact");
    List<RankedGraph> models = r.all(null, 8);
    assertThat(models).hasSize(8);
    DecomposableEvidence library = new DecomposableEvidence(DATA, 3.0);
    for (RankedGraph m : models) {
      assertThat(m.results()).extracting(EvidenceEstimate::method).containsExactly("bic-ml", "exact");
      assertThat(m.results().get(1).logEvidence()).isEqualTo(library.logEvidence(m.graph()));
      assertThat(m.results().get(0).logEvidence()).isEqualTo(MrfProblem.of(m.graph(), DATA, SETTINGS, 1)
          .estimate(MrfMethods.parseList("bic-ml")).get(0).logEvidence());
    }
  }

  @Test
  void exactIsRefusedOutsideTheDecomposableClass() {
    for (MrfRanking.GraphClass c : new MrfRanking.GraphClass[] {MrfRanking.GraphClass.PATH, MrfRanking.GraphClass.ALL}) {
      assertThatThrownBy(() -> new MrfRanking(DATA, MrfRanking.Methods.parse("exact"), MrfMethods.get("bic-ml"), c,
          1.0, SETTINGS, 1, 1, null, new PrintWriter(new StringWriter())))
          .isInstanceOf(InvalidInputException.class).hasMessageContaining("use --class decomposable");
    }
    assertThatThrownBy(() -> MrfRanking.Methods.parse(" , ")).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("exact");
  }
}
