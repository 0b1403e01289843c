package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.numbers.gamma.Digamma;
import org.apache.commons.numbers.gamma.LogGamma;
import org.junit.jupiter.api.Test;

class GammaFunctionsTest {
  @Test
  void logGammaAgreesWithCommonsNumbersOverManyDecades() {
    SplittableRandom r = new SplittableRandom(1);
    for (int t = 0; t < 200_000; t++) {
      double x = Math.pow(10, -300 + 306 * r.nextDouble());
      double expected = LogGamma.value(x);
      assertThat(GammaFunctions.logGamma(x)).as("lnΓ(%s)", x)
          .isCloseTo(expected, within(1e-13 * Math.max(1, Math.abs(expected))));
    }
  }

  @Test
  void logGammaNearItsZerosAndIntegers() {
    for (double x : new double[] {1, 2, 3, 6.999999, 7, 7.000001, 0.5, 1.5, 1e-9, 1 + 1e-9, 2 - 1e-9}) {
      assertThat(GammaFunctions.logGamma(x)).as("lnΓ(%s)", x).isCloseTo(LogGamma.value(x), within(2e-14));
    }
    assertThat(GammaFunctions.logGamma(0.5)).isCloseTo(0.5 * Math.log(Math.PI), within(1e-15));
    assertThat(GammaFunctions.logGamma(0)).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @Test
  void digammaAgreesWithCommonsNumbers() {
    SplittableRandom r = new SplittableRandom(2);
    for (int t = 0; t < 200_000; t++) {
      double x = Math.pow(10, -4 + 10 * r.nextDouble());
      double expected = Digamma.value(x);
      assertThat(GammaFunctions.digamma(x)).as("ψ(%s)", x)
          .isCloseTo(expected, within(1e-12 * Math.max(1, Math.abs(expected))));
    }
    // Below 1e-4 Commons is off by up to 5e-12 relative (checked with mpmath); use the series
    // ψ(x) = −1/x − γ + ζ(2) x − ζ(3) x² + O(x³) there.
    for (int t = 0; t < 10_000; t++) {
      double x = Math.pow(10, -12 + 8 * r.nextDouble());
      double series = -1 / x - 0.5772156649015329 + 1.6449340668482264 * x - 1.2020569031595942 * x * x;
      assertThat(GammaFunctions.digamma(x)).as("ψ(%s)", x).isCloseTo(series, within(1e-13 * Math.abs(series)));
    }
    // mpmath, 30 digits
    assertThat(GammaFunctions.digamma(1.7346060923814653E-6)).isCloseTo(-576500.339546221734, within(1e-9));
    assertThat(GammaFunctions.digamma(6.9)).isCloseTo(1.85731095133168698518, within(1e-14));
    assertThat(GammaFunctions.digamma(7.1)).isCloseTo(1.88802238665804621530, within(1e-14));
    // ψ(1) = −γ (Euler–Mascheroni)
    assertThat(GammaFunctions.digamma(1)).isCloseTo(-0.5772156649015329, within(1e-13));
  }

  @Test
  void differenceSumEqualsTheTermByTermSum() {
    SplittableRandom r = new SplittableRandom(3);
    for (int t = 0; t < 20_000; t++) {
      int k = 1 + r.nextInt(25);
      double[] a = new double[k];
      double[] b = new double[k];
      for (int i = 0; i < k; i++) {
        a[i] = Math.pow(10, -40 + 45 * r.nextDouble());
        b[i] = Math.pow(10, -40 + 45 * r.nextDouble());
      }
      double expected = 0;
      for (int i = 0; i < k; i++) {
        expected += LogGamma.value(a[i]) - LogGamma.value(b[i]);
      }
      double scale = 0;
      for (int i = 0; i < k; i++) {
        scale += Math.abs(LogGamma.value(a[i])) + Math.abs(LogGamma.value(b[i]));
      }
      assertThat(GammaFunctions.logGammaDifferenceSum(a, b, k)).isCloseTo(expected, within(1e-13 * Math.max(1, scale)));
    }
  }

  @Test
  void differenceSumWithGivenLogsEqualsTheTermByTermSum() {
    SplittableRandom r = new SplittableRandom(5);
    for (int t = 0; t < 20_000; t++) {
      int k = 1 + r.nextInt(25);
      double[] a = new double[k];
      double[] b = new double[k];
      double[] logA = new double[k];
      double[] logB = new double[k];
      for (int i = 0; i < k; i++) {
        a[i] = Math.pow(10, -40 + 45 * r.nextDouble());
        b[i] = Math.pow(10, -40 + 45 * r.nextDouble());
        logA[i] = Math.log(a[i]);
        logB[i] = Math.log(b[i]);
      }
      double expected = 0;
      double scale = 0;
      for (int i = 0; i < k; i++) {
        expected += LogGamma.value(a[i]) - LogGamma.value(b[i]);
        scale += Math.abs(LogGamma.value(a[i])) + Math.abs(LogGamma.value(b[i]));
      }
      assertThat(GammaFunctions.logGammaDifferenceSum(a, logA, b, logB, k))
          .isCloseTo(expected, within(1e-13 * Math.max(1, scale)));
    }
  }

  @Test
  void logGammaAndDigammaAreBitForBitTheTwoFunctions() {
    SplittableRandom rnd = new SplittableRandom(17);
    double[] psi = new double[3];
    for (int i = 0; i < 20000; i++) {
      // decades from 1e-6 to 1e6, with integers, half-integers and the shift boundary
      double x = switch (i % 4) {
        case 0 -> Math.pow(10, rnd.nextDouble(-6, 6));
        case 1 -> rnd.nextInt(1, 40);
        case 2 -> rnd.nextInt(0, 40) + 0.5;
        default -> 7 + rnd.nextDouble(-1e-9, 1e-9);
      };
      double lg = GammaFunctions.logGammaAndDigamma(x, psi, 1);
      assertThat(Double.doubleToRawLongBits(lg)).as("lnΓ(%s)", x)
          .isEqualTo(Double.doubleToRawLongBits(GammaFunctions.logGamma(x)));
      assertThat(Double.doubleToRawLongBits(psi[1])).as("ψ(%s)", x)
          .isEqualTo(Double.doubleToRawLongBits(GammaFunctions.digamma(x)));
    }
  }
}
