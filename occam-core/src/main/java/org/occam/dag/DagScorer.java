package org.occam.dag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.DirichletSampler;
import org.occam.evidence.EvidenceEstimate;

/**
 * Scores one DAG structure on one data set with Beal's methods (notes/dag-scores.md):
 *
 * <pre>
 *   map  = ln p(y|θ̂) + ln p(θ̂|m)
 *   bic  = ln p(y|θ̂) − (d/2) ln n                         (+ ln S)
 *   bicp = bic + ln p(θ̂|m)                                 (+ ln S)
 *   cs   = ln p(ŝ,y|m) + ln p(y|θ̂) − ln p(ŝ,y|θ̂)          (+ ln S)
 *   cs-dagger = cs + ((d' − d)/2) ln n, d and d' by Algorithm 6.2       (+ ln S)
 *   vb   = F, the VBEM lower bound                         (+ ln S)
 *   exact = ln p(y|m) in closed form (6.9), complete data only
 * </pre>
 *
 * <p>θ̂ is the best of {@code restarts} MAP-EM runs and F the best of as many VBEM runs, started
 * from the same random parameters (each CPT row drawn uniformly from the simplex, so never a
 * symmetric point). Every estimate carries the uncorrected value and the alias count in its
 * diagnostics, with the convergence of the runs it came from.
 */
public final class DagScorer {
  private DagScorer() {}

  /**
   * Scores a structure.
   *
   * @param data the data compiled against {@code structure}
   * @param methods the scores wanted, in the order reported
   * @param rng the random stream for the restarts (consumed)
   * @param seed the seed reported with the estimates (the user's seed the stream descends from)
   * @throws IllegalArgumentException if {@code exact} would sum more terms than the settings allow
   */
  public static List<EvidenceEstimate> score(HiddenStateEnumeration data, DirichletPrior prior,
      List<DagMethod> methods, DagScoreSettings settings, SplittableUniformRandomProvider rng, long seed) {
    DagStructure s = data.structure();
    if (methods.contains(DagMethod.EXACT) && !data.isComplete()) {
      ExactEvidence.requireWithinLimit(data, settings.exactTermLimit()); // before any other work
    }
    List<double[]> starts = new ArrayList<>();
    for (int r = 0; r < settings.restarts(); r++) {
      starts.add(randomParameters(s, rng));
    }
    AliasCount alias = AliasCount.of(s);
    double n = data.dataSize();
    int d = s.freeParameters();

    Map<String, Object> common = new LinkedHashMap<>();
    common.put("freeParameters", d);
    common.put("dataSize", n);
    common.put("distinctRows", data.distinctRows());

    List<EvidenceEstimate> out = new ArrayList<>();
    EmBest em = null;
    VbBest vb = null;
    for (DagMethod m : methods) {
      if (m.usesMapEm() && em == null) {
        em = runEm(data, prior, starts, settings);
      }
      if (m == DagMethod.VB && vb == null) {
        vb = runVb(data, prior, starts, settings);
      }
      Map<String, Object> set = new LinkedHashMap<>();
      set.put("prior", prior.toString());
      Map<String, Object> diag = new LinkedHashMap<>(common);
      double uncorrected;
      double seconds;
      OptionalDouble stdError = OptionalDouble.empty();
      boolean random = true;
      switch (m) {
        case EXACT -> {
          long t0 = System.nanoTime();
          if (data.isComplete()) {
            set.put("algorithm", "closed form (Beal 6.9)");
            uncorrected = CompleteDataEvidence.logEvidence(s, prior, data.completeCounts());
          } else {
            set.put("algorithm", "sum over completions grouped by distinct row");
            set.put("termLimit", settings.exactTermLimit());
            diag.put("terms", ExactEvidence.termCount(data));
            uncorrected = ExactEvidence.logEvidence(data, prior, settings.exactTermLimit());
          }
          seconds = (System.nanoTime() - t0) * 1e-9;
          random = false;
        }
        case MAP, BIC, BICP, CS, CS_DAGGER -> {
          ExpectationMaximisation.Run r = em.best;
          set.put("estimator", "map-em");
          set.put("mapBasis", em.basis.name().toLowerCase(java.util.Locale.ROOT));
          set.putAll(settings.toMap());
          em.describe(diag);
          diag.put("logLikelihood", r.logLikelihood());
          diag.put("logPrior", r.logPrior());
          seconds = em.seconds;
          uncorrected = switch (m) {
            case MAP -> r.logLikelihood() + r.logPrior();
            case BIC -> r.logLikelihood() - 0.5 * d * Math.log(n);
            case BICP -> r.logLikelihood() - 0.5 * d * Math.log(n) + r.logPrior();
            default -> {
              double completeEvidence = CompleteDataEvidence.logEvidence(s, prior, r.expectedCounts());
              double completeLikelihood = CompleteDataEvidence.logLikelihood(r.theta(), r.expectedCounts());
              diag.put("completedDataLogEvidence", completeEvidence);
              diag.put("completedDataLogLikelihood", completeLikelihood);
              double cs = completeEvidence + r.logLikelihood() - completeLikelihood;
              if (m == DagMethod.CS_DAGGER) {
                long t0 = System.nanoTime();
                var dimSettings = DimensionEstimator.Settings.defaults();
                var dims = DimensionEstimator.estimate(s, data.data(), r.theta(), rng, dimSettings);
                set.put("dimensionEpsilon", dimSettings.epsilon());
                set.put("rankTolerance", dimSettings.relativeTolerance());
                diag.put("d", dims.incomplete());
                diag.put("dComplete", dims.complete());
                diag.put("dimensionPerturbations", dims.perturbations());
                diag.put("dimensionRows", dims.rows());
                diag.put("cs", cs);
                seconds += (System.nanoTime() - t0) * 1e-9;
                cs += 0.5 * (dims.complete() - dims.incomplete()) * Math.log(n);
              }
              yield cs;
            }
          };
        }
        case AIS -> {
          long t0 = System.nanoTime();
          var target = new DagAnnealingTarget(data, prior, settings.ais());
          var est = org.occam.sampling.AnnealedImportanceSampler.estimate(target, settings.ais().schedule(),
              settings.ais().runs(), rng, 1, settings.ais().reverse());
          set.putAll(settings.ais().toMap());
          diag.put("logWeights", est.runs().stream().map(r -> r.logWeight()).toList());
          diag.put("stdErrorMethod", "delta method on the mean weight");
          diag.put("acceptanceByQuarter", java.util.Arrays.stream(est.acceptanceByQuarter()).boxed().toList());
          if (est.reverseLogEstimate().isPresent()) {
            diag.put("reverseLogWeights", est.runs().stream().map(r -> r.reverseLogWeight().getAsDouble()).toList());
            diag.put("reverseLogEvidence", est.reverseLogEstimate().getAsDouble());
            diag.put("hysteresis", est.hysteresis().getAsDouble());
          }
          uncorrected = est.logEstimate();
          seconds = (System.nanoTime() - t0) * 1e-9;
          stdError = OptionalDouble.of(est.stdError());
        }
        case VB -> {
          set.put("estimator", "vbem");
          set.putAll(settings.toMap());
          vb.describe(diag);
          seconds = vb.seconds;
          uncorrected = vb.best.lowerBound();
        }
        default -> throw new IllegalStateException("unhandled method " + m);
      }
      double corrected = m.aliasCorrected() ? uncorrected + alias.log() : uncorrected;
      diag.put("uncorrectedLogEvidence", uncorrected);
      diag.put("aliasCount", alias.count());
      diag.put("aliasCorrectionApplied", m.aliasCorrected() && alias.log() != 0);
      out.add(new EvidenceEstimate(m.label(), corrected, stdError, seconds, set,
          random ? OptionalLong.of(seed) : OptionalLong.empty(), diag));
    }
    return out;
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

  private static final class EmBest {
    ExpectationMaximisation.Run best;
    int bestIndex;
    final List<ExpectationMaximisation.Run> runs = new ArrayList<>();
    double seconds;
    ExpectationMaximisation.MapBasis basis;

    void describe(Map<String, Object> diag) {
      diag.put("converged", best.converged());
      diag.put("iterations", best.iterations());
      diag.put("traceLength", best.trace().length);
      diag.put("bestRestart", bestIndex);
      List<Map<String, Object>> all = new ArrayList<>();
      for (var r : runs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("objective", r.objective());
        m.put("iterations", r.iterations());
        m.put("converged", r.converged());
        m.put("traceLength", r.trace().length);
        all.add(m);
      }
      diag.put("restarts", all);
    }
  }

  private static final class VbBest {
    VariationalBayesEm.Run best;
    int bestIndex;
    final List<VariationalBayesEm.Run> runs = new ArrayList<>();
    double seconds;

    void describe(Map<String, Object> diag) {
      diag.put("converged", best.converged());
      diag.put("iterations", best.iterations());
      diag.put("traceLength", best.trace().length);
      diag.put("bestRestart", bestIndex);
      List<Map<String, Object>> all = new ArrayList<>();
      for (var r : runs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lowerBound", r.lowerBound());
        m.put("iterations", r.iterations());
        m.put("converged", r.converged());
        m.put("traceLength", r.trace().length);
        all.add(m);
      }
      diag.put("restarts", all);
    }
  }

  private static EmBest runEm(HiddenStateEnumeration data, DirichletPrior prior, List<double[]> starts,
      DagScoreSettings settings) {
    long t0 = System.nanoTime();
    EmBest b = new EmBest();
    b.basis = settings.mapBasisFor(prior);
    var emSettings = new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP, b.basis,
        settings.maxIterations(), settings.tolerancePerDatum());
    for (int i = 0; i < starts.size(); i++) {
      var r = ExpectationMaximisation.run(data, prior, starts.get(i), emSettings);
      b.runs.add(r);
      if (b.best == null || r.objective() > b.best.objective()) {
        b.best = r;
        b.bestIndex = i;
      }
    }
    b.seconds = (System.nanoTime() - t0) * 1e-9;
    return b;
  }

  private static VbBest runVb(HiddenStateEnumeration data, DirichletPrior prior, List<double[]> starts,
      DagScoreSettings settings) {
    long t0 = System.nanoTime();
    VbBest b = new VbBest();
    var vbSettings = new VariationalBayesEm.Settings(settings.maxIterations(), settings.tolerancePerDatum());
    for (int i = 0; i < starts.size(); i++) {
      var r = VariationalBayesEm.run(data, prior, starts.get(i), vbSettings);
      b.runs.add(r);
      if (b.best == null || r.lowerBound() > b.best.lowerBound()) {
        b.best = r;
        b.bestIndex = i;
      }
    }
    b.seconds = (System.nanoTime() - t0) * 1e-9;
    return b;
  }
}
