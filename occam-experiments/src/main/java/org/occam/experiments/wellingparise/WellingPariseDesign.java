package org.occam.experiments.wellingparise;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.ExactSampler;
import org.occam.mrf.MrfData;
import org.occam.mrf.PairwiseGraph;

/**
 * The synthetic design of Welling &amp; Parise (UAI 2006, section 7) on a 5×5 grid. The paper's
 * variables are spins s = ±1 with {@code p(s) ∝ exp(Σ h_i s_i + Σ J_ij s_i s_j)}; its parameters are
 * drawn in that form and converted exactly to Occam's 0/1 Boltzmann machine by
 * {@link BoltzmannMachine#fromSpins} ({@code w = 4J}, {@code θ_i = 2h_i − 2Σ_j J_ij}), so every
 * posterior below is over the 0/1 parameters λ = (θ, w):
 *
 * <ul>
 *   <li>Figure 2: fields and couplings i.i.d. N(0, 0.25) (standard deviation ½);
 *   <li>Figures 4 and 5: couplings uniform on {@code [−(d+ε), −d] ∪ [d, d+ε]}, ε = 0.1/4, fields all
 *       0 (Figure 4) or all 1 (Figure 5).
 * </ul>
 *
 * <p>A model's data are {@code rows} exact samples (junction-tree forward sampling), drawn after its
 * parameters from the model's own stream ({@link #modelSeed}); a data set of size N is the first N,
 * so the sizes are nested.
 */
final class WellingPariseDesign {
  /** The grid's side. */
  static final int SIDE = 5;
  /** The 5×5 grid: 25 variables, 40 edges, 65 parameters. */
  static final PairwiseGraph GRID = PairwiseGraph.grid(SIDE, SIDE);
  /** The variables' names, by grid position: {@code r0c0 … r4c4}, row-major as in {@link PairwiseGraph#grid}. */
  static final List<String> VARIABLE_NAMES = java.util.stream.IntStream.range(0, SIDE * SIDE)
      .mapToObj(i -> "r" + i / SIDE + "c" + i % SIDE).toList();
  /** The standard deviation of Figure 2's spin fields and couplings: N(0, 0.25). */
  static final double SPIN_SD = 0.5;
  /** ε, the width of each coupling interval of Figures 4 and 5. */
  static final double EPSILON = 0.1 / 4;
  /** The paper's coupling strengths d, in units of 1/4. */
  static final List<Double> PAPER_STRENGTHS_TIMES_4 = List.of(0.1, 0.5, 1.0, 1.5, 2.0);
  /** The spin fields of Figure 4 and Figure 5. */
  static final double FIG4_FIELD = 0;
  static final double FIG5_FIELD = 1;

  /** The ground truth and the four methods compared with it, in the paper's order after it. */
  static final String HMC = "hmc";
  static final List<String> COMPARED = List.of("bl-mp", "bl-bp", "lv-cd", "mc-bp");
  static final List<String> METHODS = List.of(HMC, "bl-mp", "bl-bp", "lv-cd", "mc-bp");
  /** The methods whose loopy BP runs are counted where the paper says BP stops converging. */
  static final List<String> BP_COUNTED = List.of("bl-bp", "mc-bp");

  private WellingPariseDesign() {}

  /**
   * One true model with its data.
   *
   * @param figure 2, 4 or 5
   * @param index the model's id within its figure (Figures 4 and 5: d·4 in thousandths,
   *     {@link WellingParisePlan#strengthId})
   * @param strengthTimes4 d·4 (NaN for Figure 2)
   * @param fields the spin fields h
   * @param couplings the spin couplings J, in the grid's edge order
   * @param machine the same model on 0/1 variables
   * @param sample the exact samples, 0/1, in the order drawn (not copied; never modified)
   */
  record Model(int figure, int index, double strengthTimes4, double[] fields, double[] couplings,
      BoltzmannMachine machine, int[][] sample) {
    /**
     * The first n samples as distinct rows with counts (in order of first appearance), over the
     * variables {@link #VARIABLE_NAMES}: the feature means and the row table contrastive divergence
     * starts its Gibbs sweeps from.
     */
    MrfData data(int n) {
      if (n < 1 || n > sample.length) {
        throw new InvalidInputException("need 1 <= N <= " + sample.length + ", got " + n);
      }
      Map<Long, Integer> index = new HashMap<>();
      List<int[]> rows = new ArrayList<>();
      List<Double> counts = new ArrayList<>();
      for (int r = 0; r < n; r++) {
        long code = 0;
        for (int i = 0; i < sample[r].length; i++) {
          code |= (long) sample[r][i] << i;
        }
        Integer at = index.get(code);
        if (at == null) {
          index.put(code, rows.size());
          rows.add(sample[r]);
          counts.add(1.0);
        } else {
          counts.set(at, counts.get(at) + 1);
        }
      }
      return MrfData.ofRows(machine.graph(), new MrfData.RowTable(VARIABLE_NAMES, rows.toArray(new int[0][]),
          counts.stream().mapToDouble(Double::doubleValue).toArray()));
    }
  }

  /** The seed of a model's stream: {@code taskSeed(seed, figure, model)}. */
  static long modelSeed(long seed, int figure, int model) {
    return RandomStreams.taskSeed(seed, figure, model);
  }

  /** Figure 2's model {@code m}: spin fields and couplings N(0, 0.25), then {@code rows} exact samples. */
  static Model gaussianModel(long seed, int m, int rows) {
    UniformRandomProvider rng = RandomStreams.fromSeed(modelSeed(seed, 2, m));
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] h = new double[GRID.vertexCount()];
    double[] j = new double[GRID.edgeCount()];
    for (int i = 0; i < h.length; i++) {
      h[i] = SPIN_SD * normal.sample();
    }
    for (int e = 0; e < j.length; e++) {
      j[e] = SPIN_SD * normal.sample();
    }
    return withData(2, m, Double.NaN, h, j, rows, rng);
  }

  /**
   * Figure 4's or 5's model of id {@code id} ({@link WellingParisePlan#strengthId}): couplings uniform on
   * [−(d+ε), −d] ∪ [d, d+ε] (a sign, then a magnitude, per edge), all fields {@code field}.
   */
  static Model couplingModel(long seed, int figure, int id, double strengthTimes4, double field, int rows) {
    UniformRandomProvider rng = RandomStreams.fromSeed(modelSeed(seed, figure, id));
    double d = strengthTimes4 / 4;
    double[] h = new double[GRID.vertexCount()];
    java.util.Arrays.fill(h, field);
    double[] j = new double[GRID.edgeCount()];
    for (int e = 0; e < j.length; e++) {
      boolean negative = rng.nextBoolean();
      double magnitude = d + EPSILON * rng.nextDouble();
      j[e] = negative ? -magnitude : magnitude;
    }
    return withData(figure, id, strengthTimes4, h, j, rows, rng);
  }

  private static Model withData(int figure, int index, double d4, double[] h, double[] j, int rows,
      UniformRandomProvider rng) {
    BoltzmannMachine bm = BoltzmannMachine.fromSpins(GRID, h, j);
    int[][] sample = ExactSampler.of(bm).sample(rows, rng);
    return new Model(figure, index, d4, h, j, bm, sample);
  }
}
