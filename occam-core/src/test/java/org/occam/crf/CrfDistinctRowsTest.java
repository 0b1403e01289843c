package org.occam.crf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

/**
 * The likelihood's distinct-row path (e^{2·potential} made once per distinct row of Φ, the gradient
 * added up by distinct row before the projection) against the per-sequence path it replaces in the
 * usual case: the exponentials equal bit for bit, the projections and the likelihood and gradient
 * to 1e-12; a row past the scaled limit sends the evaluation back to the per-sequence path, exact
 * against enumeration.
 */
class CrfDistinctRowsTest {
  /**
   * 40 sequences (more than the likelihood's blocks) of 3 binary inputs, so that rows repeat: 20 of
   * random lengths, then 13 of 9 and 7 of 5 positions (runs of equal lengths are inferred four or
   * two at a time).
   */
  private static CrfData data(long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    int[] lengths = new int[40];
    for (int s = 0; s < lengths.length; s++) {
      lengths[s] = s < 20 ? 1 + rng.nextInt(12) : s < 33 ? 9 : 5;
    }
    return CrfTestModels.randomData(rng, 3, lengths);
  }

  private static CrfModel papers(CrfData data) {
    return new CrfModel(data.labelStates(), data.inputNames(), CrfModel.papers(data.inputNames()), true);
  }

  @Test
  void eachDistinctRowHasItsRowsExponentialAndProjection() {
    CrfFeatures f = papers(data(31)).featurize(data(31));
    int rows = 0;
    for (int n = 0; n < f.size(); n++) {
      rows += 2 * f.length(n) - 1;
    }
    assertThat(f.distinctRows()).isLessThan(rows / 4);
    UniformRandomProvider rng = RandomStreams.fromSeed(32);
    double[] expTwiceLambda = new double[f.dimension()];
    for (int k = 0; k < expTwiceLambda.length; k++) {
      expTwiceLambda[k] = Math.exp(2 * (2 * rng.nextDouble() - 1));
    }
    double[] table = new double[f.distinctRows()];
    f.expTwiceDistinctRows(expTwiceLambda, table);
    double[] weights = new double[f.distinctRows()];
    double[] direct = new double[f.dimension()];
    for (int n = 0; n < f.size(); n++) {
      double[] e = new double[2 * f.length(n) - 1];
      f.expTwicePotentials(n, expTwiceLambda, e);
      double[] u = new double[e.length];
      for (int r = 0; r < e.length; r++) {
        assertThat(table[f.distinctRowOf(n)[r]]).isEqualTo(e[r]);
        u[r] = 2 * rng.nextDouble() - 1;
        weights[f.distinctRowOf(n)[r]] += u[r];
      }
      f.addProjected(n, u, 0.5, direct);
    }
    double[] byRow = new double[f.dimension()];
    f.addDistinctRowsProjected(weights, 0.5, byRow);
    assertThat(byRow).containsExactly(direct, within(1e-12));
  }

  @Test
  void theDistinctRowPathAgreesWithThePerSequencePath() {
    // inputs halved (not binary) with λ doubled: the same chains by the per-sequence path
    CrfData data = data(33);
    List<CrfData.Sequence> halved = new ArrayList<>();
    for (CrfData.Sequence s : data.sequences()) {
      double[][] x = new double[s.length()][];
      for (int i = 0; i < x.length; i++) {
        x[i] = s.inputs()[i].clone();
        for (int a = 0; a < x[i].length; a++) {
          x[i][a] *= 0.5;
        }
      }
      halved.add(new CrfData.Sequence(s.id(), s.labels(), x));
    }
    CrfModel model = papers(data);
    CrfLikelihood binary = new CrfLikelihood(model.featurize(data));
    CrfLikelihood real = new CrfLikelihood(model.featurize(new CrfData(data.labelStates(), data.inputNames(), halved)));
    UniformRandomProvider rng = RandomStreams.fromSeed(34);
    for (int rep = 0; rep < 5; rep++) {
      double[] lambda = new double[binary.dimension()];
      double[] twice = new double[lambda.length];
      for (int k = 0; k < lambda.length; k++) {
        lambda[k] = 3 * (2 * rng.nextDouble() - 1);
        twice[k] = 2 * lambda[k];
      }
      double[] gb = new double[lambda.length];
      double[] gr = new double[lambda.length];
      double vb = binary.newEvaluator().valueAndGradient(lambda, gb);
      double vr = real.valueAndGradient(twice, gr, 2);
      double[] gt = new double[lambda.length];
      assertThat(binary.valueAndGradient(lambda, gt, 3)).isEqualTo(vb);
      assertThat(gt).containsExactly(gb);
      assertThat(vb).isCloseTo(vr, within(1e-12 * Math.abs(vr)));
      for (int k = 0; k < lambda.length; k++) {
        assertThat(gb[k]).isCloseTo(2 * gr[k], within(1e-12 * Math.max(1, Math.abs(gb[k]))));
      }
    }
  }

  @Test
  void aRowPastTheScaledLimitTakesThePerSequencePath() {
    CrfData data = data(35);
    CrfFeatures f = papers(data).featurize(data);
    CrfLikelihood like = new CrfLikelihood(f);
    double[] lambda = new double[f.dimension()];
    for (int k = 0; k < lambda.length; k++) {
      lambda[k] = 0.3 * k - 1;
    }
    lambda[1] = 60; // rows with input 1 have a field past the scaled limit; the rest stay in range
    double brute = 0;
    for (int n = 0; n < f.size(); n++) {
      brute += CrfTestModels.dot(f.statistics(n, f.spins(n)), lambda) - CrfTestModels.bruteLogZ(f, n, lambda);
    }
    double[] g1 = new double[lambda.length];
    double[] g2 = new double[lambda.length];
    double v1 = like.valueAndGradient(lambda, g1, 3);
    double v2 = like.newEvaluator().valueAndGradient(lambda, g2);
    assertThat(v1).isCloseTo(brute, within(1e-10 * Math.abs(brute)));
    assertThat(v2).isEqualTo(v1);
    assertThat(g2).containsExactly(g1);
  }
}
