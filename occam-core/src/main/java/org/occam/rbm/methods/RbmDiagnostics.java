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
    // converged means λMP is a minimum of ℓ to the tolerance: the Hessian positive definite and the
    // Newton decrement, the estimate of what ℓ could still fall, small. An ESS stop is the paper's
    // intended end, but counts as converged only when it ends near the minimum; refusing the first
    // step leaves λMP at PCD's point, whatever its gradient (measured: 1,140 on the SpamAssassin
    // matrix at K = 9)
    diag.put("converged", f.converged());
    if (!f.converged()) {
      diag.put("notConverged", notConverged(f));
    }
    diag.put("fineTuningStop", f.reason().name().toLowerCase(Locale.ROOT));
    diag.put("iterations", f.iterations());
    diag.put("newtonStop", f.newtonStop() == null ? "none" : f.newtonStop().name().toLowerCase(Locale.ROOT));
    diag.put("newtonIterations", f.newtonIterations());
    diag.put("fineTuningRemaining", f.remaining());
    diag.put("gradientNorm", f.gradientNorm());
    diag.put("fineTuningDistance", f.distance());
    // which ℓ λMP minimises: the exact negative log posterior where it is affordable (no samples, no
    // ESS limit, no F·N/(2T) shortfall), else Chen & Welling's importance-sampled one
    diag.put("fineTuningObjective", f.exactObjective() ? "exact" : "importance-sampled");
    if (!f.exactObjective()) {
      diag.put("effectiveSampleSize", f.effectiveSampleSize());
      diag.put("samples", f.sampleCount());
      diag.put("distinctSamples", f.distinctSamples());
      // the fine-tuning stopped at the ESS limit: A and the trapezoids on samples drawn again at λMP
      diag.put("volumeSamplesRedrawn", f.volumeSamplesRedrawn());
    }
    logPartition(diag, z);
    diag.put("logLikelihood", logLikelihood);
    diag.put("logPrior", logPrior);
    diag.put("rows", laplace.dataCount());
    return diag;
  }

  /** Why fine-tuning did not converge, and by how much, in one sentence. */
  static String notConverged(RbmLaplace.FineTuning f) {
    if (f.reason() == Lbfgs.Reason.ITERATE_REFUSED && f.iterations() == 0 && f.newtonIterations() == 0) {
      return String.format(Locale.ROOT, "the fine-tuning refused its first step (the effective sample size would have"
          + " fallen below its limit), so λMP is PCD's point, where the gradient norm is %.3g%s; more samples"
          + " (--samples-per-chain) let it move", f.gradientNorm(), remaining(f));
    }
    return String.format(Locale.ROOT, "the fine-tuning stopped%s (L-BFGS: %s after %d iterations; Newton: %s)",
        remaining(f), f.reason().name().toLowerCase(Locale.ROOT), f.iterations(), f.newtonStop() == null ? "not run"
            : f.newtonStop().name().toLowerCase(Locale.ROOT) + " after " + f.newtonIterations() + " steps");
  }

  private static String remaining(RbmLaplace.FineTuning f) {
    return Double.isNaN(f.remaining())
        ? String.format(Locale.ROOT, " where the Hessian of ℓ is not positive definite (smallest eigenvalue %.3g),"
            + " so λMP is not a minimum (gradient norm %.3g)", f.smallestEigenvalue(), f.gradientNorm())
        : String.format(Locale.ROOT, " an estimated %.3g nats above the minimum of ℓ (the Newton decrement ½ gᵀA⁻¹g;"
            + " the tolerance is %s)", f.remaining(), RbmLaplace.FINE_TUNING_TOLERANCE);
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
