package org.occam.mrf.loglinear;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.GammaFunctions;
import org.occam.mrf.PairwiseGraph;

/**
 * The exact evidence of a decomposable (chordal) discrete Markov random field over fully observed
 * data under the hyper-Dirichlet prior (Dawid &amp; Lauritzen 1993, Ann. Statist. 21:1272, §7):
 *
 * <pre>
 *   ln p(D | G) = Σ_C ln DM(n_C; α) − Σ_S ln DM(n_S; α)
 *   ln DM(n_T; α) = lnΓ(α) − lnΓ(α + N) + Σ_{x_T} [ lnΓ(α/|X_T| + n(x_T)) − lnΓ(α/|X_T|) ]
 * </pre>
 *
 * <p>over the maximal cliques C and the separators S of a junction tree of G, where n_T is the
 * marginal table of the variables T (|X_T| cells, N the total weight) and DM the
 * Dirichlet-multinomial probability of the data's T-columns under a symmetric Dirichlet of total
 * precision α on the cells of T (the empty set contributes 0). These clique Dirichlets are
 * hyper-consistent: every one is the marginal of Dirichlet(α/|X_V|) on the full table, so this is
 * the BDeu-consistent hyper-Dirichlet, and α plays the part of BDeu's equivalent sample size — the
 * evidence equals the BDeu complete-data evidence, with that α, of any DAG whose moral graph is G
 * without v-structures (the graph oriented along a perfect ordering). The default is α = 1.
 *
 * <p>Each variable subset's {@code ln DM} is computed once (keyed by its bit mask), so ranking many
 * graphs costs little more than the distinct subsets they use. Thread-safe.
 */
public final class DecomposableEvidence {
  /** The default total precision α, as BDeu's default equivalent sample size. */
  public static final double DEFAULT_ALPHA = 1.0;
  /** The method's name in results and on the command line: the evidence is exact, in closed form. */
  public static final String METHOD = "exact";
  /** How the prior is written: {@code dirichlet:α}. */
  public static final String PRIOR_PREFIX = "dirichlet:";

  private final double alpha;
  private final int variableCount;
  private final int[] cardinality;
  private final int[][] rows;
  private final double[] counts;
  private final double total;
  private final Map<Long, Double> memo = new ConcurrentHashMap<>();

  /**
   * @param data fully observed, at most {@value ChordalGraph#MAX_VERTICES} variables, any number of
   *     states each, weighted rows
   * @param alpha the total precision α &gt; 0 of the hyper-Dirichlet
   * @throws InvalidInputException for missing cells, α ≤ 0 or not finite, or too many variables
   */
  public DecomposableEvidence(Dataset data, double alpha) {
    if (!(alpha > 0) || Double.isInfinite(alpha)) {
      throw new InvalidInputException("the hyper-Dirichlet precision α must be finite and > 0, got " + alpha);
    }
    if (data.hasMissing()) {
      throw new InvalidInputException("the decomposable evidence needs fully observed data; the data have missing"
          + " cells (drop the incomplete rows first)");
    }
    List<org.occam.data.Variable> vars = data.variables();
    if (vars.size() > ChordalGraph.MAX_VERTICES) {
      throw new InvalidInputException("the decomposable evidence takes at most " + ChordalGraph.MAX_VERTICES
          + " variables, got " + vars.size());
    }
    this.alpha = alpha;
    this.variableCount = vars.size();
    this.cardinality = vars.stream().mapToInt(org.occam.data.Variable::cardinality).toArray();
    this.rows = new int[data.distinctRows()][];
    this.counts = new double[data.distinctRows()];
    for (int r = 0; r < rows.length; r++) {
      rows[r] = data.row(r).clone();
      counts[r] = data.count(r);
    }
    this.total = data.size();
  }

  /** With the default α = 1. */
  public static DecomposableEvidence of(Dataset data) {
    return new DecomposableEvidence(data, DEFAULT_ALPHA);
  }

  /** The total precision α. */
  public double alpha() {
    return alpha;
  }

  /**
   * Reads {@code dirichlet:α} (α a finite number &gt; 0).
   *
   * @throws InvalidInputException with a one-line message for anything else
   */
  public static double parsePrior(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (!t.startsWith(PRIOR_PREFIX)) {
      throw new InvalidInputException("prior '" + text + "': expected " + PRIOR_PREFIX + "α, the hyper-Dirichlet's"
          + " total precision (e.g. " + PRIOR_PREFIX + "1)");
    }
    double a;
    try {
      a = Double.parseDouble(t.substring(PRIOR_PREFIX.length()));
    } catch (NumberFormatException e) {
      throw new InvalidInputException("prior '" + text + "': α after '" + PRIOR_PREFIX + "' is not a number");
    }
    if (!(a > 0) || Double.isInfinite(a)) {
      throw new InvalidInputException("prior '" + text + "': the hyper-Dirichlet precision α must be finite and > 0");
    }
    return a;
  }

  /** {@code dirichlet:α}, as {@link #parsePrior} reads it. */
  public String prior() {
    return PRIOR_PREFIX + java.math.BigDecimal.valueOf(alpha).stripTrailingZeros().toPlainString();
  }

  /**
   * The evidence of a chordal graph as a result: method {@value #METHOD}, the prior in its
   * settings, the junction tree's size (cliques, largest clique) in its diagnostics.
   *
   * @throws InvalidInputException if the graph is not chordal, naming a chordless cycle
   */
  public EvidenceEstimate estimate(PairwiseGraph graph) {
    long t0 = System.nanoTime();
    if (graph.vertexCount() != variableCount) {
      throw new InvalidInputException("the graph has " + graph.vertexCount() + " vertices but the data "
          + variableCount + " variables");
    }
    ChordalGraph tree = ChordalGraph.of(graph);
    double value = logEvidence(tree);
    int largest = 0;
    for (int c = 0; c < tree.cliqueCount(); c++) {
      largest = Math.max(largest, Long.bitCount(tree.clique(c)));
    }
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("prior", prior());
    Map<String, Object> diagnostics = new LinkedHashMap<>();
    diagnostics.put("cliques", tree.cliqueCount());
    diagnostics.put("largestClique", largest);
    diagnostics.put("freeParameters", freeParameters(tree));
    return new EvidenceEstimate(METHOD, value, OptionalDouble.empty(), (System.nanoTime() - t0) * 1e-9, settings,
        OptionalLong.empty(), diagnostics);
  }

  /**
   * {@code ln p(D | G)} for a graph on the data's variables (vertex v is column v).
   *
   * @throws InvalidInputException if the graph is not chordal (naming a chordless cycle) or its
   *     vertices are not the data's variables
   */
  public double logEvidence(PairwiseGraph graph) {
    if (graph.vertexCount() != variableCount) {
      throw new InvalidInputException("the graph has " + graph.vertexCount() + " vertices but the data "
          + variableCount + " variables");
    }
    return logEvidence(ChordalGraph.of(graph));
  }

  /** {@code Σ_C ln DM(n_C) − Σ_S ln DM(n_S)} over the junction tree of a chordal graph. */
  public double logEvidence(ChordalGraph graph) {
    if (graph.vertexCount() != variableCount) {
      throw new InvalidInputException("the graph has " + graph.vertexCount() + " vertices but the data "
          + variableCount + " variables");
    }
    double sum = 0;
    for (int c = 0; c < graph.cliqueCount(); c++) {
      sum += logMarginal(graph.clique(c)) - logMarginal(graph.separator(c));
    }
    return sum;
  }

  /**
   * The free parameters of the decomposable model, {@code Σ_C (|X_C| − 1) − Σ_S (|X_S| − 1)} (a
   * separator's table is shared by the two cliques it joins; the empty separator counts nothing): the
   * dimension of the log-linear model with every clique's interactions, not the V + E of a Boltzmann machine.
   */
  public long freeParameters(ChordalGraph graph) {
    long sum = 0;
    for (int c = 0; c < graph.cliqueCount(); c++) {
      sum += cells(graph.clique(c)) - cells(graph.separator(c));
    }
    return sum;
  }

  /** |X_T|, the cells of T's table (1 for the empty set). */
  private long cells(long subset) {
    long k = 1;
    for (int v : ChordalGraph.members(subset)) {
      k = Math.multiplyExact(k, cardinality[v]);
    }
    return k;
  }

  /**
   * {@code ln DM(n_T; α)}: the log probability of the data's columns T under the saturated model of
   * T with a symmetric Dirichlet(α/|X_T|) on its cells; 0 for the empty set.
   *
   * @param subset the variables T as a bit mask
   */
  public double logMarginal(long subset) {
    if (subset == 0) {
      return 0;
    }
    if ((subset >>> variableCount) != 0) {
      throw new IllegalArgumentException("subset " + Long.toBinaryString(subset) + " names variables beyond the "
          + variableCount + " of the data");
    }
    Double known = memo.get(subset);
    if (known != null) {
      return known;
    }
    double value = computeLogMarginal(subset);
    memo.put(subset, value);
    return value;
  }

  private double computeLogMarginal(long subset) {
    int[] members = ChordalGraph.members(subset);
    double cells = 1;
    boolean fitsLong = true;
    long radix = 1;
    for (int v : members) {
      cells *= cardinality[v];
      if (fitsLong && radix <= Long.MAX_VALUE / cardinality[v]) {
        radix *= cardinality[v];
      } else {
        fitsLong = false;
      }
    }
    double a = alpha / cells;
    // only the non-empty cells contribute: lnΓ(a + 0) − lnΓ(a) = 0
    Map<Object, Double> table = new HashMap<>();
    for (int r = 0; r < rows.length; r++) {
      Object key;
      if (fitsLong) {
        long k = 0;
        for (int v : members) {
          k = k * cardinality[v] + rows[r][v];
        }
        key = k;
      } else {
        int[] k = new int[members.length];
        for (int i = 0; i < members.length; i++) {
          k[i] = rows[r][members[i]];
        }
        key = Arrays.toString(k);
      }
      table.merge(key, counts[r], Double::sum);
    }
    double logGammaA = GammaFunctions.logGamma(a);
    double sum = GammaFunctions.logGamma(alpha) - GammaFunctions.logGamma(alpha + total);
    for (double n : table.values()) {
      sum += GammaFunctions.logGamma(a + n) - logGammaA;
    }
    return sum;
  }
}
