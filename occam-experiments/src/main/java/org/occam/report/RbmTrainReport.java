package org.occam.report;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.occam.rbm.PersistentContrastiveDivergence;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmData;

/**
 * What {@code occam rbm train} prints and writes: one PCD run's settings, its training time, the
 * trained parameters and their exact log-likelihood.
 */
public final class RbmTrainReport {
  /** The command's name, recorded in its JSON. */
  public static final String COMMAND = "rbm train";
  /** Up to this many parameters are printed in the report; more are only in the JSON. */
  static final int MAX_PRINTED_PARAMETERS = 60;

  private RbmTrainReport() {}


  /** The lines that say what is trained: the data, the model and the run's settings. */
  public static void describe(PrintWriter out, String data, RbmData d, int hidden,
      PersistentContrastiveDivergence.Settings s, long seed, int threads) {
    int v = d.visibleCount();
    out.printf(Locale.ROOT, "data %s: %s rows (%d distinct), V = %d visible units%n", data, Tables.number(d.size()),
        d.distinctRowCount(), v);
    out.printf(Locale.ROOT, "model: K = %d hidden units, F = %d parameters; %s%n", hidden, v * hidden + v + hidden,
        s.isMap() ? "MAP, prior N(0, " + Tables.number(s.priorSigma()) + "² I)" : "ML (no prior)");
    String step = Double.isInfinite(s.stepSizeDecay())
        ? "step " + Tables.number(s.initialStepSize()) + " constant"
        : "step " + Tables.number(s.initialStepSize()) + "/(1 + t/" + Tables.number(s.stepSizeDecay()) + ")";
    out.printf(Locale.ROOT, "pcd: %d updates, %d chains, %d Gibbs sweep%s per update, %s, %s, initial λ ~ N(0, %s²),"
        + " seed %d, %d thread%s%n", s.iterations(), s.chains(), s.gibbsSweepsPerUpdate(),
        s.gibbsSweepsPerUpdate() == 1 ? "" : "s",
        s.batchSize() == 0 ? "full batch" : "mini-batches of " + s.batchSize() + " rows", step,
        Tables.number(s.initialScale()), seed, threads, threads == 1 ? "" : "s");
    out.flush();
  }

  /** The training time, the score and (for a small model) the parameters. */
  public static void print(PrintWriter out, PersistentContrastiveDivergence.Measured t, long rows) {
    Rbm rbm = t.result().rbm();
    out.printf(Locale.ROOT, "trained in %.3f s; last stochastic gradient norm %.4g%n", t.seconds(),
        t.result().finalGradientNorm());
    if (Double.isNaN(t.logLikelihood())) {
      out.println("exact log-likelihood: not computed (min(V, K) = "
          + Math.min(rbm.visibleCount(), rbm.hiddenCount()) + " is too large to enumerate)");
    } else {
      out.printf(Locale.ROOT, "exact log-likelihood %.4f (%.6f per row; log Z by enumerating 2^%d states)%n",
          t.logLikelihood(), t.logLikelihood() / rows, t.enumeratedUnits());
    }
    if (!Double.isNaN(t.logPrior())) {
      out.printf(Locale.ROOT, "log prior %.4f%n", t.logPrior());
    }
    if (rbm.featureCount() <= MAX_PRINTED_PARAMETERS) {
      StringBuilder b = new StringBuilder("parameters:");
      for (int a = 0; a < rbm.featureCount(); a++) {
        b.append(String.format(Locale.ROOT, " %s=%.4f", rbm.featureName(a), rbm.parameter(a)));
      }
      out.println(b);
    } else {
      out.println("parameters: " + rbm.featureCount() + " (in the JSON, with --json)");
    }
    out.flush();
  }

  /** The parameters by block: {@code weights} (V rows of K), {@code visibleBiases} α, {@code hiddenBiases} β. */
  public static Map<String, Object> parametersJson(Rbm rbm) {
    int v = rbm.visibleCount();
    int k = rbm.hiddenCount();
    double[][] w = new double[v][k];
    double[] alpha = new double[v];
    double[] beta = new double[k];
    for (int i = 0; i < v; i++) {
      for (int h = 0; h < k; h++) {
        w[i][h] = rbm.weight(i, h);
      }
      alpha[i] = rbm.visibleBias(i);
    }
    Arrays.setAll(beta, rbm::hiddenBias);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("weights", w);
    m.put("visibleBiases", alpha);
    m.put("hiddenBiases", beta);
    return m;
  }

  /**
   * The command's JSON (a map tree for {@link ResultJson#write}): the data ({@link RbmScoreReport#dataJson}'s
   * map), K, the settings, seed and threads, the training seconds, the exact log-likelihood (null when not
   * computed), the log prior (null for ML) and the parameters.
   */
  public static Map<String, Object> json(Map<String, Object> data, int hidden,
      PersistentContrastiveDivergence.Measured t, long rows, long seed,
      int threads) {
    PersistentContrastiveDivergence.Result r = t.result();
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("command", COMMAND);
    root.put("data", data);
    root.put("hidden", hidden);
    root.put("method", "pcd");
    root.put("settings", r.settings().toMap());
    root.put("seed", seed);
    root.put("threads", threads);
    root.put("seconds", t.seconds());
    root.put("updates", r.iterations());
    boolean scored = !Double.isNaN(t.logLikelihood());
    root.put("logLikelihood", scored ? t.logLikelihood() : null);
    root.put("logLikelihoodPerRow", scored ? t.logLikelihood() / rows : null);
    root.put("logLikelihoodMethod", scored ? "exact, 2^" + t.enumeratedUnits() + " states" : "not computed");
    root.put("logPrior", Double.isNaN(t.logPrior()) ? null : t.logPrior());
    root.put("finalGradientNorm", r.finalGradientNorm());
    root.put("parameters", parametersJson(r.rbm()));
    return root;
  }
}
