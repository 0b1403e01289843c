package org.occam.evidence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.occam.data.InvalidInputException;
import org.occam.math.Parallel;

/**
 * The sample-based evidence estimators, by name ({@code harmonic1}, {@code harmonic4},
 * {@code bridge-geo}, {@code bridge-opt}, {@code dic}: Chen &amp; Welling 2013, section 3.2), and the
 * evaluation of a likelihood at posterior and prior draws that they all read.
 */
public final class SampleEvidenceEstimators {
  /**
   * The tolerance (nats) of the harmonic-mean estimators against the exact evidence, for models of
   * one to three parameters. Measured on the conjugate test models (Beta–Bernoulli with n = 20 and
   * 200, Gaussian means in 1 and 3 dimensions, 4,000 exact posterior draws, 20 seeds): harmonic1's
   * error reached 5.2 nats and harmonic4's (δ = 0.01) 5.5, all of it above the evidence. It is large
   * because 1/L has infinite variance in general: the draws rarely reach the posterior's tails, where
   * 1/L is large, so the mean of 1/L comes out low. It grows with the dimension (17–19 nats at ten
   * Gaussian means), so the tolerance holds only for small models.
   */
  static final double HARMONIC_TOLERANCE = 6.0;

  private static final List<SampleEvidenceEstimator> ALL = List.of(new HarmonicMean(),
      new StabilisedHarmonicMean(StabilisedHarmonicMean.DEFAULT_DELTA), new GeometricBridge(), new OptimalBridge(),
      new DevianceInformationCriterion());

  private SampleEvidenceEstimators() {}

  /** Every estimator, in the order above, with default settings. */
  public static List<SampleEvidenceEstimator> all() {
    return ALL;
  }

  /**
   * The estimator of that name (trimmed, case-insensitive).
   *
   * @throws InvalidInputException naming the known estimators
   */
  public static SampleEvidenceEstimator get(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (SampleEvidenceEstimator e : ALL) {
      if (e.name().equals(n)) {
        return e;
      }
    }
    throw new InvalidInputException("unknown sample-based estimator '" + name.trim() + "' (known: " + names() + ")");
  }

  /** Every name, comma-separated. */
  public static String names() {
    List<String> n = new ArrayList<>();
    for (SampleEvidenceEstimator e : ALL) {
      n.add(e.name());
    }
    return String.join(",", n);
  }

  /** harmonic4 with another δ (the share of imagined prior draws), in (0, 1). */
  public static SampleEvidenceEstimator harmonic4(double delta) {
    return new StabilisedHarmonicMean(delta);
  }

  /** Every estimator as an evidence method of a family, reading the problem's cached likelihoods. */
  public static <P> List<EvidenceMethod<P>> methods(Function<P, SampledLikelihoods> likelihoods) {
    List<EvidenceMethod<P>> out = new ArrayList<>();
    for (SampleEvidenceEstimator e : ALL) {
      out.add(new SampledEvidenceMethod<>(e, likelihoods));
    }
    return out;
  }

  /**
   * The log likelihood at every posterior draw, every prior draw and the mean of the posterior draws.
   * The draws are cut into one contiguous block per worker, and each worker evaluates its block with
   * its own evaluator from {@code logLikelihood} (so an evaluator may keep scratch space); each value
   * depends only on its draw, so the result is the same for any thread count.
   *
   * <p>A log likelihood of −∞ (a likelihood that underflowed to 0) is kept, and the counts are
   * recorded in the provenance ({@code posteriorZeroLikelihoods}, {@code priorZeroLikelihoods});
   * NaN or +∞ (a likelihood that could not be evaluated) is refused with one line naming the draw.
   *
   * @param logLikelihood makes an evaluator of ln p(D | λ) (called once per worker and once for λ̄)
   * @param posteriorDraws {@code [s][k]}, chain after chain. Not modified.
   * @param priorDraws {@code [r][k]}, independent draws from the prior (may be empty). Not modified.
   * @param posteriorEffectiveDraws the posterior draws' effective number (standard errors use it)
   * @param provenance how the draws were made; {@code samples} and {@code priorDraws} are added (the
   *     draw counts) where absent, the zero counts always, and the evaluation's wall time is added to
   *     {@code seconds}
   * @param threads worker threads
   * @throws InvalidInputException if there are no posterior draws, the draws' lengths differ, or a
   *     log likelihood is NaN or +∞
   */
  public static SampledLikelihoods evaluate(Supplier<ToDoubleFunction<double[]>> logLikelihood,
      double[][] posteriorDraws, double[][] priorDraws, double posteriorEffectiveDraws, Map<String, Object> provenance,
      int threads) {
    long start = System.nanoTime();
    int n1 = posteriorDraws.length;
    int n2 = priorDraws.length;
    if (n1 == 0) {
      throw new InvalidInputException("no posterior draws to evaluate the likelihood at");
    }
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
    int k = posteriorDraws[0].length;
    checkLengths(posteriorDraws, k, "posterior");
    checkLengths(priorDraws, k, "prior");
    double[] post = new double[n1];
    double[] prior = new double[n2];
    int total = n1 + n2;
    int workers = Math.min(threads, total);
    Parallel.map(workers, workers, "occam-likelihood", w -> {
      ToDoubleFunction<double[]> f = logLikelihood.get();
      int from = (int) ((long) total * w / workers);
      int to = (int) ((long) total * (w + 1) / workers);
      for (int i = from; i < to; i++) {
        if (i < n1) {
          post[i] = f.applyAsDouble(posteriorDraws[i]);
        } else {
          prior[i - n1] = f.applyAsDouble(priorDraws[i - n1]);
        }
      }
      return null;
    });
    SampledLikelihoods.refuseNotANumber(post, "posterior draw");
    SampledLikelihoods.refuseNotANumber(prior, "prior draw");
    double[] mean = new double[k];
    for (double[] d : posteriorDraws) {
      for (int j = 0; j < k; j++) {
        mean[j] += d[j];
      }
    }
    for (int j = 0; j < k; j++) {
      mean[j] /= n1;
    }
    double atMean = logLikelihood.get().applyAsDouble(mean);
    Map<String, Object> p = new LinkedHashMap<>(provenance);
    p.putIfAbsent("samples", n1);
    p.putIfAbsent("priorDraws", n2);
    SampledLikelihoods draft = new SampledLikelihoods(post, prior, atMean, posteriorEffectiveDraws, Map.of());
    p.put("posteriorZeroLikelihoods", draft.posteriorZeroLikelihoods());
    p.put("priorZeroLikelihoods", draft.priorZeroLikelihoods());
    Object before = p.get("seconds");
    p.put("seconds", (before instanceof Number b ? b.doubleValue() : 0) + (System.nanoTime() - start) * 1e-9);
    return new SampledLikelihoods(post, prior, atMean, posteriorEffectiveDraws, p);
  }

  private static void checkLengths(double[][] draws, int k, String which) {
    for (int i = 0; i < draws.length; i++) {
      if (draws[i].length != k) {
        throw new InvalidInputException(which + " draw " + (i + 1) + " has " + draws[i].length + " values, the first"
            + " posterior draw " + k);
      }
    }
  }
}
