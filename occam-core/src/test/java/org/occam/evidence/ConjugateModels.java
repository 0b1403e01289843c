package org.occam.evidence;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.occam.math.GammaFunctions;
import org.occam.math.GammaVariates;
import org.occam.math.RandomStreams;

/**
 * Models whose evidence, posterior and prior are known in closed form, with exact posterior and
 * prior draws: the reference cases of the sample-based estimators' tests.
 */
final class ConjugateModels {
  private ConjugateModels() {}

  /** A model with its exact log evidence and exact samplers. */
  interface Model {
    String name();

    int dimension();

    double exactLogEvidence();

    double logLikelihood(double[] lambda);

    void posteriorDraw(UniformRandomProvider rng, double[] out);

    void priorDraw(UniformRandomProvider rng, double[] out);
  }

  /** k successes in n Bernoulli trials with a Beta(a, b) prior on the success probability. */
  static Model betaBernoulli(int n, int k, double a, double b) {
    return new Model() {
      @Override
      public String name() {
        return "Beta(" + a + "," + b + ")-Bernoulli n=" + n + " k=" + k;
      }

      @Override
      public int dimension() {
        return 1;
      }

      @Override
      public double exactLogEvidence() {
        return logBeta(a + k, b + n - k) - logBeta(a, b);
      }

      @Override
      public double logLikelihood(double[] lambda) {
        double theta = lambda[0];
        return k * Math.log(theta) + (n - k) * Math.log1p(-theta);
      }

      @Override
      public void posteriorDraw(UniformRandomProvider rng, double[] out) {
        out[0] = beta(rng, a + k, b + n - k);
      }

      @Override
      public void priorDraw(UniformRandomProvider rng, double[] out) {
        out[0] = beta(rng, a, b);
      }
    };
  }

  /**
   * d independent Gaussian means, each with n observations of known variance σ² and a N(μ0, τ²)
   * prior; the data are drawn once from {@code dataSeed} (means 0.5, σ = 1).
   */
  static Model gaussianMeans(int d, int n, double mu0, double tau, long dataSeed) {
    double sigma = 1;
    UniformRandomProvider rng = RandomStreams.fromSeed(dataSeed);
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] xbar = new double[d];
    double[] ss = new double[d];
    for (int j = 0; j < d; j++) {
      double[] x = new double[n];
      for (int i = 0; i < n; i++) {
        x[i] = 0.5 + sigma * normal.sample();
        xbar[j] += x[i] / n;
      }
      for (int i = 0; i < n; i++) {
        ss[j] += (x[i] - xbar[j]) * (x[i] - xbar[j]);
      }
    }
    double postVar = 1 / (n / (sigma * sigma) + 1 / (tau * tau));
    double[] postMean = new double[d];
    double logEvidence = 0;
    for (int j = 0; j < d; j++) {
      postMean[j] = postVar * (n * xbar[j] / (sigma * sigma) + mu0 / (tau * tau));
      double v = sigma * sigma / n + tau * tau;
      logEvidence += -0.5 * n * Math.log(2 * Math.PI * sigma * sigma) - ss[j] / (2 * sigma * sigma)
          + 0.5 * Math.log(2 * Math.PI * sigma * sigma / n)
          - 0.5 * Math.log(2 * Math.PI * v) - (xbar[j] - mu0) * (xbar[j] - mu0) / (2 * v);
    }
    double exact = logEvidence;
    return new GaussianMeans(d, n, sigma, mu0, tau, xbar, ss, postMean, postVar, exact);
  }

  /** The Gaussian-means model, with its posterior for the DIC's closed form. */
  record GaussianMeans(int dimension, int n, double sigma, double mu0, double tau, double[] xbar, double[] ss,
      double[] postMean, double postVar, double exactLogEvidence) implements Model {
    @Override
    public String name() {
      return "Gaussian means d=" + dimension + " n=" + n + " tau=" + tau;
    }

    @Override
    public double logLikelihood(double[] mu) {
      double ll = 0;
      for (int j = 0; j < dimension; j++) {
        double dev = xbar[j] - mu[j];
        ll += -0.5 * n * Math.log(2 * Math.PI * sigma * sigma) - (ss[j] + n * dev * dev) / (2 * sigma * sigma);
      }
      return ll;
    }

    @Override
    public void posteriorDraw(UniformRandomProvider rng, double[] out) {
      ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
      for (int j = 0; j < dimension; j++) {
        out[j] = postMean[j] + Math.sqrt(postVar) * normal.sample();
      }
    }

    @Override
    public void priorDraw(UniformRandomProvider rng, double[] out) {
      ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
      for (int j = 0; j < dimension; j++) {
        out[j] = mu0 + tau * normal.sample();
      }
    }

    /** The exact posterior mean of the deviance, E[−2 ln L(μ)]. */
    double meanDeviance() {
      double d = 0;
      for (int j = 0; j < dimension; j++) {
        double dev = xbar[j] - postMean[j];
        d += n * Math.log(2 * Math.PI * sigma * sigma) + (ss[j] + n * (dev * dev + postVar)) / (sigma * sigma);
      }
      return d;
    }

    /** The deviance at the exact posterior mean. */
    double devianceAtPosteriorMean() {
      return -2 * logLikelihood(postMean);
    }
  }

  /** Exact posterior and prior draws of a model, evaluated by {@link SampleEvidenceEstimators#evaluate}. */
  static SampledLikelihoods sample(Model m, int posteriorDraws, int priorDraws, long seed, int threads) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    double[][] post = new double[posteriorDraws][m.dimension()];
    for (double[] d : post) {
      m.posteriorDraw(rng, d);
    }
    double[][] prior = new double[priorDraws][m.dimension()];
    for (double[] d : prior) {
      m.priorDraw(rng, d);
    }
    Map<String, Object> provenance = new LinkedHashMap<>();
    provenance.put("sampler", "exact");
    provenance.put("likelihood", "exact");
    provenance.put("chains", 1);
    provenance.put("seed", seed);
    return SampleEvidenceEstimators.evaluate(() -> m::logLikelihood, post, prior, posteriorDraws, provenance, threads);
  }

  private static double beta(UniformRandomProvider rng, double a, double b) {
    GammaVariates g = new GammaVariates(rng);
    double x = g.next(a);
    double y = g.next(b);
    return x / (x + y);
  }

  private static double logBeta(double a, double b) {
    return GammaFunctions.logGamma(a) + GammaFunctions.logGamma(b) - GammaFunctions.logGamma(a + b);
  }
}
