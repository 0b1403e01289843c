package org.occam.rbm.methods;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import org.occam.math.Lbfgs;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmLogPartition;

/** The diagnostics the RBM scores share: the fine-tuning's stop, log Z and how it was found, PCD's runs. */
final class RbmDiagnostics {
  private RbmDiagnostics() {}

  static Map<String, Object> common(RbmLaplace.FineTuning f, RbmLogPartition.Estimate z, double logLikelihood,
      double logPrior, RbmLaplace laplace) {
    Map<String, Object> diag = new LinkedHashMap<>();
    // the ESS stop is the paper's intended end of fine-tuning, not a failure, once a step was taken;
    // refusing the first step leaves λMP at PCD's point, whatever its gradient (measured: 1,140 on the
    // SpamAssassin matrix at K = 9)
    boolean stepped = f.iterations() > 0;
    diag.put("converged", f.reason().converged() || (f.reason() == Lbfgs.Reason.ITERATE_REFUSED && stepped));
    if (f.reason() == Lbfgs.Reason.ITERATE_REFUSED && !stepped) {
      diag.put("notConverged", String.format(Locale.ROOT, "the fine-tuning refused its first step (the effective"
          + " sample size would have fallen below its limit), so λMP is PCD's point, where the gradient norm is %.3g;"
          + " more samples (--samples-per-chain) let it move", f.gradientNorm()));
    }
    diag.put("fineTuningStop", f.reason().name().toLowerCase(Locale.ROOT));
    diag.put("iterations", f.iterations());
    diag.put("gradientNorm", f.gradientNorm());
    diag.put("fineTuningDistance", f.distance());
    diag.put("effectiveSampleSize", f.effectiveSampleSize());
    diag.put("samples", f.sampleCount());
    diag.put("distinctSamples", f.distinctSamples());
    logPartition(diag, z);
    diag.put("logLikelihood", logLikelihood);
    diag.put("logPrior", logPrior);
    diag.put("rows", laplace.dataCount());
    return diag;
  }

  static void pcdRuns(Map<String, Object> diag, RbmLaplace.PcdRuns runs) {
    if (runs.objectives().length > 0) {
      diag.put("pcdRunObjectives", runs.objectives().clone());
      diag.put("pcdRunKept", runs.chosen());
    }
  }

  static void logPartition(Map<String, Object> diag, RbmLogPartition.Estimate z) {
    diag.put("logZ", z.value());
    diag.put("logZMethod", z.method().name().toLowerCase(Locale.ROOT));
    if (z.method() == RbmLogPartition.Method.AIS) {
      diag.put("logZStdError", z.stdError());
      diag.put("logZEffectiveSampleSize", z.effectiveSampleSize());
    }
  }

  /** N times the AIS standard error of log Z, the score's only Monte Carlo error that is estimated. */
  static OptionalDouble stdError(RbmLogPartition.Estimate z, RbmLaplace laplace) {
    return z.method() == RbmLogPartition.Method.AIS ? OptionalDouble.of(laplace.dataCount() * z.stdError())
        : OptionalDouble.empty();
  }
}
