package org.occam.mrf.posterior;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.occam.evidence.SampleEvidenceEstimators;
import org.occam.evidence.SampledLikelihoods;
import org.occam.math.RandomStreams;
import org.occam.mrf.ExactLogLikelihood;
import org.occam.mrf.MrfLikelihood;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.mrf.MrfProblem;
import org.occam.sampling.ChainDiagnostics;
import org.occam.sampling.ParameterSamples;
import org.occam.math.DifferentiableFunction;

/**
 * What the sample-based evidence estimators ({@code harmonic1}, {@code harmonic4},
 * {@code bridge-geo}, {@code bridge-opt}, {@code dic}) read for a Boltzmann-machine problem,
 * computed once per problem ({@link MrfProblem#shared}) and shared by all five: draws from the
 * sampler named in the problem's {@link PosteriorDrawSettings} ({@code lv-cd} by default, as Chen
 * &amp; Welling 2013 used brief Langevin), independent draws from the prior N(0, σ0² I), and the
 * log likelihood {@code ln p(D | λ) = N (λᵀ f̄ − log Z(λ))} at each, with log Z exact (junction tree
 * or enumeration) or, with {@code betheLikelihood}, the Bethe free energy at loopy BP's fixed point
 * (as Chen &amp; Welling did where log Z could not be enumerated).
 *
 * <p>Seeds: the sampler's stream and the prior draws' stream are derived from the problem's seed
 * ({@link RandomStreams#taskSeed}), so the likelihoods replay exactly with any thread count.
 */
public final class MrfPosteriorDraws {
  private static final String SAMPLES_KEY = "mrf-posterior-samples";
  private static final String LIKELIHOODS_KEY = "mrf-posterior-likelihoods";

  private MrfPosteriorDraws() {}

  /** The posterior draws of the problem's sampler (computed once per problem). */
  public static ParameterSamples samples(MrfProblem problem) {
    return problem.shared(SAMPLES_KEY, p -> {
      PosteriorDrawSettings s = p.posteriorSettings();
      return MrfPosteriorSamplers.get(s.sampler()).sample(p, s.sampling(), RandomStreams.taskSeed(p.seed(), 13, 1));
    });
  }

  /** The posterior and prior log likelihoods of the problem (computed once per problem). */
  public static SampledLikelihoods likelihoods(MrfProblem problem) {
    return problem.shared(LIKELIHOODS_KEY, MrfPosteriorDraws::compute);
  }

  private static SampledLikelihoods compute(MrfProblem p) {
    PosteriorDrawSettings s = p.posteriorSettings();
    ParameterSamples draws = samples(p);
    double[][] prior = priorDraws(p.featureCount(), p.prior().sigma(), s.priorDraws(),
        RandomStreams.taskSeed(p.seed(), 13, 2));
    Supplier<ToDoubleFunction<double[]>> likelihood;
    if (s.betheLikelihood()) {
      likelihood = () -> {
        MrfLikelihood bethe = MrfLikelihood.bethe(p.data(), p.settings().bp());
        return lambda -> DifferentiableFunction.allFinite(lambda) ? bethe.evaluate(lambda).logLikelihood() : Double.NaN;
      };
    } else {
      Supplier<ExactLogLikelihood> exact = ExactLogLikelihood.perChain(p.data());
      likelihood = () -> exact.get()::value;
    }
    Map<String, Object> provenance = new LinkedHashMap<>();
    provenance.put("sampler", draws.method());
    provenance.put("converged", draws.converged());
    Object reason = draws.diagnostics().get("reason");
    if (!draws.converged() && reason != null) {
      provenance.put("notConverged", reason);
    }
    // the standard errors use the smaller of the parameters' ESS and the log likelihood's
    provenance.put("mpsrf", draws.diagnostics().get("mpsrf"));
    if (draws.diagnostics().get("mpsrfIndependentDraws") != null) {
      provenance.put("mpsrfIndependentDraws", draws.diagnostics().get("mpsrfIndependentDraws"));
    }
    provenance.put("essMin", draws.diagnostics().get("essMin"));
    provenance.put("likelihood", s.betheLikelihood() ? "bethe" : "exact");
    provenance.put("samples", draws.chainCount() * draws.drawsPerChain());
    provenance.put("chains", draws.chainCount());
    provenance.put("priorDraws", s.priorDraws());
    provenance.put("seconds", draws.seconds());
    double effective = effectiveDraws(draws);
    SampledLikelihoods in = SampleEvidenceEstimators.evaluate(likelihood, draws.pooled(), prior, effective, provenance,
        s.sampling().threads());
    double ofLikelihood = likelihoodEss(in.posteriorLogLikelihoods(), draws);
    if (ofLikelihood < effective) {
      return new SampledLikelihoods(in.posteriorLogLikelihoods(), in.priorLogLikelihoods(),
          in.logLikelihoodAtPosteriorMean(), ofLikelihood, in.provenance());
    }
    return in;
  }

  /** The smallest ESS over parameters, at most the number of draws (which it is for independent draws). */
  static double effectiveDraws(ParameterSamples draws) {
    Object ess = draws.diagnostics().get("essMin");
    double n = draws.chainCount() * (double) draws.drawsPerChain();
    if (ess instanceof Number e && e.doubleValue() > 0) {
      return Math.min(n, e.doubleValue());
    }
    return n;
  }

  /**
   * The ESS of the log likelihood along the chains: the series the estimators average, whose
   * autocorrelation can exceed every parameter's (HMC's nearly antithetic draws leave λ uncorrelated
   * but λ², and so the likelihood, correlated). Independent draws (one draw per chain, or a sampler
   * that reports them) keep their count.
   */
  static double likelihoodEss(double[] logLikelihoods, ParameterSamples draws) {
    int chains = draws.chainCount();
    int t = draws.drawsPerChain();
    if (Boolean.TRUE.equals(draws.diagnostics().get("independent")) || t < 4) {
      return chains * (double) t;
    }
    double[][][] series = new double[chains][t][1];
    for (int c = 0; c < chains; c++) {
      for (int i = 0; i < t; i++) {
        series[c][i][0] = logLikelihoods[c * t + i];
      }
    }
    double ess = ChainDiagnostics.effectiveSampleSizes(series)[0];
    return Double.isFinite(ess) && ess > 0 ? Math.min(ess, chains * (double) t) : chains * (double) t;
  }


  /** {@code count} independent draws of N(0, σ0² I) in dimension F, from one stream. */
  static double[][] priorDraws(int f, double sigma, int count, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    double[][] out = new double[count][f];
    for (int r = 0; r < count; r++) {
      for (int k = 0; k < f; k++) {
        out[r][k] = sigma * normal.sample();
      }
    }
    return out;
  }
}
