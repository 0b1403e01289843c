package org.occam.search;

import java.math.BigInteger;
import org.occam.data.InvalidInputException;

/**
 * How much work a structure class or search is, counted exactly before any of it is done, so a
 * command can say what it is about to do and refuse what it cannot finish (issue 12).
 *
 * <ul>
 *   <li>The bipartite DAG class of Beal (2003, section 6.4): every observed variable takes any
 *       subset of the k hidden variables as parents, and hidden variables of equal cardinality are
 *       interchangeable. A structure is a multiset of children masks within each group of
 *       interchangeable hidden variables, so a group of g variables over p observed ones has
 *       C(2^p + g − 1, g) structures and the class the product over groups (k = 2 binary hidden,
 *       p = 4: C(17, 2) = 136).
 *   <li>The greedy edge path of Parise &amp; Welling (2006, section 4) on V vertices, E = V(V−1)/2
 *       pairs: the empty graph, then E + (E − 1) + … + 1 candidates, 1 + E(E+1)/2 scores of the
 *       criterion.
 *   <li>Every graph on V vertices: 2^E.
 *   <li>The arcs a DAG structure search may draw, hidden → observed or any but observed → hidden.
 * </ul>
 */
public final class WorkCounts {
  private WorkCounts() {}

  /**
   * The number of structures of the bipartite class, up to permutations of interchangeable
   * hidden variables (those of equal cardinality).
   *
   * @param hiddenCardinalities the states of each hidden variable (any order)
   * @param observed the number p of observed variables, ≥ 0
   */
  public static BigInteger bipartiteStructures(int[] hiddenCardinalities, int observed) {
    if (observed < 0) {
      throw new InvalidInputException("the number of observed variables must be >= 0, got " + observed);
    }
    BigInteger masks = BigInteger.ONE.shiftLeft(observed);
    int[] sorted = hiddenCardinalities.clone();
    java.util.Arrays.sort(sorted);
    BigInteger count = BigInteger.ONE;
    for (int start = 0; start < sorted.length; ) {
      int end = start;
      while (end < sorted.length && sorted[end] == sorted[start]) {
        end++;
      }
      count = count.multiply(multisets(masks, end - start));
      start = end;
    }
    return count;
  }

  /** C(n + g − 1, g): multisets of size g from n kinds. */
  static BigInteger multisets(BigInteger n, int g) {
    BigInteger c = BigInteger.ONE;
    for (int i = 1; i <= g; i++) {
      // C(n+i-1, i) = C(n+i-2, i-1) * (n+i-1) / i, exact at every step
      c = c.multiply(n.add(BigInteger.valueOf(i - 1))).divide(BigInteger.valueOf(i));
    }
    return c;
  }

  /**
   * The arcs a DAG structure search may draw over k hidden and p observed variables, the ordered
   * pairs {@code constraint} allows (an upper bound on the one-arc moves of a step): kp in the
   * bipartite class, k(k−1) + kp + p(p−1) in the general one (every arc but observed → hidden).
   */
  public static long allowedArcs(DagArcConstraint constraint, int hidden, int observed) {
    long k = hidden;
    long p = observed;
    return constraint == DagArcConstraint.BIPARTITE ? k * p : k * (k - 1) + k * p + p * (p - 1);
  }

  /** E = V(V−1)/2, the pairs of V vertices. */
  public static long pairs(int vertices) {
    return (long) vertices * (vertices - 1) / 2;
  }

  /** The criterion scores of the greedy edge path on V vertices: 1 + E(E+1)/2. */
  public static BigInteger greedyPathScores(int vertices) {
    BigInteger e = BigInteger.valueOf(pairs(vertices));
    return BigInteger.ONE.add(e.multiply(e.add(BigInteger.ONE)).shiftRight(1));
  }

  /** The graphs of a path ranking scored by every method: empty, chain and the E graphs of the path. */
  public static long pathRankedGraphs(int vertices) {
    return pairs(vertices) + 2;
  }

  /** Every graph on V vertices: 2^(V(V−1)/2). */
  public static BigInteger allGraphs(int vertices) {
    return BigInteger.ONE.shiftLeft((int) pairs(vertices));
  }

  /**
   * A cost model of one EM or VBEM iteration (Beal 2003, section 6.3): about 2.5 ns per joint
   * configuration of a row's unobserved variables and per variable, measured on the 12-observed,
   * 1-hidden latent class model (903 distinct rows, 200 and 1000 hidden states, 50 iterations) on a
   * shared 2-core machine. A forecast, not a promise: another machine or model shifts it.
   */
  public static final double EM_SECONDS_PER_CONFIGURATION_VARIABLE = 2.5e-9;

  /**
   * The joint configurations of the unobserved variables that one E-step sums over: for each
   * distinct row, the product of the hidden variables' states and of the states of the row's
   * missing cells, summed over rows.
   *
   * @param hiddenCardinalities the states of each hidden variable
   */
  /**
   * The cost model's weight of one EM or VBEM iteration: the configurations it sums
   * ({@link #emConfigurations}) times the variables of the model (observed and hidden), the
   * quantity {@link #EM_SECONDS_PER_CONFIGURATION_VARIABLE} is per.
   *
   * @param hiddenCardinalities the states of each hidden variable
   */
  public static double emWork(org.occam.data.Dataset data, int[] hiddenCardinalities) {
    return emConfigurations(data, hiddenCardinalities) * (data.variables().size() + hiddenCardinalities.length);
  }

  /**
   * The cost model's bound on one EM or VBEM fit: every restart run to the iteration limit, each
   * iteration summing {@code configurations} over {@code variables} variables, in seconds.
   */
  public static double emSecondsBound(double configurations, int variables, int maxIterations, int restarts) {
    return configurations * variables * maxIterations * restarts * EM_SECONDS_PER_CONFIGURATION_VARIABLE;
  }

  /**
   * The bound of {@link #emSecondsBound} in words: "at most 2.1 s per model and method at the
   * 1000-iteration limit (cost model: 2.5 ns per configuration and variable)".
   */
  public static String emBound(double configurations, int variables, int maxIterations, int restarts) {
    return "at most " + WorkEstimate.duration(emSecondsBound(configurations, variables, maxIterations, restarts))
        + " per model and method at the " + maxIterations + "-iteration limit (cost model: 2.5 ns per"
        + " configuration and variable)";
  }

  /**
   * The parameters F = (V+1)(K+1) − 1 of an RBM with V visible and K hidden units (weights,
   * visible and hidden biases; Chen &amp; Welling 2013): the cost model of {@code rbm select}, whose
   * PCD, Gibbs sampling and cross-validation grow with it.
   */
  public static double rbmParameters(int visible, int hidden) {
    return (visible + 1.0) * (hidden + 1) - 1;
  }

  public static double emConfigurations(org.occam.data.Dataset data, int[] hiddenCardinalities) {
    double hidden = 1;
    for (int c : hiddenCardinalities) {
      hidden *= c;
    }
    int[] cards = data.variables().stream().mapToInt(org.occam.data.Variable::cardinality).toArray();
    double total = 0;
    for (int r = 0; r < data.distinctRows(); r++) {
      int[] row = data.row(r);
      double configurations = hidden;
      for (int v = 0; v < row.length; v++) {
        if (row[v] == org.occam.data.Dataset.MISSING) {
          configurations *= cards[v];
        }
      }
      total += configurations;
    }
    return total;
  }
}
