package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Dirichlet} against independent computations: Beta integrals by quadrature (no gamma
 * functions) for k = 2, and the sequential Pólya-urn form of the Dirichlet–multinomial for
 * integer counts and any k.
 */
class DirichletTest {

  /** ln ∫ θ^(λ+n1−1) (1−θ)^(λ+n2−1) dθ − ln ∫ θ^(λ−1) (1−θ)^(λ−1) dθ. */
  private static double logMarginalByQuadrature(double lambda, double n1, double n2) {
    return Math.log(Quadrature.beta(lambda + n1, lambda + n2)) - Math.log(Quadrature.beta(lambda, lambda));
  }

  @ParameterizedTest(name = "lambda={0} counts=({1},{2})")
  @CsvSource({
      "0.7, 3, 1.5",
      "0.7, 0, 0",
      "1.0, 4, 0",
      "1.0, 2.25, 7.5",
      "0.5, 2, 7",
      "0.3, 0.4, 0",
      "0.1, 1, 4",
      "2.5, 0.3, 11",
      "5.0, 20, 30"})
  void logMarginalMatchesQuadratureForTwoStates(double lambda, double n1, double n2) {
    double[] counts = {99, n1, n2, 99}; // a slice of a larger array
    double expected = logMarginalByQuadrature(lambda, n1, n2);
    assertThat(Dirichlet.logMarginal(lambda, counts, 1, 2)).isCloseTo(expected, within(1e-8));
  }

  @Test
  void logMarginalOfNoDataIsZero() {
    assertThat(Dirichlet.logMarginal(0.37, new double[] {0, 0, 0, 0}, 0, 4)).isCloseTo(0.0, within(1e-12));
  }

  @Test
  void logMarginalOfOneObservationIsOneOverK() {
    // Under a symmetric prior the first observation has predictive probability λ / (kλ) = 1/k.
    for (int k = 2; k <= 6; k++) {
      double[] counts = new double[k];
      counts[k - 1] = 1;
      assertThat(Dirichlet.logMarginal(0.8, counts, 0, k)).isCloseTo(-Math.log(k), within(1e-12));
    }
  }

  /** Pólya urn: the probability of a sequence is the product of the sequential predictive probabilities. */
  private static double logMarginalByUrn(double lambda, int[] counts) {
    int k = counts.length;
    int[] seen = new int[k];
    int total = 0;
    double s = 0;
    for (int x = 0; x < k; x++) {
      for (int c = 0; c < counts[x]; c++) {
        s += Math.log((lambda + seen[x]) / (k * lambda + total));
        seen[x]++;
        total++;
      }
    }
    return s;
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
  void logMarginalMatchesThePolyaUrnForIntegerCounts(long seed) {
    Random rnd = new Random(seed);
    int k = 2 + rnd.nextInt(5);
    double lambda = 0.05 + 3 * rnd.nextDouble();
    int[] counts = new int[k];
    double[] flat = new double[k + 3];
    for (int x = 0; x < k; x++) {
      counts[x] = rnd.nextInt(30);
      flat[2 + x] = counts[x];
    }
    double expected = logMarginalByUrn(lambda, counts);
    assertThat(Dirichlet.logMarginal(lambda, flat, 2, k)).isCloseTo(expected, within(1e-9 * Math.max(1, -expected)));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.1, 0.5, 0.7, 1.0, 1.5, 3.0, 10.0})
  void logDensityIntegratesToOneForTwoStates(double lambda) {
    double integral = Quadrature.integrate((lt, l1) -> {
      double[] theta = {7, Math.exp(lt), Math.exp(l1)};
      return Math.exp(Dirichlet.logDensity(lambda, theta, 1, 2));
    });
    assertThat(integral).isCloseTo(1.0, within(1e-8));
  }

  @Test
  void logDensityForTwoStatesIsTheBetaDensity() {
    // Dir(λ, λ) at (θ, 1−θ) = θ^(λ−1) (1−θ)^(λ−1) / B(λ, λ); B(1/2, 1/2) = π.
    double theta = 0.2;
    assertThat(Dirichlet.logDensity(0.5, new double[] {theta, 1 - theta}, 0, 2))
        .isCloseTo(-0.5 * Math.log(theta * (1 - theta)) - Math.log(Math.PI), within(1e-12));
    // Dir(2, 2) = 6 θ (1 − θ)
    assertThat(Dirichlet.logDensity(2, new double[] {theta, 1 - theta}, 0, 2))
        .isCloseTo(Math.log(6 * theta * (1 - theta)), within(1e-12));
  }

  @Test
  void uniformDensityIsKMinusOneFactorialEvenWithZeros() {
    // Dir(1,…,1) is uniform on the simplex with density (k−1)!.
    assertThat(Dirichlet.logDensity(1.0, new double[] {0.0, 0.3, 0.7}, 0, 3)).isCloseTo(Math.log(2), within(1e-12));
    assertThat(Dirichlet.logDensity(1.0, new double[] {0.1, 0.2, 0.3, 0.4}, 0, 4)).isCloseTo(Math.log(6), within(1e-12));
  }

  /** KL(Beta(λ+n1, λ+n2) ‖ Beta(λ, λ)) by quadrature, without gamma or digamma functions. */
  private static double klByQuadrature(double lambda, double n1, double n2) {
    double a1 = lambda + n1;
    double a2 = lambda + n2;
    double logBp = Math.log(Quadrature.beta(a1, a2));
    double logBq = Math.log(Quadrature.beta(lambda, lambda));
    // E_p[(a1 − λ) ln θ + (a2 − λ) ln(1 − θ)] − ln B(a1, a2) + ln B(λ, λ)
    double expectation = Quadrature.integrate((lt, l1) -> {
      double logP = (a1 - 1) * lt + (a2 - 1) * l1 - logBp;
      return Math.exp(logP) * ((a1 - lambda) * lt + (a2 - lambda) * l1);
    });
    return expectation - logBp + logBq;
  }

  @ParameterizedTest(name = "lambda={0} counts=({1},{2})")
  @CsvSource({
      "1.0, 3, 1.5",
      "0.7, 3, 1.5",
      "0.5, 10, 0",
      "0.3, 0.4, 0.2",
      "2.0, 5, 5",
      "1.0, 40, 25"})
  void klMatchesQuadratureForTwoStates(double lambda, double n1, double n2) {
    double[] counts = {-5, -5, n1, n2};
    double expected = klByQuadrature(lambda, n1, n2);
    assertThat(expected).isPositive();
    assertThat(Dirichlet.klPosteriorFromPrior(lambda, counts, 2, 2)).isCloseTo(expected, within(1e-7));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.1, 0.5, 1.0, 4.0})
  void klIsZeroWithoutCounts(double lambda) {
    for (int k = 1; k <= 5; k++) {
      assertThat(Dirichlet.klPosteriorFromPrior(lambda, new double[k], 0, k)).isCloseTo(0.0, within(1e-12));
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void klIsPositiveAndGrowsWithMoreData(long seed) {
    Random rnd = new Random(seed);
    int k = 2 + rnd.nextInt(4);
    double lambda = 0.1 + 2 * rnd.nextDouble();
    double[] counts = new double[k];
    double[] doubled = new double[k];
    for (int x = 0; x < k; x++) {
      counts[x] = 5 * rnd.nextDouble();
      doubled[x] = 2 * counts[x];
    }
    double kl = Dirichlet.klPosteriorFromPrior(lambda, counts, 0, k);
    assertThat(kl).isPositive();
    assertThat(Dirichlet.klPosteriorFromPrior(lambda, doubled, 0, k)).isGreaterThan(kl);
  }

  @Test
  void logBetaSymmetricMatchesQuadrature() {
    assertThat(Dirichlet.logBetaSymmetric(0.5, 2)).isCloseTo(Math.log(Math.PI), within(1e-12));
    assertThat(Dirichlet.logBetaSymmetric(0.7, 2)).isCloseTo(Math.log(Quadrature.beta(0.7, 0.7)), within(1e-9));
    assertThat(Dirichlet.logBeta(0.5, new double[] {1, 2}, 0, 2))
        .isCloseTo(Math.log(Quadrature.beta(1.5, 2.5)), within(1e-9));
  }
}
