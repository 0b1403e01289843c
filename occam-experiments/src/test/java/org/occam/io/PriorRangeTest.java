package org.occam.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.dag.DagProblem;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.dag.HiddenStateEnumeration;
import org.occam.dag.methods.DagMethods;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.mrf.MrfData;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.methods.MrfMethods;

/**
 * The prior ranges' promises. The Dirichlet range: at both ends the lower bounds (VB, CS, each with its alias
 * correction) stay finite and below the exact evidence, by enumeration of the hidden states; just
 * outside, at the value the range's Javadoc measured (λ = 1e20), they do not. Measured on this model
 * (exact, vb, cs): λ = 1e-6: −81.4256, −81.4257, −115.21; λ = 1e6: −26.366698, −26.366705, −26.366705.
 */
class PriorRangeTest {
  /** A binary hidden h with two 3-state children, 12 rows. */
  private static final DagStructure S = DagStructure.of(
      List.of(Variable.withCount("h", 2), Variable.withCount("a", 3), Variable.withCount("b", 3)),
      new boolean[] {true, false, false}, new int[][] {{}, {0}, {0}});
  private static final Dataset DATA = Dataset.of(List.of(Variable.withCount("a", 3), Variable.withCount("b", 3)),
      new int[][] {{0, 0}, {0, 1}, {1, 1}, {2, 2}, {2, 1}, {0, 0}, {1, 2}, {2, 2}, {1, 1}, {0, 2}, {2, 0}, {1, 1}});

  private static double[] exactVbCs(double lambda) {
    DagProblem p = new DagProblem(new HiddenStateEnumeration(S, DATA, DagScoreSettings.defaults().configurationLimit()),
        DirichletPrior.uniform(S.size(), lambda), DagScoreSettings.defaults(), RandomStreams.fromSeed(5), 5);
    double[] out = new double[3];
    List<String> names = List.of("exact", "vb", "cs");
    for (int i = 0; i < 3; i++) {
      EvidenceEstimate e = DagMethods.get(names.get(i)).estimate(p);
      out[i] = e.logEvidence();
    }
    return out;
  }

  @Test
  void theBoundsHoldAtBothEndsOfTheDirichletRange() {
    for (double lambda : new double[] {PriorRange.MIN_DIRICHLET, PriorRange.MAX_DIRICHLET}) {
      double[] r = exactVbCs(lambda);
      assertThat(java.util.Arrays.stream(r).allMatch(Double::isFinite)).as("finite at λ = %s", lambda).isTrue();
      assertThat(r[1]).as("vb ≤ exact at λ = %s", lambda).isLessThanOrEqualTo(r[0] + 1e-9);
      assertThat(r[2]).as("cs ≤ exact at λ = %s", lambda).isLessThanOrEqualTo(r[0] + 1e-9);
    }
  }

  /**
   * Why the range stops at 1e6: the differences of log Γ lose their precision. On this model VB
   * exceeds the exact evidence by 2e-6 nats at λ = 1e8 (measured), and at λ = 1e20 by 35 nats.
   */
  @Test
  void farAboveTheRangeTheBoundIsLost() {
    double[] r = exactVbCs(1e20);
    assertThat(r[1]).as("vb at λ = 1e20").isGreaterThan(r[0] + 10);
  }

  /**
   * The σ0 range's lower end on two binary variables and their edge (three parameters), 8 rows: at
   * σ0 = {@value PriorRange#MIN_SIGMA} the prior pins λ to within ~1e-4 of 0, where every state is
   * equally likely, so ln p(D) → 8 ln(1/4) (measured: quadrature and Laplace-Exact differ from it by
   * 2e-8). At the upper end (σ0 = 1e4) Laplace-Exact is −37.734 against quadrature's −37.527 on
   * these 8 rows: the Laplace approximation's own error at small N, more than its stated tolerance,
   * so it is not asserted here.
   */
  @Test
  void atTheSmallestSigmaTheEvidenceIsThatOfTheUniformModel() {
    PairwiseGraph edge = PairwiseGraph.complete(2);
    Dataset d = Dataset.of(List.of(Variable.withCount("a", 2), Variable.withCount("b", 2)),
        new int[][] {{0, 0}, {1, 1}, {1, 0}, {1, 1}, {0, 0}, {0, 1}, {1, 1}, {0, 0}});
    MrfProblem problem = new MrfProblem(edge, MrfData.of(edge, d),
        MrfScoreSettings.defaults().withPriorSigma(PriorRange.MIN_SIGMA), 5);
    for (String method : List.of("quadrature", "laplace-exact")) {
      EvidenceEstimate e = MrfMethods.get(method).estimate(problem);
      assertThat(e.converged()).as(method).isTrue();
      assertThat(e.logEvidence()).as(method).isCloseTo(8 * Math.log(0.25), within(1e-6));
    }
  }
}
