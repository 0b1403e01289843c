package org.occam.mrf.loglinear;

import java.util.Objects;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.mrf.LoopyBeliefPropagation.Schedule;
import org.occam.mrf.LoopyBeliefPropagation.Settings;

/**
 * Loopy belief propagation (sum-product) for a hierarchical log-linear model on variables with any
 * number of states, on its {@link LogLinearFactorGraph} (one factor per generator), with damping, a
 * tolerance, an iteration cap, warm starts, and the Bethe approximation {@code log Z_Bethe} at the
 * final beliefs. BP fixed points are the stationary points of the Bethe free energy (Yedidia,
 * Freeman &amp; Weiss, IEEE Trans. Inf. Theory 51, 2005, Theorem 2); on a factor graph without cycles
 * BP is exact. The binary pairwise {@link LoopyBeliefPropagation} is the special case, with the same
 * settings record and defaults (sequential updates, damping 0.5, tolerance 1e-10, 1000 sweeps).
 *
 * <p>Only factor-to-variable messages are stored, in the log domain and normalised so that the
 * reference state's entry is 0 ({@code μ_{g→v}(s) = log m_{g→v}(s)/m_{g→v}(0)}); the message from a
 * variable to a factor is the sum of the variable's other incoming messages:
 *
 * <pre>
 *   ν_{v→g}(s) = Σ_{g' ∋ v, g' ≠ g} μ_{g'→v}(s)
 *   μ_{g→v}(s) ← log Σ_{x_g : x_v = s} exp(log ψ_g(x_g) + Σ_{u ∈ g∖v} ν_{u→g}(x_u))   (then normalised)
 * </pre>
 *
 * <p>Damping δ mixes in the log domain, {@code μ ← δ μ_old + (1 − δ) μ_new}; the convergence
 * diagnostic is the largest undamped residual {@code |μ_new − μ_old|} of a sweep. A sequential sweep
 * visits the factors in order, each sending all its messages from its current incoming ones; a
 * parallel sweep computes every message from the previous sweep's.
 *
 * <p>Beliefs: {@code b_g(x_g) ∝ ψ_g(x_g) Π_{v∈g} exp ν_{v→g}(x_v)} and
 * {@code b_v(s) ∝ Π_{g∋v} exp μ_{g→v}(s)}, normalised in the log domain, and
 *
 * <pre>
 *   log Z_Bethe = Σ_g [ Σ_x b_g(x) log ψ_g(x) + H(b_g) ] − Σ_v (d_v − 1) H(b_v)
 * </pre>
 *
 * <p>(the sign convention of {@link org.occam.mrf.BetheFreeEnergy}: {@code log Z_Bethe = −F_Bethe}).
 * At a fixed point {@code ∂ log Z_Bethe / ∂λ = E_BP[f]}, each feature read from the belief of the
 * factor that owns its term.
 *
 * <p>An engine keeps its messages between runs, so an optimiser calling BP at nearby parameters
 * starts each run from the previous fixed point. It is therefore not thread-safe.
 *
 * <pre>{@code
 * LogLinearBeliefPropagation bp =
 *     new LogLinearBeliefPropagation(structure, LoopyBeliefPropagation.Settings.defaults());
 * LogLinearBpResult r = bp.run(lambda);
 * if (r.converged()) {
 *   double logZ = r.logZ();
 *   double[] means = r.featureMeans();
 * }
 * }</pre>
 */
public final class LogLinearBeliefPropagation {
  private final LogLinearFactorGraph graph;
  private final Settings settings;
  private final int[][] messageStart;
  private final double[] messages;
  private final double[] next;
  /** Per variable, Σ_{g∋v} μ_{g→v}, kept in step with the messages. */
  private final double[][] totals;
  private final double[] table;
  private final double[][] cavity;
  private final double[] groupMax;
  private final double[] groupSum;
  /** Per factor, the state of each position in each cell: {@code [c · arity + p]}. */
  private final int[][] cellStates;
  /** exp(table − max table), the factor's cells rescaled once per factor and sweep. */
  private final double[] weight;

  /** An engine for one structure, starting from uniform messages. */
  public LogLinearBeliefPropagation(LogLinearStructure structure, Settings settings) {
    this(new LogLinearFactorGraph(structure), settings);
  }

  public LogLinearBeliefPropagation(LogLinearFactorGraph graph, Settings settings) {
    this.graph = Objects.requireNonNull(graph, "graph");
    this.settings = Objects.requireNonNull(settings, "settings");
    LogLinearStructure s = graph.structure();
    messageStart = new int[graph.factorCount()][];
    int total = 0;
    int largest = 1;
    int widest = 0;
    int maxStates = 1;
    for (int g = 0; g < graph.factorCount(); g++) {
      int[] vars = graph.factorVariablesShared(g);
      messageStart[g] = new int[vars.length];
      for (int p = 0; p < vars.length; p++) {
        messageStart[g][p] = total;
        total += s.cardinality(vars[p]);
        maxStates = Math.max(maxStates, s.cardinality(vars[p]));
      }
      largest = Math.max(largest, graph.cells(g));
      widest = Math.max(widest, vars.length);
    }
    messages = new double[total];
    next = new double[total];
    totals = new double[s.variableCount()][];
    for (int v = 0; v < totals.length; v++) {
      totals[v] = new double[s.cardinality(v)];
    }
    table = new double[largest];
    cavity = new double[widest][maxStates];
    groupMax = new double[maxStates];
    groupSum = new double[maxStates];
    cellStates = new int[graph.factorCount()][];
    for (int g = 0; g < graph.factorCount(); g++) {
      int arity = graph.factorVariablesShared(g).length;
      cellStates[g] = new int[graph.cells(g) * arity];
      for (int c = 0; c < graph.cells(g); c++) {
        for (int p = 0; p < arity; p++) {
          cellStates[g][c * arity + p] = graph.state(g, c, p);
        }
      }
    }
    weight = new double[largest];
  }

  /** A cold run with a fresh engine. */
  public static LogLinearBpResult run(LogLinearModel model, Settings settings) {
    return new LogLinearBeliefPropagation(model.structure(), settings).run(model.parameters());
  }

  public LogLinearFactorGraph graph() {
    return graph;
  }

  public Settings settings() {
    return settings;
  }

  /** Forgets the messages, so that the next run starts from uniform messages. */
  public void reset() {
    java.util.Arrays.fill(messages, 0);
  }

  /**
   * Runs BP at λ from the messages of the previous run (uniform for the first). Does not throw when
   * BP fails to converge: the result says so and holds the beliefs of the last sweep.
   */
  public LogLinearBpResult run(double[] lambda) {
    if (lambda.length != graph.structure().featureCount()) {
      throw new IllegalArgumentException("the model has " + graph.structure().featureCount() + " parameters, got "
          + lambda.length);
    }
    double[][] logPsi = graph.logPotentials(lambda);
    double damping = settings.damping();
    double residual = 0;
    int iterations = 0;
    boolean converged = false;
    while (iterations < settings.maxIterations()) {
      residual = sweep(logPsi, damping, settings.schedule() == Schedule.SEQUENTIAL);
      iterations++;
      if (residual < settings.tolerance()) {
        converged = true;
        break;
      }
    }
    return beliefs(lambda.clone(), logPsi, converged, iterations, residual);
  }

  private void recomputeTotals(double[] mu) {
    for (double[] t : totals) {
      java.util.Arrays.fill(t, 0);
    }
    for (int g = 0; g < graph.factorCount(); g++) {
      int[] vars = graph.factorVariablesShared(g);
      for (int p = 0; p < vars.length; p++) {
        double[] t = totals[vars[p]];
        int at = messageStart[g][p];
        for (int s = 0; s < t.length; s++) {
          t[s] += mu[at + s];
        }
      }
    }
  }

  /** One sweep; returns the largest undamped residual. */
  private double sweep(double[][] logPsi, double damping, boolean sequential) {
    recomputeTotals(messages);
    double[] target = sequential ? messages : next;
    if (!sequential) {
      System.arraycopy(messages, 0, next, 0, messages.length);
    }
    double residual = 0;
    for (int g = 0; g < graph.factorCount(); g++) {
      int[] vars = graph.factorVariablesShared(g);
      double top = fillTable(g, logPsi[g]);
      for (int p = 0; p < vars.length; p++) {
        int v = vars[p];
        int k = totals[v].length;
        marginalise(g, p, k, top);
        double[] cav = cavity[p];
        int at = messageStart[g][p];
        double base = groupMax[0] + Math.log(groupSum[0]) - cav[0];
        for (int s = 0; s < k; s++) {
          double updated = s == 0 ? 0 : groupMax[s] + Math.log(groupSum[s]) - cav[s] - base;
          double old = messages[at + s];
          residual = Math.max(residual, Math.abs(updated - old));
          double damped = damping * old + (1 - damping) * updated;
          target[at + s] = damped;
          if (sequential) {
            totals[v][s] += damped - old;
          }
        }
      }
    }
    if (!sequential) {
      System.arraycopy(next, 0, messages, 0, messages.length);
    }
    return residual;
  }

  /**
   * The cavities ν_{v→g} of factor g's variables, {@code table = log ψ_g + Σ_v ν_{v→g}}, and
   * {@code weight = exp(table − max table)}.
   *
   * @return the table's largest entry
   */
  private double fillTable(int g, double[] logPsi) {
    int[] vars = graph.factorVariablesShared(g);
    for (int p = 0; p < vars.length; p++) {
      double[] t = totals[vars[p]];
      int at = messageStart[g][p];
      for (int s = 0; s < t.length; s++) {
        cavity[p][s] = t[s] - messages[at + s];
      }
    }
    int cells = graph.cells(g);
    int arity = vars.length;
    int[] states = cellStates[g];
    double top = Double.NEGATIVE_INFINITY;
    for (int c = 0, at = 0; c < cells; c++, at += arity) {
      double e = logPsi[c];
      for (int p = 0; p < arity; p++) {
        e += cavity[p][states[at + p]];
      }
      table[c] = e;
      top = Math.max(top, e);
    }
    for (int c = 0; c < cells; c++) {
      weight[c] = Math.exp(table[c] - top);
    }
    return top;
  }

  /** Below this a group's rescaled sum has lost its precision, and the group is summed about its own maximum. */
  private static final double SMALLEST_TRUSTED_SUM = 1e-250;

  /**
   * groupMax[s], groupSum[s]: the table's log-sum-exp over the cells where position p is at state s,
   * as {@code groupMax[s] + log groupSum[s]}. From the factor's rescaled weights (one exp per cell for
   * all positions), unless a group's sum is so small that it lost its digits (a state the others
   * make nearly impossible), then about each group's own maximum as before.
   */
  private void marginalise(int g, int p, int k, double top) {
    int cells = graph.cells(g);
    int arity = graph.factorVariablesShared(g).length;
    int[] states = cellStates[g];
    java.util.Arrays.fill(groupSum, 0, k, 0);
    for (int c = 0, at = p; c < cells; c++, at += arity) {
      groupSum[states[at]] += weight[c];
    }
    boolean trusted = true;
    for (int s = 0; s < k; s++) {
      groupMax[s] = top;
      trusted &= groupSum[s] >= SMALLEST_TRUSTED_SUM;
    }
    if (trusted) {
      return;
    }
    java.util.Arrays.fill(groupMax, 0, k, Double.NEGATIVE_INFINITY);
    java.util.Arrays.fill(groupSum, 0, k, 0);
    for (int c = 0, at = p; c < cells; c++, at += arity) {
      int s = states[at];
      groupMax[s] = Math.max(groupMax[s], table[c]);
    }
    for (int c = 0, at = p; c < cells; c++, at += arity) {
      int s = states[at];
      groupSum[s] += Math.exp(table[c] - groupMax[s]);
    }
  }

  private LogLinearBpResult beliefs(double[] lambda, double[][] logPsi, boolean converged, int iterations,
      double residual) {
    recomputeTotals(messages);
    LogLinearStructure s = graph.structure();
    double[][] factorBeliefs = new double[graph.factorCount()][];
    double[] means = new double[s.featureCount()];
    double logZ = 0;
    for (int g = 0; g < graph.factorCount(); g++) {
      fillTable(g, logPsi[g]);
      int cells = graph.cells(g);
      double logNorm = org.occam.math.LogSpace.logSumExp(table, 0, cells);
      double[] b = new double[cells];
      for (int c = 0; c < cells; c++) {
        double lb = table[c] - logNorm;
        b[c] = Math.exp(lb);
        logZ += b[c] * (logPsi[g][c] - lb);
      }
      factorBeliefs[g] = b;
      graph.addOwnedMeans(g, b, means);
    }
    double[][] variableBeliefs = new double[s.variableCount()][];
    for (int v = 0; v < variableBeliefs.length; v++) {
      double[] t = totals[v];
      double logNorm = org.occam.math.LogSpace.logSumExp(t, 0, t.length);
      double[] b = new double[t.length];
      double entropy = 0;
      for (int k = 0; k < t.length; k++) {
        double lb = t[k] - logNorm;
        b[k] = Math.exp(lb);
        entropy -= b[k] * lb;
      }
      variableBeliefs[v] = b;
      logZ -= (graph.degree(v) - 1) * entropy;
    }
    return new LogLinearBpResult(graph, settings, lambda, factorBeliefs, variableBeliefs, means, logZ, converged,
        iterations, residual);
  }
}
