package org.occam.experiments.wellingparise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.occam.mrf.MrfData;
import org.occam.mrf.PairwiseGraph;

/**
 * The models of {@link WellingPariseDesign}: the spin parameters and their exact 0/1 form, the
 * parameter distributions of Figures 2, 4 and 5, and the nested data's statistics.
 */
class WellingPariseDesignTest {
  private static final long[] SEEDS = {3, 17, 101, 2024, 77_777};

  /** The 0/1 model's log potential differs from the spin energy Σ h s + Σ J s s by one constant. */
  @Test
  void theZeroOneModelIsTheSpinModel() {
    WellingPariseDesign.Model m = WellingPariseDesign.gaussianModel(5, 0, 50);
    PairwiseGraph g = m.machine().graph();
    double offset = Double.NaN;
    for (int[] x : m.sample()) {
      double energy = 0;
      for (int i = 0; i < g.vertexCount(); i++) {
        energy += m.fields()[i] * (2 * x[i] - 1);
      }
      for (int e = 0; e < g.edgeCount(); e++) {
        energy += m.couplings()[e] * (2 * x[g.edgeFrom(e)] - 1) * (2 * x[g.edgeTo(e)] - 1);
      }
      double diff = m.machine().logPotential(x) - energy;
      if (Double.isNaN(offset)) {
        offset = diff;
      }
      assertThat(diff).isCloseTo(offset, within(1e-12));
    }
    assertThat(g.vertexCount()).isEqualTo(25);
    assertThat(g.edgeCount()).isEqualTo(40);
  }

  /** Figure 2's spin parameters are N(0, 0.25): mean 0 and sd 0.5 within 4 standard errors over 5 seeds. */
  @Test
  void figure2ParametersAreNormalWithVarianceOneQuarter() {
    double[] all = new double[SEEDS.length * 65];
    int k = 0;
    for (long seed : SEEDS) {
      WellingPariseDesign.Model m = WellingPariseDesign.gaussianModel(seed, 0, 1);
      for (double v : m.fields()) {
        all[k++] = v;
      }
      for (double v : m.couplings()) {
        all[k++] = v;
      }
    }
    double mean = Arrays.stream(all).average().orElseThrow();
    double sd = Math.sqrt(Arrays.stream(all).map(v -> (v - mean) * (v - mean)).sum() / (all.length - 1));
    assertThat(mean).isCloseTo(0, within(4 * 0.5 / Math.sqrt(all.length)));
    assertThat(sd).isCloseTo(0.5, within(4 * 0.5 / Math.sqrt(2.0 * all.length)));
  }

  /** Figures 4 and 5: |J| in [d, d + ε] with both signs, every field the figure's. */
  @Test
  void figures4And5CouplingsLieInTheirIntervals() {
    for (long seed : SEEDS) {
      for (int figure : new int[] {4, 5}) {
        double field = figure == 4 ? 0 : 1;
        WellingPariseDesign.Model m = WellingPariseDesign.couplingModel(seed, figure, 1500, 1.5, field, 1);
        double d = 1.5 / 4;
        assertThat(m.fields()).containsOnly(field);
        assertThat(Arrays.stream(m.couplings()).map(Math::abs).min().orElseThrow()).isGreaterThanOrEqualTo(d);
        assertThat(Arrays.stream(m.couplings()).map(Math::abs).max().orElseThrow())
            .isLessThanOrEqualTo(d + WellingPariseDesign.EPSILON);
        assertThat(Arrays.stream(m.couplings()).filter(j -> j < 0).count()).isPositive();
        assertThat(Arrays.stream(m.couplings()).filter(j -> j > 0).count()).isPositive();
      }
    }
  }

  /** data(n): the first n rows as distinct rows with counts, whose feature means are those of the rows. */
  @Test
  void dataAreTheFirstNRows() {
    WellingPariseDesign.Model m = WellingPariseDesign.gaussianModel(9, 1, 400);
    PairwiseGraph g = m.machine().graph();
    for (int n : new int[] {1, 37, 400}) {
      MrfData data = m.data(n);
      assertThat(data.rows()).isEqualTo(n);
      assertThat(Arrays.stream(data.table().counts()).sum()).isEqualTo(n);
      assertThat(data.table().names()).hasSize(25).startsWith("r0c0", "r0c1");
      double[] means = new double[65];
      for (int r = 0; r < n; r++) {
        int[] x = m.sample()[r];
        for (int i = 0; i < 25; i++) {
          means[i] += x[i] / (double) n;
        }
        for (int e = 0; e < 40; e++) {
          means[25 + e] += x[g.edgeFrom(e)] * x[g.edgeTo(e)] / (double) n;
        }
      }
      for (int a = 0; a < 65; a++) {
        assertThat(data.featureMeans()[a]).as("feature %d at n = %d", a, n).isCloseTo(means[a], within(1e-12));
      }
    }
    assertThat(WellingPariseDesign.gaussianModel(9, 1, 400).sample()).isDeepEqualTo(m.sample());
  }
}
