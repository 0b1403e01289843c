package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.data.Variable;
import org.occam.math.Dirichlet;
import org.occam.math.RandomStreams;

/** The CPT-row view of a structure, and the fused VB computations built on the library's formulas. */
class CptRowsTest {
  private static DagStructure sample() {
    List<Variable> vars = List.of(Variable.withCount("a", 3), Variable.withCount("b", 2), Variable.withCount("c", 4));
    return DagStructure.of(vars, new boolean[] {false, true, false}, new int[][] {{1}, {}, {0, 1}});
  }

  @Test
  void rowsPartitionTheFlatTableInFlatIndexOrder() {
    DagStructure s = sample();
    // a | b: 2 rows of 3; b: 1 row of 2; c | a,b: 6 rows of 4.
    assertThat(s.cptRows()).isEqualTo(2 + 1 + 6);
    int expectedStart = 0;
    for (int r = 0; r < s.cptRows(); r++) {
      assertThat(s.rowStart(r)).isEqualTo(expectedStart);
      int k = s.cardinality(s.rowVariable(r));
      for (int x = 0; x < k; x++) {
        assertThat(s.rowOfCell(expectedStart + x)).isEqualTo(r);
      }
      expectedStart += k;
    }
    assertThat(expectedStart).isEqualTo(s.tableSize());
    // Row of c at a = 2, b = 1 (first parent slowest): configuration 2·2 + 1 = 5 of c.
    int[] z = {2, 1, 3};
    int cell = s.flatIndex(2, z);
    int row = s.rowOfCell(cell);
    assertThat(s.rowVariable(row)).isEqualTo(2);
    assertThat(cell - s.rowStart(row)).isEqualTo(3);
    assertThat(row).isEqualTo(3 + 5);
  }

  /** VBEM computes θ̃ and the KL penalty in one pass; the KL must equal the library's Dirichlet KL. */
  @Test
  void fusedVbKlEqualsTheDirichletKlOfEveryRow() {
    DagStructure s = sample();
    DirichletPrior prior = DirichletPrior.perVariable(new double[] {0.5, 1.0, 2.5});
    var rng = RandomStreams.fromSeed(8);
    double[] counts = new double[s.tableSize()];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = rng.nextInt(4) == 0 ? 0 : 10 * rng.nextDouble();
    }
    double[] tilde = new double[s.tableSize()];
    double fused = VariationalBayesEm.subNormalisedParameters(s, prior, counts, tilde);
    double reference = 0;
    for (int r = 0; r < s.cptRows(); r++) {
      int j = s.rowVariable(r);
      int k = s.cardinality(j);
      reference += Dirichlet.klPosteriorFromPrior(prior.lambda(j), counts, s.rowStart(r), k);
      double sum = 0;
      for (int x = 0; x < k; x++) {
        sum += tilde[s.rowStart(r) + x];
      }
      assertThat(sum).as("θ̃ rows are sub-normalised").isLessThan(1.0);
    }
    assertThat(fused).isCloseTo(reference, org.assertj.core.data.Offset.offset(1e-10 * Math.abs(reference)));
  }
}
