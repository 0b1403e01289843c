package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link StructureRanker#scoreAll} over Beal's bipartite class (2 binary hidden, 4 five-valued
 * observed: 136 structures) on 80 points sampled from the true model: the scores do not depend on
 * the number of threads (bit for bit), and do depend on the seed.
 */
class StructureRankerDeterminismTest {
  private static final List<DagMethod> METHODS =
      List.of(DagMethod.MAP, DagMethod.BIC, DagMethod.BICP, DagMethod.CS, DagMethod.VB);
  /** Beal's settings: 3 restarts, at most 1000 iterations, 10⁻⁶ per datum. */
  private static final DagScoreSettings SETTINGS = DagScoreSettings.defaults();
  private static final long SEED = 20030611L;

  private static List<DagStructure> structures;
  private static Dataset data;
  private static List<StructureRanker.Scored> oneThread;

  @BeforeAll
  static void scoreWithOneThread() {
    structures = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables())
        .structures();
    DagModel truth = BealExample.trueModel();
    DagStructure s = truth.structure();
    int[][] full = AncestralSampler.sample(s, truth.parameters().orElseThrow(), 80, RandomStreams.fromSeed(7));
    int[] observed = s.observedVariables();
    int[][] rows = new int[full.length][observed.length];
    for (int i = 0; i < full.length; i++) {
      for (int a = 0; a < observed.length; a++) {
        rows[i][a] = full[i][observed[a]];
      }
    }
    data = Dataset.of(BealExample.observedVariables(), rows);
    oneThread = StructureRanker.scoreAll(structures, data, 1.0, METHODS, SETTINGS, SEED, 1, null);
  }

  @Test
  void theClassHas136Structures() {
    assertThat(structures).hasSize(136);
    assertThat(oneThread).hasSize(136);
    assertThat(data.size()).isEqualTo(80.0);
  }

  @Test
  void twoThreadsGiveBitIdenticalScores() {
    List<Integer> progress = java.util.Collections.synchronizedList(new ArrayList<>());
    var twoThreads = StructureRanker.scoreAll(structures, data, 1.0, METHODS, SETTINGS, SEED, 2, progress::add);
    assertThat(twoThreads).hasSize(oneThread.size());
    assertThat(progress).hasSize(structures.size()).contains(structures.size());
    for (int i = 0; i < oneThread.size(); i++) {
      var a = oneThread.get(i);
      var b = twoThreads.get(i);
      assertThat(b.index()).isEqualTo(i);
      assertThat(b.structure()).isSameAs(structures.get(i));
      for (DagMethod m : METHODS) {
        EvidenceEstimate ea = a.estimate(m);
        EvidenceEstimate eb = b.estimate(m);
        assertThat(Double.doubleToRawLongBits(eb.logEvidence()))
            .as("%s on structure %d (%s): %s vs %s", m.label(), i, a.structure(), ea.logEvidence(), eb.logEvidence())
            .isEqualTo(Double.doubleToRawLongBits(ea.logEvidence()));
        assertThat(Double.doubleToRawLongBits((Double) eb.diagnostics().get("uncorrectedLogEvidence")))
            .isEqualTo(Double.doubleToRawLongBits((Double) ea.diagnostics().get("uncorrectedLogEvidence")));
        assertThat(eb.logEvidence()).isFinite();
      }
    }
    assertThat(StructureRanker.ranks(twoThreads, DagMethod.VB)).isEqualTo(StructureRanker.ranks(oneThread, DagMethod.VB));
  }

  @Test
  void anotherSeedChangesSomeVbScore() {
    var other = StructureRanker.scoreAll(structures, data, 1.0, List.of(DagMethod.VB), SETTINGS, SEED + 1, 2, null);
    int changed = 0;
    for (int i = 0; i < other.size(); i++) {
      if (other.get(i).estimate(DagMethod.VB).logEvidence() != oneThread.get(i).estimate(DagMethod.VB).logEvidence()) {
        changed++;
      }
    }
    assertThat(changed).isPositive();
  }

  @Test
  void leavingOutTheStructuresScoredBeforeChangesNoOtherScore() {
    // a resumed run: every third structure was scored before the interruption
    List<StructureRanker.Scored> handed = java.util.Collections.synchronizedList(new ArrayList<>());
    var rest = StructureRanker.scoreWith(structures, data, 1.0,
        METHODS.stream().map(m -> org.occam.dag.methods.DagMethods.get(m.label())).toList(), SETTINGS, SEED, 2, null,
        i -> i % 3 == 0, handed::add);
    assertThat(rest).hasSize(136 - 46);
    assertThat(handed).hasSize(rest.size());
    int previous = -1;
    for (var b : rest) {
      assertThat(b.index() % 3).isNotZero();
      assertThat(b.index()).isGreaterThan(previous);
      previous = b.index();
      var a = oneThread.get(b.index());
      for (DagMethod m : METHODS) {
        assertThat(Double.doubleToRawLongBits(b.estimate(m).logEvidence()))
            .as("%s on structure %d", m.label(), b.index())
            .isEqualTo(Double.doubleToRawLongBits(a.estimate(m).logEvidence()));
      }
    }
  }
}
