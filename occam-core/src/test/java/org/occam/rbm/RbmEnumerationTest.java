package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.LogSpace;
import org.occam.math.RandomStreams;

class RbmEnumerationTest {
  @Test
  void smallerSideEnumerationEqualsBruteForceOverAllStates() {
    UniformRandomProvider rng = RandomStreams.fromSeed(20260101L);
    double worst = 0;
    int models = 0;
    for (int v = 3; v <= 6; v++) {
      for (int k = 1; k <= 4; k++) {
        // both orientations: (v, k) enumerates hidden when k ≤ v, (k, v) enumerates visible when k < v
        for (Rbm rbm : new Rbm[] {RbmBruteForce.random(v, k, 2, rng), RbmBruteForce.random(k, v, 2, rng)}) {
          double exact = RbmBruteForce.logZ(rbm);
          RbmEnumeration e = RbmEnumeration.run(rbm, 1, false);
          assertThat(e.enumeratesHidden()).isEqualTo(rbm.hiddenCount() <= rbm.visibleCount());
          assertThat(e.logZ()).as("%s", rbm).isCloseTo(exact, within(1e-10));
          assertThat(RbmEnumeration.logPartition(rbm, 2)).isEqualTo(e.logZ());
          worst = Math.max(worst, Math.abs(e.logZ() - exact));
          models++;
        }
      }
    }
    System.out.printf("RBM log Z, smaller side vs all (x, z): %d models, largest difference %.2e%n", models, worst);
  }

  @Test
  void resultIsBitIdenticalForAnyThreadCountAndAgreesWithADirectSum() {
    // 2^18 hidden states: 32 ranges of 8192 steps, so the fields are re-anchored inside each range.
    Rbm hidden = RbmBruteForce.random(20, 18, 0.5, RandomStreams.fromSeed(7));
    // 2^15 visible states enumerated.
    Rbm visible = RbmBruteForce.random(15, 22, 0.5, RandomStreams.fromSeed(8));
    for (Rbm rbm : new Rbm[] {hidden, visible}) {
      double one = RbmEnumeration.logPartition(rbm, 1);
      double two = RbmEnumeration.logPartition(rbm, 2);
      double three = RbmEnumeration.logPartition(rbm, 3);
      assertThat(Double.doubleToRawLongBits(two)).isEqualTo(Double.doubleToRawLongBits(one));
      assertThat(Double.doubleToRawLongBits(three)).isEqualTo(Double.doubleToRawLongBits(one));
      boolean enumerateHidden = rbm.hiddenCount() <= rbm.visibleCount();
      int m = Math.min(rbm.visibleCount(), rbm.hiddenCount());
      double[] direct = new double[1 << m];
      for (int c = 0; c < direct.length; c++) {
        int[] s = RbmBruteForce.bits(c, m);
        direct[c] = enumerateHidden ? rbm.logZGivenHidden(s) : rbm.logZGivenVisible(s);
      }
      double reference = LogSpace.logSumExp(direct);
      assertThat(one).isCloseTo(reference, within(1e-10 * Math.abs(reference)));
      System.out.printf("RBM V=%d K=%d: log Z = %.12f (1 thread) vs direct sum %.12f%n", rbm.visibleCount(),
          rbm.hiddenCount(), one, reference);
    }
    Rbm small = RbmBruteForce.random(8, 9, 1, RandomStreams.fromSeed(9));
    RbmEnumeration a = RbmEnumeration.run(small, 1, true);
    RbmEnumeration b = RbmEnumeration.run(small, 2, true);
    assertThat(b.featureMeans()).containsExactly(a.featureMeans());
    double[][] ca = a.covariance();
    double[][] cb = b.covariance();
    for (int r = 0; r < ca.length; r++) {
      assertThat(cb[r]).containsExactly(ca[r]);
    }
  }

  @Test
  void gradientOfLogZIsTheFeatureMeanAndItsHessianTheCovariance() {
    UniformRandomProvider rng = RandomStreams.fromSeed(31);
    for (int[] shape : new int[][] {{4, 2}, {2, 5}, {3, 3}}) {
      Rbm rbm = RbmBruteForce.random(shape[0], shape[1], 1.5, rng);
      RbmEnumeration e = RbmEnumeration.run(rbm, 1, true);
      double[] means = e.featureMeans();
      double[][] cov = e.covariance();
      double[] lambda = rbm.parameters();
      double h = 1e-5;
      double worstGrad = 0;
      double worstHess = 0;
      for (int a = 0; a < lambda.length; a++) {
        double[] up = lambda.clone();
        double[] down = lambda.clone();
        up[a] += h;
        down[a] -= h;
        RbmEnumeration eu = RbmEnumeration.run(rbm.withParameters(up), 1, false);
        RbmEnumeration ed = RbmEnumeration.run(rbm.withParameters(down), 1, false);
        double fd = (eu.logZ() - ed.logZ()) / (2 * h);
        assertThat(means[a]).as("E[%s]", rbm.featureName(a)).isCloseTo(fd, within(1e-8));
        worstGrad = Math.max(worstGrad, Math.abs(means[a] - fd));
        double[] mu = eu.featureMeans();
        double[] md = ed.featureMeans();
        for (int b = 0; b < lambda.length; b++) {
          double fdh = (mu[b] - md[b]) / (2 * h);
          assertThat(cov[a][b]).as("Cov(%s, %s)", rbm.featureName(a), rbm.featureName(b))
              .isCloseTo(fdh, within(1e-7));
          worstHess = Math.max(worstHess, Math.abs(cov[a][b] - fdh));
        }
      }
      System.out.printf("RBM V=%d K=%d: |E[f] − FD ∇log Z| ≤ %.1e, |Cov(f) − FD ∇E[f]| ≤ %.1e%n",
          shape[0], shape[1], worstGrad, worstHess);
    }
  }

  @Test
  void meansAndCovarianceEqualBruteForce() {
    UniformRandomProvider rng = RandomStreams.fromSeed(32);
    for (int[] shape : new int[][] {{5, 2}, {2, 4}, {3, 3}, {1, 1}}) {
      Rbm rbm = RbmBruteForce.random(shape[0], shape[1], 2, rng);
      RbmEnumeration e = RbmEnumeration.run(rbm, 2, true);
      double[][] exact = RbmBruteForce.moments(rbm);
      double[] means = e.featureMeans();
      double[][] cov = e.covariance();
      for (int a = 0; a < means.length; a++) {
        assertThat(means[a]).as("E[%s]", rbm.featureName(a)).isCloseTo(exact[0][a], within(1e-12));
        for (int b = 0; b < means.length; b++) {
          assertThat(cov[a][b]).as("Cov(%s, %s)", rbm.featureName(a), rbm.featureName(b))
              .isCloseTo(exact[a + 1][b], within(1e-12));
        }
      }
    }
  }

  @Test
  void largeParametersStayFinite() {
    UniformRandomProvider rng = RandomStreams.fromSeed(33);
    for (int[] shape : new int[][] {{5, 3}, {3, 5}}) {
      Rbm rbm = RbmBruteForce.random(shape[0], shape[1], 50, rng);
      RbmEnumeration e = RbmEnumeration.run(rbm, 2, true);
      double exact = RbmBruteForce.logZ(rbm);
      assertThat(e.logZ()).isFinite().isCloseTo(exact, within(1e-12 * Math.abs(exact)));
      for (double m : e.featureMeans()) {
        assertThat(m).isFinite().isBetween(-1e-15, 1 + 1e-15);
      }
      for (double[] row : e.covariance()) {
        for (double c : row) {
          assertThat(c).isFinite();
        }
      }
      System.out.printf("RBM V=%d K=%d, |λ| ≤ 50: log Z = %.6f (brute force %.6f)%n", shape[0], shape[1],
          e.logZ(), exact);
    }
  }

  @Test
  void refusesAboveTheLimit() {
    Rbm big = Rbm.zero(31, 33);
    assertThatThrownBy(() -> RbmEnumeration.logPartition(big, 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2^31").hasMessageContaining("min(V, K) <= 30");
    Rbm small = Rbm.zero(5, 4);
    assertThatThrownBy(() -> RbmEnumeration.run(small, 1, false, 3)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("min(V, K) <= 3");
    assertThat(RbmEnumeration.run(small, 1, false, 4).logZ()).isCloseTo(9 * Math.log(2), within(1e-12));
    assertThatThrownBy(() -> RbmEnumeration.logPartition(small, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("threads");
    assertThatThrownBy(() -> RbmEnumeration.run(small, 1, false).covariance())
        .isInstanceOf(IllegalStateException.class);
  }
}
