package org.occam.rbm.posterior;

import org.occam.sampling.PosteriorDrawSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.occam.evidence.SampleEvidenceEstimators;
import org.occam.evidence.SampledLikelihoods;
import org.occam.math.RandomStreams;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.rbm.RbmProblem;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.SamplerSettings;

/**
 * The posterior draws of an RBM problem and the likelihoods the sample-based estimators read
 * (Chen &amp; Welling 2013, section 3.2): the problem's sampler ({@link PosteriorDrawSettings#sampler},
 * lv-cd by default) run once, {@code ln p(D | λ)} at every draw and at independent draws of the
 * prior N(0, σ0² I) (the bridge estimators' second density, as the paper chose) and at the
 * posterior mean, exact or Bethe ({@link RbmDrawLikelihood}). Both are cached on the problem, so the
 * five estimators share one run.
 *
 * <p>Seeds: the sampler, the prior draws and the evaluation take their own seeds off the problem's
 * ({@link RandomStreams#taskSeed}); the numbers do not depend on the thread count.
 */
public final class RbmPosteriorDraws {
  private static final String SAMPLES = "rbm.posterior.samples";
  private static final String LIKELIHOODS = "rbm.posterior.likelihoods";
  /** Coordinates of the task seeds off the problem's seed. */
  private static final long SAMPLER_STREAM = 0x5a4d;
  private static final long PRIOR_STREAM = 0x5a4e;

  private RbmPosteriorDraws() {}

  /** The problem's posterior draws (cached). */
  public static ParameterSamples samples(RbmProblem problem) {
    return problem.shared(SAMPLES, p -> {
      PosteriorDrawSettings s = p.posteriorSettings();
      SamplerSettings sampling = s.sampling().withThreads(p.threads());
      return RbmPosteriorSamplers.get(s.sampler()).sample(p, sampling, RandomStreams.taskSeed(p.seed(), SAMPLER_STREAM));
    });
  }

  /** The likelihoods of the problem's posterior and prior draws (cached). */
  public static SampledLikelihoods likelihoods(RbmProblem problem) {
    return problem.shared(LIKELIHOODS, RbmPosteriorDraws::compute);
  }

  private static SampledLikelihoods compute(RbmProblem p) {
    PosteriorDrawSettings s = p.posteriorSettings();
    ParameterSamples samples = samples(p);
    p.progress().accept("likelihoods");
    RbmDrawLikelihood likelihood = new RbmDrawLikelihood(p.laplace().data(), p.hiddenCount(), s.betheLikelihood(),
        LoopyBeliefPropagation.Settings.defaults());
    double[][] prior = priorDraws(s.priorDraws(), samples.dimension(), p.settings().priorSigma(),
        RandomStreams.taskSeed(p.seed(), PRIOR_STREAM));
    Map<String, Object> provenance = new LinkedHashMap<>(s.toMap());
    provenance.put("seed", p.seed());
    provenance.put("seconds", samples.seconds());
    Map<String, Object> d = samples.diagnostics();
    provenance.put("converged", samples.converged());
    Object reason = d.containsKey("notConverged") ? d.get("notConverged") : d.get("reason");
    if (!samples.converged() && reason != null) {
      provenance.put("notConverged", reason);
    }
    for (String key : new String[] {"mpsrf", "mpsrfIndependentDraws", "essMin", "autocorrelationTime", "thinning", "stepSize", "acceptance",
        "transitions"}) {
      if (d.get(key) != null) {
        provenance.put(key, d.get(key));
      }
    }
    double ess = d.get("essMin") instanceof Number n && Double.isFinite(n.doubleValue()) ? n.doubleValue()
        : samples.chainCount() * samples.drawsPerChain();
    SampledLikelihoods out = SampleEvidenceEstimators.evaluate(likelihood.evaluators(), samples.pooled(), prior, ess,
        provenance, p.threads());
    // the BP counts are known only after the evaluation
    Map<String, Object> full = new LinkedHashMap<>(out.provenance());
    full.putAll(likelihood.describe());
    return new SampledLikelihoods(out.posteriorLogLikelihoods(), out.priorLogLikelihoods(),
        out.logLikelihoodAtPosteriorMean(), out.posteriorEffectiveDraws(), full);
  }

  /** {@code count} independent draws of N(0, σ0² I) in {@code dimension} dimensions. */
  static double[][] priorDraws(int count, int dimension, double sigma, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    double[][] out = new double[count][dimension];
    for (double[] d : out) {
      for (int a = 0; a < dimension; a++) {
        d[a] = sigma * normal.sample();
      }
    }
    return out;
  }
}
