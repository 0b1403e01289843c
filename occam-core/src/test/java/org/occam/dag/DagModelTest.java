package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.data.Variable;

class DagModelTest {
  /** h (binary) -> y (ternary); table: h row, then y rows for h = 0, 1. */
  private static final DagStructure S = DagStructure.of(
      List.of(Variable.withCount("h", 2), Variable.withCount("y", 3)), new boolean[] {true, false},
      new int[][] {{}, {0}});
  private static final DirichletPrior PRIOR = DirichletPrior.uniform(2, 1.0);

  private static double[] good() {
    return new double[] {0.4, 0.6, 0.2, 0.3, 0.5, 0.1, 0.1, 0.8};
  }

  @Test
  void validParametersAreAcceptedAndCopied() {
    double[] theta = good();
    DagModel m = new DagModel(S, PRIOR, theta);
    theta[0] = 0.9;
    assertThat(m.parameters()).get().satisfies(t -> assertThat(t[0]).isEqualTo(0.4));
    m.parameters().get()[0] = 0.9;
    assertThat(m.parameters().get()[0]).isEqualTo(0.4);
    assertThat(m.structure()).isSameAs(S);
    assertThat(m.prior()).isSameAs(PRIOR);
  }

  @Test
  void parametersAreOptional() {
    assertThat(new DagModel(S, PRIOR, null).parameters()).isEmpty();
  }

  @Test
  void rowNotSummingToOneIsRejectedNamingVariableAndRow() {
    double[] theta = good();
    theta[5] = 0.2; // y's second row sums to 1.1
    assertThatIllegalArgumentException().isThrownBy(() -> new DagModel(S, PRIOR, theta))
        .withMessageContaining("y")
        .withMessageContaining("row 2")
        .withMessageContaining("1.1");
    double[] hBad = good();
    hBad[1] = 0.5; // h's only row sums to 0.9
    assertThatIllegalArgumentException().isThrownBy(() -> new DagModel(S, PRIOR, hBad))
        .withMessageContaining("CPT of h, row 1");
  }

  @ParameterizedTest
  @ValueSource(doubles = {2e-6, -2e-6, 1e-5, -0.01})
  void deviationsBeyondTheToleranceAreRejected(double eps) {
    double[] theta = good();
    theta[2] += eps;
    assertThatIllegalArgumentException().isThrownBy(() -> new DagModel(S, PRIOR, theta))
        .withMessageContaining("CPT of y, row 1");
  }

  @ParameterizedTest
  @ValueSource(doubles = {5e-7, -5e-7, 1e-9, 0})
  void deviationsWithinTheToleranceAreAccepted(double eps) {
    double[] theta = good();
    theta[7] += eps;
    assertThat(new DagModel(S, PRIOR, theta).parameters()).isPresent();
  }

  @ParameterizedTest
  @ValueSource(doubles = {-0.1, -1e-12, Double.NaN, Double.POSITIVE_INFINITY})
  void negativeOrNonFiniteEntriesAreRejected(double bad) {
    // Keep the row sum at one where possible so that only the entry itself is wrong.
    double[] theta = {0.4, 0.6, 0.2, 0.3, 0.5, bad, 0.2 - bad, 0.8};
    assertThatIllegalArgumentException().isThrownBy(() -> new DagModel(S, PRIOR, theta))
        .withMessageContaining("CPT of y, row 2");
    assertThatIllegalArgumentException().isThrownBy(() -> DagModel.renormalise(S, theta))
        .withMessageContaining("CPT of y, row 2");
  }

  @Test
  void wrongLengthOrPriorSizeIsRejected() {
    assertThatIllegalArgumentException().isThrownBy(() -> new DagModel(S, PRIOR, new double[7]));
    assertThatIllegalArgumentException().isThrownBy(() -> DagModel.renormalise(S, new double[9]));
    assertThatIllegalArgumentException().isThrownBy(() -> new DagModel(S, DirichletPrior.uniform(3, 1.0), good()));
  }

  @Test
  void renormaliseFixesRoundedRows() {
    double[] rounded = {0.33, 0.66, 0.2, 0.3, 0.51, 2, 2, 4};
    double[] fixed = DagModel.renormalise(S, rounded);
    assertThat(rounded[0]).isEqualTo(0.33); // input untouched
    assertThat(fixed).containsExactly(new double[] {1.0 / 3, 2.0 / 3, 0.2 / 1.01, 0.3 / 1.01, 0.51 / 1.01,
        0.25, 0.25, 0.5}, within(1e-15));
    assertThat(new DagModel(S, PRIOR, fixed).parameters()).isPresent();
  }

  @Test
  void renormaliseRejectsAnAllZeroRow() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DagModel.renormalise(S, new double[] {0.5, 0.5, 0, 0, 0, 1, 0, 0}))
        .withMessageContaining("CPT of y, row 1");
  }

  /** Beal's printed parameters, transcribed from section 6.4 of the chapter (rows as printed). */
  private static final double[][][] BEAL_PRINTED = {
      {{.12, .88}},
      {{.08, .92}},
      {{.03, .03, .64, .02, .27}, {.18, .15, .22, .19, .27}},
      {{.10, .54, .07, .14, .15}, {.04, .15, .59, .05, .16}, {.20, .08, .36, .17, .18}, {.19, .45, .10, .09, .17}},
      {{.11, .47, .12, .30, .01}, {.27, .07, .16, .25, .25}, {.52, .14, .15, .02, .17}, {.04, .00, .37, .33, .25}},
      {{.10, .08, .43, .03, .36}, {.30, .14, .07, .04, .45}}};

  @Test
  void bealTrueModelRowsSumToOneAndFollowThePrintedTables() {
    DagModel m = BealExample.trueModel();
    DagStructure s = m.structure();
    double[] theta = m.parameters().orElseThrow();
    assertThat(theta).hasSize(s.tableSize());
    assertThat(s.freeParameters()).isEqualTo(50);
    for (int j = 0; j < s.size(); j++) {
      int k = s.cardinality(j);
      assertThat(s.parentConfigurations(j)).isEqualTo(BEAL_PRINTED[j].length);
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        double sum = 0;
        double printedSum = 0;
        for (int x = 0; x < k; x++) {
          sum += theta[s.offset(j) + l * k + x];
          printedSum += BEAL_PRINTED[j][l][x];
        }
        assertThat(sum).as("%s row %d", s.name(j), l + 1).isCloseTo(1.0, within(1e-12));
        for (int x = 0; x < k; x++) {
          assertThat(theta[s.offset(j) + l * k + x]).as("%s row %d state %d", s.name(j), l + 1, x)
              .isCloseTo(BEAL_PRINTED[j][l][x] / printedSum, within(1e-12));
        }
      }
    }
    // Beal: y3's printed .00 (row [2 2], state 2) stays an exact zero.
    assertThat(theta[s.offset(4) + 3 * 5 + 1]).isZero();
    assertThat(m.prior().isScalar()).isTrue();
    assertThat(m.prior().lambda(0)).isEqualTo(1.0);
  }

  @Test
  void bealPrintedRowsNeedRenormalising() {
    // Some printed rows are off by 0.01, far beyond the tolerance: the raw table is rejected.
    double[] raw = new double[BealExample.structure().tableSize()];
    int at = 0;
    for (double[][] table : BEAL_PRINTED) {
      for (double[] row : table) {
        System.arraycopy(row, 0, raw, at, row.length);
        at += row.length;
      }
    }
    assertThatIllegalArgumentException().isThrownBy(() -> DagModel.checkParameters(BealExample.structure(), raw));
    DagModel.checkParameters(BealExample.structure(), DagModel.renormalise(BealExample.structure(), raw));
  }
}
