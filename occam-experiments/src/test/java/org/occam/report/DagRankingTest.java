package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.occam.task.LocalTaskRunner;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagProblem;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.dag.methods.DagMethods;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceMethod;

class DagRankingTest {
  @TempDir
  Path dir;

  private static final List<Variable> OBSERVED = List.of(Variable.withCount("y1", 2), Variable.withCount("y2", 2));
  /** One binary hidden variable over two observed ones: 4 structures. */
  private static final List<DagStructure> STRUCTURES =
      new BipartiteStructureClass(List.of(Variable.withCount("h", 2)), OBSERVED).structures();
  private static final Dataset DATA = Dataset.of(OBSERVED, new int[][] {{0, 0}, {1, 1}, {1, 1}, {0, 1}, {1, 0},
      {0, 0}, {1, 1}, {0, 0}});
  private static final List<EvidenceMethod<DagProblem>> METHODS = DagMethods.parseList("bic,vb");
  private static final DagScoreSettings SETTINGS = DagScoreSettings.defaults();

  /** Each structure's index and scores (not the seconds they took). */
  private static List<String> json(List<StructureRanker.Scored> scored) {
    List<String> all = new ArrayList<>();
    for (StructureRanker.Scored s : scored) {
      s.estimates().forEach(e -> all.add(s.index() + " " + e.method() + " " + e.logEvidence()));
    }
    return all;
  }

  @Test
  void withoutAJournalTheScoresAreTheRankersAndEachIsPrinted() {
    StringWriter err = new StringWriter();
    List<StructureRanker.Scored> scored = DagRanking.score(STRUCTURES, DATA, 1.0, METHODS, SETTINGS, 5, LocalTaskRunner.of(2), null,
        null, new PrintWriter(err, true));
    assertThat(STRUCTURES).hasSize(4);
    assertThat(scored).extracting(StructureRanker.Scored::index).containsExactly(0, 1, 2, 3);
    assertThat(json(scored)).isEqualTo(json(StructureRanker.scoreWith(STRUCTURES, DATA, 1.0, METHODS, SETTINGS, 5, 1,
        null, i -> false, null)));
    assertThat(err.toString().lines()).hasSize(4).allMatch(l -> l.matches("\\[\\d/4] structure \\d \\(.*\\): bic .*,"
        + " vb .*"));
  }

  @Test
  void aResumedRankingScoresOnlyWhatWasLeftAndEndsAsAnUninterruptedOne() throws IOException {
    Path data = dir.resolve("d.csv");
    Files.writeString(data, "y1,y2\n0,0\n");
    Path file = UnitJournal.besideOutput(dir.resolve("rank.json"));
    Map<String, Object> header = UnitJournal.header("dag rank", data, Map.of("seed", 5));
    // an interrupted run: the first two structures only
    try (UnitJournal j = UnitJournal.open(file, header, false, false)) {
      DagRanking.score(STRUCTURES.subList(0, 2), DATA, 1.0, METHODS, SETTINGS, 5, LocalTaskRunner.of(1), null, j,
          new PrintWriter(new StringWriter()));
    }
    List<Integer> progress = new ArrayList<>();
    StringWriter err = new StringWriter();
    List<StructureRanker.Scored> resumed;
    try (UnitJournal j = UnitJournal.open(file, header, true, false)) {
      resumed = DagRanking.score(STRUCTURES, DATA, 1.0, METHODS, SETTINGS, 5, LocalTaskRunner.of(1), progress::add, j,
          new PrintWriter(err, true));
    }
    assertThat(progress).containsExactly(1, 2);
    assertThat(err.toString()).contains("[1/2] structure").contains("[2/2] structure").doesNotContain("structure 0 ")
        .doesNotContain("structure 1 ");
    assertThat(json(resumed)).isEqualTo(json(DagRanking.score(STRUCTURES, DATA, 1.0, METHODS, SETTINGS, 5, LocalTaskRunner.of(2), null,
        null, new PrintWriter(new StringWriter()))));
  }
}
