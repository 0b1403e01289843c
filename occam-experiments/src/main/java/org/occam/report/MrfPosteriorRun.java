package org.occam.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.occam.mrf.ExactInferenceCost;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.posterior.MrfPosteriorSamplers;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorRuns;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;
import org.occam.search.WorkLimit;

/**
 * One run of {@code occam mrf posterior}: the Boltzmann-machine posterior samplers of Welling &amp;
 * Parise (UAI 2006, section 7) on one problem, one after the other, each with its own seed
 * ({@link PosteriorRuns#methodSeed}); {@link PosteriorReport} compares and writes their draws.
 */
public final class MrfPosteriorRun {
  /** Every sampler, the reference {@code hmc} last: the default of {@code --methods}. */
  public static final String DEFAULT_METHODS = "bl-mp,bl-bp,lv-cd,mc-bp,hmc";
  /**
   * The samplers that need exact inference (the junction tree): {@code bl-mp} and {@code hmc} take
   * exact gradients; {@code lv-cd} uses the exact Laplace scales only where exact inference is
   * possible, {@code bl-bp} and {@code mc-bp} use loopy BP.
   */
  public static final List<String> EXACT = List.of("bl-mp", "hmc");

  private MrfPosteriorRun() {}

  /** The samplers of a comma-separated list; an unknown name is refused with the known ones, a repeated one too. */
  public static List<PosteriorSampler<MrfProblem>> methods(String list) {
    List<PosteriorSampler<MrfProblem>> samplers = MrfPosteriorSamplers.parseList(list);
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (PosteriorSampler<MrfProblem> s : samplers) {
      if (!seen.add(s.name())) {
        throw new org.occam.data.InvalidInputException("method " + s.name() + " is listed twice in '" + list + "'");
      }
    }
    return samplers;
  }

  /**
   * Refuses, before any work, samplers that need exact inference on a graph whose largest clique
   * has more than {@code limitStates} states, naming them and the BP-based alternatives.
   */
  public static void requireExactFeasible(String command, List<PosteriorSampler<MrfProblem>> samplers,
      ExactInferenceCost cost, long limitStates, String flag) {
    List<String> exact = samplers.stream().map(PosteriorSampler::name).filter(EXACT::contains).toList();
    if (!exact.isEmpty()) {
      WorkLimit.requireClique(command, String.join(", ", exact) + (exact.size() == 1 ? " needs" : " need")
          + " exact inference", cost, limitStates, flag, "use bl-bp, mc-bp or lv-cd");
    }
  }

  /**
   * The draws of every sampler in order, each on a fresh problem from {@code problems} (so its
   * draws depend on the seed and its name only, not on which samplers ran before it and filled
   * the problem's caches), with the problems' sampler settings ({@link MrfProblem#posteriorSettings()}).
   *
   * @param done told the number of samplers finished (null: nobody listens)
   */
  public static List<ParameterSamples> sample(Supplier<MrfProblem> problems,
      List<PosteriorSampler<MrfProblem>> samplers, long seed, IntConsumer done) {
    MrfProblem first = problems.get();
    return PosteriorRuns.sampleEach(samplers, problems, first.posteriorSettings().sampling(), seed, done);
  }

  /** What posterior.json records of the run: the methods, the chain settings, the prior and the scores' settings. */
  public static Map<String, Object> settings(MrfProblem problem, List<PosteriorSampler<MrfProblem>> samplers) {
    SamplerSettings s = problem.posteriorSettings().sampling();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("methods", samplers.stream().map(PosteriorSampler::name).toList());
    m.put("samples", s.samples());
    m.put("chains", s.chains());
    m.put("warmup", s.warmup());
    m.put("maxTransitions", s.maxTransitions());
    m.put("targetAcceptance", s.targetAcceptance());
    m.put("threads", s.threads());
    m.put("langevinStep", problem.posteriorSettings().langevinStep());
    m.put("priorSigma", problem.settings().priorSigma());
    m.put("scoreSettings", problem.settingsMap());
    return m;
  }
}
