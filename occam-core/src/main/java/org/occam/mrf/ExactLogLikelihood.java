package org.occam.mrf;

import java.util.Arrays;
import org.occam.math.DifferentiableFunction;

/**
 * The exact log likelihood of fully observed data under a Boltzmann machine and its gradient,
 *
 * <pre>  L(λ) = N (λᵀ f̄ − log Z(λ)),   ∇L(λ) = N (f̄ − E_λ[f])</pre>
 *
 * <p>for the many λ an annealing chain or a quadrature grid visits. The clique tree depends only on
 * the graph, so it is built once (shared, immutable) and every call refills this instance's clique
 * potentials in place and recalibrates: no allocation per call. A dense graph whose junction tree
 * is wider than {@link JunctionTree#DEFAULT_MAX_CLIQUE_SIZE} falls back to
 * {@link ExactInference#exact} per call (enumeration, which allocates). A non-finite λ gives NaN
 * (so a sampler rejects it) rather than an exception. Not thread-safe: one instance per chain.
 */
public final class ExactLogLikelihood {
  private final PairwiseGraph graph;
  private final double rows;
  private final double[] featureMeans;
  private final CliqueTree tree;
  private final CliqueCalibration calibration;
  /** log ψ_c per clique; {@link #calibration} reads these tables at every calibration. */
  private final double[][] logPotential;
  private final double[][] field;
  private final double[][] coupling;
  private final double[] means;

  /**
   * @param tree the graph's clique tree from {@link ExactInference#cliqueTreeIfCheaper}, or null for
   *     enumeration
   */
  ExactLogLikelihood(MrfData data, CliqueTree tree) {
    this.graph = data.graph();
    this.rows = data.rows();
    this.featureMeans = data.featureMeans();
    this.tree = tree;
    this.means = new double[featureMeans.length];
    if (tree == null) {
      calibration = null;
      logPotential = null;
      field = null;
      coupling = null;
      return;
    }
    if (!tree.graph().equals(graph)) {
      throw new IllegalArgumentException("the clique tree was built for " + tree.graph() + ", not for " + graph);
    }
    int n = tree.cliqueCount();
    logPotential = new double[n][];
    field = new double[n][];
    coupling = new double[n][];
    for (int c = 0; c < n; c++) {
      int k = tree.vars[c].length;
      logPotential[c] = new double[1 << k];
      field[c] = new double[k];
      coupling[c] = new double[k * k];
    }
    calibration = new CliqueCalibration(tree, logPotential);
  }

  /**
   * A supplier of likelihoods of the data, one per chain or worker, sharing one clique tree (built
   * here once, immutable).
   */
  public static java.util.function.Supplier<ExactLogLikelihood> perChain(MrfData data) {
    CliqueTree tree = ExactInference.cliqueTreeIfCheaper(data.graph());
    return () -> new ExactLogLikelihood(data, tree);
  }

  /**
   * L(λ), with ∇L written into {@code gradOut}.
   *
   * @param lambda λ, length F. Not modified.
   * @param gradOut length F. Modified.
   */
  public double valueAndGradient(double[] lambda, double[] gradOut) {
    double logZ = logPartition(lambda, means);
    double dot = 0;
    for (int a = 0; a < lambda.length; a++) {
      dot += lambda[a] * featureMeans[a];
      gradOut[a] = rows * (featureMeans[a] - means[a]);
    }
    return rows * (dot - logZ);
  }

  /** L(λ) alone. */
  public double value(double[] lambda) {
    double logZ = logPartition(lambda, means);
    double dot = 0;
    for (int a = 0; a < lambda.length; a++) {
      dot += lambda[a] * featureMeans[a];
    }
    return rows * (dot - logZ);
  }

  /**
   * log Z(λ), with E_λ[f] written into {@code meansOut}.
   *
   * @param lambda length F. Not modified.
   * @param meansOut length F. Modified.
   */
  double logPartition(double[] lambda, double[] meansOut) {
    if (calibration == null) {
      if (DifferentiableFunction.outsideDomain(lambda, meansOut)) {
        return Double.NaN;
      }
      MrfInference exact = ExactInference.exact(new BoltzmannMachine(graph, lambda));
      System.arraycopy(exact.featureMeans(), 0, meansOut, 0, meansOut.length);
      return exact.logZ();
    }
    fillPotentials(lambda);
    double logZ = calibration.calibrate();
    calibration.featureMeans(meansOut);
    return logZ;
  }

  /** As {@code JunctionTree.logPotentials}, into this instance's tables. */
  private void fillPotentials(double[] lambda) {
    int n = logPotential.length;
    for (int c = 0; c < n; c++) {
      Arrays.fill(field[c], 0);
      Arrays.fill(coupling[c], 0);
    }
    int v = graph.vertexCount();
    for (int a = 0; a < lambda.length; a++) {
      int c = tree.featureClique[a];
      int mask = tree.featureMask[a];
      int t = Integer.numberOfTrailingZeros(mask);
      if (a < v) {
        field[c][t] += lambda[a];
      } else {
        int k = tree.vars[c].length;
        int s = 31 - Integer.numberOfLeadingZeros(mask);
        coupling[c][t * k + s] += lambda[a];
        coupling[c][s * k + t] += lambda[a];
      }
    }
    for (int c = 0; c < n; c++) {
      int k = tree.vars[c].length;
      double[] table = logPotential[c];
      double[] h = field[c];
      double[] w = coupling[c];
      table[0] = 0;
      for (int mask = 1; mask < table.length; mask++) {
        int t = Integer.numberOfTrailingZeros(mask);
        int rest = mask & (mask - 1);
        double s = table[rest] + h[t];
        for (int r = rest; r != 0; r &= r - 1) {
          s += w[t * k + Integer.numberOfTrailingZeros(r)];
        }
        table[mask] = s;
      }
    }
  }
}
