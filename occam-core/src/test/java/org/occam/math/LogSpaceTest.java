package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.apache.commons.numbers.gamma.LogGamma;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LogSpaceTest {
  private static final double NEG_INF = Double.NEGATIVE_INFINITY;

  @Test
  void allMinusInfinityGivesMinusInfinity() {
    assertThat(LogSpace.logSumExp(new double[] {NEG_INF, NEG_INF, NEG_INF})).isEqualTo(NEG_INF);
    assertThat(LogSpace.logSumExp(new double[] {NEG_INF})).isEqualTo(NEG_INF);
  }

  @Test
  void emptySumIsMinusInfinity() {
    assertThat(LogSpace.logSumExp(new double[0])).isEqualTo(NEG_INF);
    assertThat(LogSpace.logSumExp(new double[] {1, 2, 3}, 2, 2)).isEqualTo(NEG_INF);
  }

  @Test
  void largeMagnitudesDoNotOverflowOrUnderflow() {
    assertThat(LogSpace.logSumExp(new double[] {1000, 1000})).isCloseTo(1000 + Math.log(2), within(1e-12));
    assertThat(LogSpace.logSumExp(new double[] {-1000, -1000})).isCloseTo(-1000 + Math.log(2), within(1e-12));
    assertThat(LogSpace.logSumExp(new double[] {1000, 1000, 1000, 1000}))
        .isCloseTo(1000 + Math.log(4), within(1e-12));
    // A term 800 nats below the maximum contributes nothing measurable.
    assertThat(LogSpace.logSumExp(new double[] {700, -100})).isEqualTo(700.0);
  }

  @Test
  void minusInfinityTermsAreIgnored() {
    assertThat(LogSpace.logSumExp(new double[] {NEG_INF, 3.0, NEG_INF})).isEqualTo(3.0);
    assertThat(LogSpace.logSumExp(new double[] {NEG_INF, Math.log(2), Math.log(5)}))
        .isCloseTo(Math.log(7), within(1e-14));
  }

  @Test
  void plusInfinityGivesPlusInfinity() {
    assertThat(LogSpace.logSumExp(new double[] {1.0, Double.POSITIVE_INFINITY})).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @Test
  void subrangeUsesOnlyItsTerms() {
    double[] x = {100, Math.log(1), Math.log(2), Math.log(3), 100};
    assertThat(LogSpace.logSumExp(x, 1, 4)).isCloseTo(Math.log(6), within(1e-14));
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void matchesTheNaiveSumOnModerateValues(long seed) {
    Random rnd = new Random(seed);
    double[] x = new double[1 + rnd.nextInt(20)];
    double naive = 0;
    for (int i = 0; i < x.length; i++) {
      x[i] = -30 + 60 * rnd.nextDouble();
      naive += Math.exp(x[i]);
    }
    assertThat(LogSpace.logSumExp(x)).isCloseTo(Math.log(naive), within(1e-12 * Math.max(1, Math.abs(Math.log(naive)))));
  }

  @Test
  void logFactorialSmallValuesExactly() {
    assertThat(LogSpace.logFactorial(0)).isEqualTo(0.0);
    assertThat(LogSpace.logFactorial(1)).isEqualTo(0.0);
    assertThat(LogSpace.logFactorial(2)).isCloseTo(Math.log(2), within(1e-15));
    assertThat(LogSpace.logFactorial(5)).isCloseTo(Math.log(120), within(1e-14));
    assertThat(LogSpace.logFactorial(10)).isCloseTo(Math.log(3628800), within(1e-13));
  }

  @Test
  void logFactorialMatchesLogGamma() {
    for (int n = 0; n <= 300; n++) {
      double expected = LogGamma.value(n + 1.0);
      assertThat(LogSpace.logFactorial(n)).as("ln %d!", n).isCloseTo(expected, within(1e-12 * Math.max(1, expected)));
    }
  }

  @Test
  void logFactorialRejectsNegative() {
    assertThatIllegalArgumentException().isThrownBy(() -> LogSpace.logFactorial(-1));
  }
}
