package org.occam.experiments.wellingparise;

import org.occam.mrf.MrfProblem;
import org.occam.mrf.posterior.MrfPosteriorSamplers;
import org.occam.sampling.CramerVonMises;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.SamplerSettings;

/**
 * Where a {@link WellingPariseExperiment} gets its posterior draws and its Cramér–von Mises scores:
 * the library's samplers and score ({@link #library()}), or a stand-in in tests of the experiment's
 * bookkeeping.
 */
interface WellingPariseSampling {
  /** One sample set of {@code method} (bl-mp, bl-bp, lv-cd, mc-bp or hmc) from the problem's posterior. */
  ParameterSamples sample(String method, MrfProblem problem, SamplerSettings settings, long seed);

  /** The Cramér–von Mises score of UAI eqn 23 between two sample sets, summed over the parameters. */
  double score(ParameterSamples a, ParameterSamples b);

  /** The same for one parameter's draws. */
  double univariate(double[] a, double[] b);

  /**
   * The 99% quantile of one parameter's score between two sets of these sizes drawn from the same
   * distribution (the level below which a difference is not resolved).
   */
  double nullQuantile99(int n1, int n2);

  /** The library's samplers ({@code MrfPosteriorSamplers}) and score ({@code CramerVonMises}). */
  static WellingPariseSampling library() {
    return new WellingPariseSampling() {
      @Override
      public ParameterSamples sample(String method, MrfProblem problem, SamplerSettings settings, long seed) {
        return MrfPosteriorSamplers.get(method).sample(problem, settings, seed);
      }

      @Override
      public double score(ParameterSamples a, ParameterSamples b) {
        return CramerVonMises.score(a, b);
      }

      @Override
      public double univariate(double[] a, double[] b) {
        return CramerVonMises.univariate(a, b);
      }

      @Override
      public double nullQuantile99(int n1, int n2) {
        return CramerVonMises.nullQuantile99(n1, n2);
      }
    };
  }
}
