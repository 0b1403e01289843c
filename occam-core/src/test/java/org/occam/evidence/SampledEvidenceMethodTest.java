package org.occam.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The adapter on a fake problem whose likelihoods are given. */
class SampledEvidenceMethodTest {
  /** A family's problem, reduced to its cached likelihoods. */
  record FakeProblem(SampledLikelihoods likelihoods) {}

  private static FakeProblem problem(Boolean converged) {
    Map<String, Object> provenance = new LinkedHashMap<>();
    provenance.put("sampler", "lv-cd");
    provenance.put("likelihood", "exact");
    provenance.put("chains", 4);
    provenance.put("seed", 42L);
    provenance.put("seconds", 1.5);
    if (converged != null) {
      provenance.put("converged", converged);
      if (!converged) {
        provenance.put("notConverged", "MPSRF 1.4 above 1.1");
      }
    }
    ConjugateModels.Model m = ConjugateModels.betaBernoulli(20, 6, 1, 1);
    SampledLikelihoods sampled = ConjugateModels.sample(m, 500, 500, 9, 1);
    return new FakeProblem(new SampledLikelihoods(sampled.posteriorLogLikelihoods(), sampled.priorLogLikelihoods(),
        sampled.logLikelihoodAtPosteriorMean(), 250, merge(sampled.provenance(), provenance)));
  }

  private static Map<String, Object> merge(Map<String, Object> a, Map<String, Object> b) {
    Map<String, Object> out = new LinkedHashMap<>(a);
    out.putAll(b);
    return out;
  }

  @Test
  void everyEstimatorIsAMethodWithTheProvenanceAsSettingsAndTheSamplersConvergence() {
    List<EvidenceMethod<FakeProblem>> methods = SampleEvidenceEstimators.methods(FakeProblem::likelihoods);
    MethodRegistry<FakeProblem> registry = new MethodRegistry<>("fake", methods);
    assertThat(registry.names()).isEqualTo("harmonic1,harmonic4,bridge-geo,bridge-opt,dic");
    FakeProblem converged = problem(true);
    FakeProblem stuck = problem(false);
    FakeProblem silent = problem(null);
    for (EvidenceMethod<FakeProblem> m : methods) {
      assertThat(m.settings()).startsWith("sampler", "likelihood", "samples", "chains", "priorDraws");
      assertThat(m.description()).isNotBlank().doesNotContain("\n");
      EvidenceEstimate e = m.estimate(converged);
      assertThat(e.method()).isEqualTo(m.name());
      assertThat(e.settings()).containsKeys(m.settings().toArray(String[]::new)).doesNotContainKey("seconds")
          .containsEntry("sampler", "lv-cd").containsEntry("samples", 500).containsEntry("priorDraws", 500);
      assertThat(e.seed()).hasValue(42L);
      assertThat(e.seconds()).isGreaterThanOrEqualTo(1.5);
      assertThat(e.diagnostics()).containsEntry("converged", true).containsEntry("samplerConverged", true)
          .containsEntry("posteriorDraws", 500).containsEntry("posteriorEffectiveDraws", 250.0)
          .containsEntry("essRatio", 0.5);
      assertThat(e.converged()).isTrue();
      assertThat(m.estimate(silent).converged()).isTrue();
      EvidenceEstimate notConverged = m.estimate(stuck);
      assertThat(notConverged.converged()).as(m.name()).isFalse();
      assertThat((String) notConverged.diagnostics().get("notConverged"))
          .isEqualTo("the posterior sampler did not converge (MPSRF 1.4 above 1.1)");
      assertThat(notConverged.logEvidence()).isEqualTo(e.logEvidence());
      assertThat(m.estimate(converged).settings()).isEqualTo(e.settings());
    }
    assertThat(registry.get("harmonic4").settings()).endsWith("delta");
    assertThat(registry.get("bridge-opt").settings()).endsWith("tolerance", "maxIterations");
    assertThat(registry.get("harmonic4").estimate(converged).settings()).containsEntry("delta", 0.01);
    assertThat(registry.get("bridge-opt").estimate(converged).diagnostics()).containsKeys("iterations",
        "relativeMse", "startLogEvidence");
    assertThat(registry.get("dic").estimate(converged).diagnostics()).containsKeys("pD", "meanDeviance",
        "devianceAtPosteriorMean", "dic");
  }

  @Test
  void aMethodIsBuiltFromOneEstimatorAndOneLikelihoodFunction() {
    SampledEvidenceMethod<FakeProblem> m = new SampledEvidenceMethod<>(SampleEvidenceEstimators.get("bridge-geo"),
        FakeProblem::likelihoods);
    assertThat(m.name()).isEqualTo("bridge-geo");
    assertThat(m.accuracy()).isEqualTo(SampleEvidenceEstimators.get("bridge-geo").accuracy());
    assertThat(m.estimator()).isSameAs(SampleEvidenceEstimators.get("bridge-geo"));
    assertThat(m.settings()).containsExactly("sampler", "likelihood", "samples", "chains", "priorDraws");
  }
}
