package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** AIS for log Z of an {@link Rbm} against the smaller-side enumeration, on a model too big to brute-force over (x, z). */
class RbmPartitionAisAgainstEnumerationTest {
  @Test
  void agreesWithSmallerSideEnumerationWithinThreeStandardErrors() {
    SplittableRandom r = new SplittableRandom(5);
    int v = 12;
    int k = 6;
    double[] lambda = new double[v * k + v + k];
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] = 0.8 * (2 * r.nextDouble() - 1);
    }
    Rbm rbm = new Rbm(v, k, lambda);
    double exact = RbmEnumeration.logPartition(rbm, 2);
    var ais = RbmPartitionAis.of(rbm, new double[v]).estimate(RbmPartitionAis.Settings.defaults().withRuns(50), 9, 2);
    assertThat(ais.stdError()).isPositive().isLessThan(0.05);
    assertThat(Math.abs(ais.logZ() - exact)).isLessThan(3 * ais.stdError());
  }
}
