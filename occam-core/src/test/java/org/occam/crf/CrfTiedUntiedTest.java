package org.occam.crf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.math.RandomStreams;

/**
 * Tied against untied parameters (issue 14, acceptance 2): an untied model whose per-position
 * parameters {@code name@i} all equal the tied model's {@code name} is the tied model, so its
 * likelihood is the same, its gradient summed over each template's positions is the tied gradient,
 * and its summed covariance summed over blocks is the tied covariance (the UAI paper's projection
 * 199 → 48, here through {@link CrfFeatures} and {@link CrfLikelihood}).
 */
class CrfTiedUntiedTest {
  @ParameterizedTest
  @ValueSource(longs = {4, 40, 400})
  void anUntiedModelWithEqualPerPositionParametersIsTheTiedModel(long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    CrfData data = CrfTestModels.randomData(rng, 2, 3, 6, 1, 5, 2);
    CrfModel tied = CrfModel.full(data.labelStates(), data.inputNames());
    CrfFeatures ft = tied.featurize(data);
    CrfFeatures fu = tied.withTied(false).featurize(data);
    CrfLikelihood lt = new CrfLikelihood(ft);
    CrfLikelihood lu = new CrfLikelihood(fu);
    List<String> tiedNames = ft.parameterNames();
    // block[k]: the tied parameter of untied parameter k ("state:g0@3" → "state:g0")
    int[] block = new int[fu.dimension()];
    for (int k = 0; k < block.length; k++) {
      String name = fu.parameterNames().get(k);
      block[k] = tiedNames.indexOf(name.substring(0, name.lastIndexOf('@')));
      assertThat(block[k]).as(name).isNotNegative();
    }
    double[] lambda = new double[ft.dimension()];
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] = 2 * rng.nextDouble() - 1;
    }
    double[] expanded = new double[fu.dimension()];
    for (int k = 0; k < expanded.length; k++) {
      expanded[k] = lambda[block[k]];
    }
    double[] gt = new double[ft.dimension()];
    double[] gu = new double[fu.dimension()];
    double vt = lt.valueAndGradient(lambda, gt, 1);
    double vu = lu.valueAndGradient(expanded, gu, 2);
    assertThat(vu).isCloseTo(vt, within(1e-10));
    assertThat(lu.value(expanded)).isCloseTo(lt.value(lambda), within(1e-10));
    for (int n = 0; n < data.size(); n++) {
      assertThat(fu.potentials(n, expanded)).containsExactly(ft.potentials(n, lambda), within(1e-12));
    }
    double[] summed = new double[ft.dimension()];
    for (int k = 0; k < gu.length; k++) {
      summed[block[k]] += gu[k];
    }
    assertThat(summed).containsExactly(gt, within(1e-10));
    double[][] ct = lt.covarianceSum(lambda, 1);
    double[][] cu = lu.covarianceSum(expanded, 2);
    double[][] projected = new double[ft.dimension()][ft.dimension()];
    for (int k = 0; k < gu.length; k++) {
      for (int j = 0; j < gu.length; j++) {
        projected[block[k]][block[j]] += cu[k][j];
      }
    }
    for (int a = 0; a < ct.length; a++) {
      assertThat(projected[a]).as("covariance row " + tiedNames.get(a)).containsExactly(ct[a], within(1e-10));
    }
  }
}
