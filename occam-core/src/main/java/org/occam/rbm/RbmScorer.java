package org.occam.rbm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.Lbfgs;
import org.occam.sampling.ParameterSpaceAis;

/**
 * The RBM scores a caller asks for, as {@link EvidenceEstimate}s in the order asked: laplace,
 * laplace0 and map share one {@link RbmLaplace#score} run, ml-bic has its own
 * ({@link RbmLaplace#mlBic}), and ais-pd is separate ({@link RbmParameterAis}). Every estimate carries
 * the settings it ran with and diagnostics: the fine-tuning's stop and ESS, how log Z was found,
 * the Hessian's smallest eigenvalue and definiteness, the trapezoid directions and the mode groups.
 */
public final class RbmScorer {
  private RbmScorer() {}

  /**
   * @param laplace the data, ready for the Laplace procedure
   * @param hiddenCount K ≥ 1
   * @param seed the seed of every run (each run splits its own streams off it)
   * @param progress told each stage's name
   */
  public static List<EvidenceEstimate> score(RbmLaplace laplace, int hiddenCount, List<RbmMethod> methods,
      RbmLaplace.Settings settings, long seed, int threads, Consumer<String> progress) {
    return score(laplace, hiddenCount, methods, settings,
        RbmParameterAis.defaultSettings().withPriorSigma(settings.priorSigma()), seed, threads, progress);
  }

  /**
   * As above, with the settings of ais-pd (its σ0 must be the Laplace settings' σ0, so that every
   * method scores the same model).
   */
  public static List<EvidenceEstimate> score(RbmLaplace laplace, int hiddenCount, List<RbmMethod> methods,
      RbmLaplace.Settings settings, ParameterSpaceAis.Settings aisPd, long seed, int threads,
      Consumer<String> progress) {
    if (methods.contains(RbmMethod.AIS_PD) && aisPd.priorSigma() != settings.priorSigma()) {
      throw new IllegalArgumentException("ais-pd has σ0 = " + aisPd.priorSigma() + " but the other methods "
          + settings.priorSigma() + ": they would score different models");
    }
    RbmLaplace.Result map = null;
    double mapSeconds = 0;
    if (methods.stream().anyMatch(RbmMethod::fromMapRun)) {
      long start = System.nanoTime();
      map = laplace.score(hiddenCount, settings, seed, threads, progress);
      mapSeconds = (System.nanoTime() - start) / 1e9;
    }
    List<EvidenceEstimate> out = new ArrayList<>();
    for (RbmMethod m : methods) {
      switch (m) {
        case LAPLACE, LAPLACE0, MAP -> out.add(fromMapRun(m, map, laplace, settings, seed, mapSeconds));
        case ML_BIC -> {
          long start = System.nanoTime();
          RbmLaplace.MlBicResult r = laplace.mlBic(hiddenCount, settings, seed, threads, progress);
          out.add(mlBic(r, laplace, settings, seed, (System.nanoTime() - start) / 1e9));
        }
        case AIS_PD -> {
          progress.accept("ais-pd");
          RbmData d = laplace.data();
          out.add(new RbmParameterAis(new RbmLogLikelihood(hiddenCount, d.rows(), d.counts()), aisPd)
              .estimate(seed, threads));
        }
        default -> throw new IllegalStateException(m.label());
      }
    }
    return out;
  }

  private static EvidenceEstimate fromMapRun(RbmMethod m, RbmLaplace.Result r, RbmLaplace laplace,
      RbmLaplace.Settings settings, long seed, double seconds) {
    double value = switch (m) {
      case LAPLACE -> r.laplace();
      case LAPLACE0 -> r.laplace0();
      default -> r.map();
    };
    Map<String, Object> diag = common(r.fineTuning(), r.logPartition(), r.logLikelihood(), r.logPrior(), laplace);
    if (m != RbmMethod.MAP) {
      diag.put("positiveDefinite", r.positiveDefinite());
      diag.put("smallestEigenvalue", r.smallestEigenvalue());
    }
    if (m == RbmMethod.LAPLACE0 && !r.positiveDefinite()) {
      diag.put("failure", "the Hessian is not positive definite (smallest eigenvalue " + r.smallestEigenvalue()
          + "): the Gaussian integral does not exist; laplace replaces those directions by trapezoids");
    }
    if (m == RbmMethod.LAPLACE) {
      diag.put("eigenvalueThreshold", settings.threshold());
      diag.put("trapezoidDirections", r.trapezoids().size());
      diag.put("trapezoidsLimitedByEss", r.trapezoids().stream()
          .filter(t -> t.leftLimitedByEss() || t.rightLimitedByEss()).count());
      diag.put("trapezoidsUnbounded", r.trapezoids().stream().filter(RbmLaplace.Trapezoid::unbounded).count());
      List<Integer> groups = new ArrayList<>();
      for (int g : r.modeGroups()) {
        groups.add(g);
      }
      diag.put("modeGroups", groups);
      diag.put("logModeCount", r.logModeCount());
      // not in the score (the paper counts permutations only): what counting the 2^K flipped modes would add
      diag.put("logFlipModeMass", r.logFlipModeMass());
    }
    pcdRuns(diag, r.pcdRuns());
    diag.put("stageSeconds", new LinkedHashMap<>(r.seconds()));
    return new EvidenceEstimate(m.label(), value, stdError(r.logPartition(), laplace), seconds, settings.toMap(),
        OptionalLong.of(seed), diag);
  }

  private static EvidenceEstimate mlBic(RbmLaplace.MlBicResult r, RbmLaplace laplace, RbmLaplace.Settings settings,
      long seed, double seconds) {
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("estimate", "PCD (maximum likelihood), not fine-tuned");
    logPartition(diag, r.logPartition());
    diag.put("logLikelihood", r.logLikelihood());
    diag.put("logPrior", r.logPrior());
    diag.put("rows", laplace.dataCount());
    diag.put("penalty", r.penalty());
    pcdRuns(diag, r.pcdRuns());
    diag.put("bicWithoutPrior", r.bic());
    Map<String, Object> s = new LinkedHashMap<>(settings.toMap());
    s.put("training", settings.training().maximumLikelihood().toMap());
    return new EvidenceEstimate(RbmMethod.ML_BIC.label(), r.mlBic(), stdError(r.logPartition(), laplace), seconds,
        s, OptionalLong.of(seed), diag);
  }

  private static Map<String, Object> common(RbmLaplace.FineTuning f, RbmLogPartition.Estimate z, double logLikelihood,
      double logPrior, RbmLaplace laplace) {
    Map<String, Object> diag = new LinkedHashMap<>();
    // the ESS stop is the paper's intended end of fine-tuning, not a failure
    diag.put("converged", f.reason().converged() || f.reason() == Lbfgs.Reason.ITERATE_REFUSED);
    diag.put("fineTuningStop", f.reason().name().toLowerCase(java.util.Locale.ROOT));
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

  private static void pcdRuns(Map<String, Object> diag, RbmLaplace.PcdRuns runs) {
    if (runs.objectives().length > 0) {
      diag.put("pcdRunObjectives", runs.objectives().clone());
      diag.put("pcdRunKept", runs.chosen());
    }
  }

  private static void logPartition(Map<String, Object> diag, RbmLogPartition.Estimate z) {
    diag.put("logZ", z.value());
    diag.put("logZMethod", z.method().name().toLowerCase(java.util.Locale.ROOT));
    if (z.method() == RbmLogPartition.Method.AIS) {
      diag.put("logZStdError", z.stdError());
      diag.put("logZEffectiveSampleSize", z.effectiveSampleSize());
    }
  }

  /** N times the AIS standard error of log Z, the score's only Monte Carlo error that is estimated. */
  private static OptionalDouble stdError(RbmLogPartition.Estimate z, RbmLaplace laplace) {
    return z.method() == RbmLogPartition.Method.AIS ? OptionalDouble.of(laplace.dataCount() * z.stdError()) : OptionalDouble.empty();
  }
}
