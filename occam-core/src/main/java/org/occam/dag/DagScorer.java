package org.occam.dag;

import java.util.List;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.DirichletSampler;
import org.occam.dag.methods.DagMethods;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;

/**
 * Scores one DAG structure on one data set with Beal's methods (chapter 6), each one class of
 * {@link org.occam.dag.methods.DagMethods}:
 *
 * <pre>
 *   map  = ln p(y|θ̂) + ln p(θ̂|m)
 *   bic  = ln p(y|θ̂) + min(0, −(d/2) ln n + ln S_eff)
 *   bicp = ln p(y|θ̂) + min(0, ln p(θ̂|m) − (d/2) ln n + ln S_eff)
 *   cs   = ln p(ŝ,y|m) + ln p(y|θ̂) − ln p(ŝ,y|θ̂)          (+ ln S_eff)
 *   cs-dagger = cs + ((d' − d)/2) ln n, d and d' by Algorithm 6.2 (not at a singular θ̂)  (+ ln S_eff)
 *   vb   = F, the VBEM lower bound                         (+ ln S_eff)
 *   exact = ln p(y|m): closed form (6.9) for complete data, else the sum over completions
 *   ais  = annealed importance sampling over the CPTs (Algorithm 6.1)
 * </pre>
 *
 * <p>θ̂ is the best of {@code restarts} MAP-EM runs and F the best of as many VBEM runs, started
 * from the same random parameters ({@link DagProblem}). ln S_eff ≤ ln S is the part of Beal's alias
 * correction that the aliases earn by not overlapping ({@link AliasOverlap}: ln S when they are well
 * separated, 0 when they coincide, as on identical rows); the Occam factors of BIC and BICp stand for
 * prior probabilities and are capped at 0. Every estimate carries the uncorrected value, the alias
 * count and the correction added in its diagnostics, with the convergence of the runs it came from.
 */
public final class DagScorer {
  private DagScorer() {}

  /**
   * Scores a structure with methods named by the enum (see {@link #score(HiddenStateEnumeration,
   * DirichletPrior, DagScoreSettings, SplittableUniformRandomProvider, long, List)}).
   */
  public static List<EvidenceEstimate> score(HiddenStateEnumeration data, DirichletPrior prior,
      List<DagMethod> methods, DagScoreSettings settings, SplittableUniformRandomProvider rng, long seed) {
    return score(data, prior, settings, rng, seed,
        methods.stream().map(m -> DagMethods.get(m.label())).toList());
  }

  /**
   * Scores a structure.
   *
   * @param data the data compiled against the structure
   * @param rng the random stream for the restarts and samplers (consumed)
   * @param seed the seed reported with the estimates (the user's seed the stream descends from)
   * @param methods the scores wanted, in the order reported
   * @throws IllegalArgumentException if {@code exact} would sum more terms than the settings allow
   */
  public static List<EvidenceEstimate> score(HiddenStateEnumeration data, DirichletPrior prior,
      DagScoreSettings settings, SplittableUniformRandomProvider rng, long seed,
      List<? extends EvidenceMethod<DagProblem>> methods) {
    if (methods.stream().anyMatch(m -> m.name().equals(DagMethod.EXACT.label())) && !data.isComplete()) {
      ExactEvidence.requireWithinLimit(data, settings.exactTermLimit()); // before any other work
    }
    return MethodRegistry.estimateAll(new DagProblem(data, prior, settings, rng, seed), methods);
  }

  /** Draws every CPT row uniformly from its simplex (Dir(1,…,1)). */
  public static double[] randomParameters(DagStructure s, UniformRandomProvider rng) {
    double[] theta = new double[s.tableSize()];
    for (int j = 0; j < s.size(); j++) {
      int k = s.cardinality(j);
      if (k == 1) {
        for (int l = 0; l < s.parentConfigurations(j); l++) {
          theta[s.offset(j) + l] = 1.0;
        }
        continue;
      }
      DirichletSampler sampler = DirichletSampler.symmetric(rng, k, 1.0);
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        double[] row = sampler.sample();
        System.arraycopy(row, 0, theta, s.offset(j) + l * k, k);
      }
    }
    return theta;
  }
}
