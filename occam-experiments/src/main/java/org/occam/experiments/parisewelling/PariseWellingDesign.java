package org.occam.experiments.parisewelling;


import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.ExactSampler;
import org.occam.mrf.MrfData;
import org.occam.mrf.PairwiseGraph;

/**
 * The synthetic design of Parise &amp; Welling (2006, section 4.1) on 5 binary variables, in the
 * 0/1 parameterisation of their appendix A ({@code p(x) ∝ exp(Σ θ_i x_i + Σ w_ij x_i x_j)}):
 *
 * <ul>
 *   <li>a structure is a subset of the 10 possible edges, written as a 10-bit mask over the pairs in
 *       lexicographic order (bit 0 = 0-1, bit 1 = 0-2, …, bit 9 = 3-4); a random structure has each
 *       edge with probability ½ (the paper does not say how its structures were drawn);
 *   <li>a true model on a structure has biases {@code θ_i ~ U[−1, 1]} and weights
 *       {@code |w_ij| ~ U[d, d + ε]}, ε = 0.1/4, with a random sign (so w is uniform on
 *       {@code [−d−ε, −d] ∪ [d, d+ε]});
 *   <li>its data are {@code nMax} exact samples (junction-tree forward sampling); a data set of size
 *       N is the first N of them, so the sizes are nested;
 *   <li>a nested model sequence around a true structure T of t edges has 11 models with 0 … 10
 *       edges: the empty graph, then T's edges added one at a time in a random order (reaching T at t
 *       edges), then the other 10 − t edges added one at a time in a random order (reaching the
 *       complete graph). Read outward from T it removes true edges one at a time and adds false ones
 *       one at a time, and every model contains all edges of the models before it.
 * </ul>
 *
 * <p>Each random choice reads its own stream, passed in by the caller, so the design depends on the
 * seed only.
 */
final class PariseWellingDesign {
  /** The number of variables, V = 5. */
  static final int VARIABLES = 5;
  /** The number of possible edges, V(V − 1)/2 = 10. */
  static final int PAIRS = VARIABLES * (VARIABLES - 1) / 2;
  /** ε, the width of each weight interval. */
  static final double WEIGHT_WIDTH = 0.1 / 4;
  /** The paper's six edge strengths d, in units of 1/4. */
  static final double[] PAPER_STRENGTHS_TIMES_4 = {0.1, 0.2, 0.5, 1.0, 1.5, 2.0};
  /** Configurations of 5 binary variables. */
  static final int CONFIGURATIONS = 1 << VARIABLES;

  /** Pair k's two ends, lexicographic. */
  private static final int[][] PAIR = pairs();

  private PariseWellingDesign() {}

  private static int[][] pairs() {
    int[][] p = new int[PAIRS][];
    int k = 0;
    for (int i = 0; i < VARIABLES; i++) {
      for (int j = i + 1; j < VARIABLES; j++) {
        p[k++] = new int[] {i, j};
      }
    }
    return p;
  }

  /** The graph of a structure mask, edges in pair order. */
  static PairwiseGraph graph(int mask) {
    List<int[]> edges = new ArrayList<>();
    for (int k = 0; k < PAIRS; k++) {
      if ((mask >>> k & 1) != 0) {
        edges.add(PAIR[k].clone());
      }
    }
    return new PairwiseGraph(VARIABLES, edges.toArray(new int[0][]));
  }

  /** E.g. {@code "0-1 1-3 2-4"}, or {@code "(none)"}. */
  static String edgeList(int mask) {
    StringBuilder b = new StringBuilder();
    for (int k = 0; k < PAIRS; k++) {
      if ((mask >>> k & 1) != 0) {
        b.append(b.length() == 0 ? "" : " ").append(PAIR[k][0]).append('-').append(PAIR[k][1]);
      }
    }
    return b.length() == 0 ? "(none)" : b.toString();
  }

  /** A random structure: each of the 10 pairs an edge with probability ½, pair 0 first. */
  static int randomStructure(UniformRandomProvider rng) {
    int mask = 0;
    for (int k = 0; k < PAIRS; k++) {
      if (rng.nextBoolean()) {
        mask |= 1 << k;
      }
    }
    return mask;
  }

  /**
   * A true parameter vector λ = (θ, w) for a structure: the five biases first, then per edge (in
   * pair order) a sign and a magnitude.
   *
   * @param d the edge strength (not times 4)
   */
  static double[] randomParameters(int mask, double d, UniformRandomProvider rng) {
    int edges = Integer.bitCount(mask);
    double[] lambda = new double[VARIABLES + edges];
    for (int i = 0; i < VARIABLES; i++) {
      lambda[i] = 2 * rng.nextDouble() - 1;
    }
    for (int e = 0; e < edges; e++) {
      boolean negative = rng.nextBoolean();
      double magnitude = d + WEIGHT_WIDTH * rng.nextDouble();
      lambda[VARIABLES + e] = negative ? -magnitude : magnitude;
    }
    return lambda;
  }

  /**
   * The 11 masks of a nested sequence around {@code trueMask}: index k has k edges (see the class
   * comment).
   */
  static int[] nestedSequence(int trueMask, UniformRandomProvider rng) {
    int[] order = new int[PAIRS];
    int t = 0;
    for (int k = 0; k < PAIRS; k++) {
      if ((trueMask >>> k & 1) != 0) {
        order[t++] = k;
      }
    }
    int f = t;
    for (int k = 0; k < PAIRS; k++) {
      if ((trueMask >>> k & 1) == 0) {
        order[f++] = k;
      }
    }
    RandomStreams.shuffle(order, 0, t, rng);
    RandomStreams.shuffle(order, t, PAIRS, rng);
    int[] sequence = new int[PAIRS + 1];
    for (int k = 0; k < PAIRS; k++) {
      sequence[k + 1] = sequence[k] | 1 << order[k];
    }
    return sequence;
  }

  /**
   * One true model with its nested data: the exact samples are kept as 5-bit configuration codes
   * (bit i = x_i), in the order drawn. Immutable.
   */
  static final class Model {
    private final int index;
    private final int structure;
    private final int strengthIndex;
    private final double strengthTimes4;
    private final int mask;
    private final double[] lambda;
    private final byte[] sample;

    /**
     * Draws the parameters and then {@code rows} exact samples from {@code rng}.
     *
     * @param index the model's index (structure-major, strength-minor)
     * @param structure the structure's index
     * @param strengthIndex the index of d in the strength list
     * @param strengthTimes4 d · 4
     */
    Model(int index, int structure, int strengthIndex, double strengthTimes4, int mask, int rows,
        UniformRandomProvider rng) {
      this.index = index;
      this.structure = structure;
      this.strengthIndex = strengthIndex;
      this.strengthTimes4 = strengthTimes4;
      this.mask = mask;
      this.lambda = randomParameters(mask, strengthTimes4 / 4, rng);
      ExactSampler sampler = ExactSampler.of(new BoltzmannMachine(graph(mask), lambda));
      this.sample = new byte[rows];
      int[] x = new int[VARIABLES];
      for (int r = 0; r < rows; r++) {
        sampler.draw(rng, x);
        int code = 0;
        for (int i = 0; i < VARIABLES; i++) {
          code |= x[i] << i;
        }
        sample[r] = (byte) code;
      }
    }

    int index() {
      return index;
    }

    int structure() {
      return structure;
    }

    int strengthIndex() {
      return strengthIndex;
    }

    double strengthTimes4() {
      return strengthTimes4;
    }

    /** The true structure. */
    int mask() {
      return mask;
    }

    /** The true λ (a copy). */
    double[] parameters() {
      return lambda.clone();
    }

    int rows() {
      return sample.length;
    }

    /** How often each configuration occurs among the first n samples. */
    long[] counts(int n) {
      if (n < 1 || n > sample.length) {
        throw new InvalidInputException("need 1 <= n <= " + sample.length + ", got " + n);
      }
      long[] c = new long[CONFIGURATIONS];
      for (int r = 0; r < n; r++) {
        c[sample[r]]++;
      }
      return c;
    }

    /** The sufficient statistics of the first n samples for the structure {@code scoredMask}. */
    MrfData data(int scoredMask, int n) {
      PairwiseGraph g = graph(scoredMask);
      long[] c = counts(n);
      double[] means = new double[VARIABLES + g.edgeCount()];
      for (int code = 0; code < CONFIGURATIONS; code++) {
        if (c[code] == 0) {
          continue;
        }
        for (int i = 0; i < VARIABLES; i++) {
          means[i] += (code >>> i & 1) * c[code];
        }
        for (int e = 0; e < g.edgeCount(); e++) {
          means[VARIABLES + e] += (code >>> g.edgeFrom(e) & code >>> g.edgeTo(e) & 1) * c[code];
        }
      }
      for (int a = 0; a < means.length; a++) {
        means[a] /= n;
      }
      return new MrfData(g, n, means);
    }
  }
}
