package org.occam.crf.methods;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfProblem;
import org.occam.crf.CrfScoreCases;
import org.occam.crf.CrfSettings;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.EvidenceMethodContract;
import org.occam.evidence.MethodRegistry;
import org.occam.sampling.ParameterSpaceAis;

/**
 * Every CRF method ({@link CrfMethods#REGISTRY}) keeps the family contract
 * ({@link EvidenceMethodContract}) against the evidence integrated by brute force in the raw
 * parameters ({@link CrfScoreCases#bruteLogEvidence}) on a 1- and a 2-parameter CRF with sampled
 * labels; plus the CRF registry's own checks: diagnostics reported, bad input refused in one line.
 */
class CrfMethodContractTest extends EvidenceMethodContract<CrfProblem> {
  /** AIS with 16 runs of 1000 temperatures, so that the suite stays fast and its standard error is itself accurate. */
  static final ParameterSpaceAis.Settings AIS = CrfSettings.defaults().ais().withSteps(1000).withRuns(16);
  static final CrfSettings SETTINGS = CrfSettings.defaults().withThreads(2).withAis(AIS);

  static final CrfModel ONE = CrfScoreCases.model(1, "state:g0");
  static final CrfData ONE_DATA = CrfScoreCases.sampled(ONE, new double[] {1.0}, 1, 6, 2, 5, 31);
  static final CrfModel TWO = CrfScoreCases.model(1, "state:g0", "transition");
  static final CrfData TWO_DATA = CrfScoreCases.sampled(TWO, new double[] {0.8, 0.6}, 1, 8, 2, 5, 32);

  @Override
  protected long[] seeds() {
    return new long[] {20261124L, 7L};
  }

  @Override
  protected MethodRegistry<CrfProblem> registry() {
    return CrfMethods.REGISTRY;
  }

  @Override
  protected List<ReferenceCase<CrfProblem>> referenceCases() {
    return List.of(reference("1 parameter, 6 sequences", ONE, ONE_DATA, 1e-3, 12),
        reference("2 parameters, 8 sequences", TWO, TWO_DATA, 0.05, 7));
  }

  private static ReferenceCase<CrfProblem> reference(String name, CrfModel model, CrfData data, double step,
      double halfWidth) {
    CrfProblem p = new CrfProblem(model, data, SETTINGS, 0);
    double exact = CrfScoreCases.bruteLogEvidence(p.likelihood(), SETTINGS.priorSigma(), step, halfWidth);
    return new ReferenceCase<>(name, seed -> new CrfProblem(model, data, SETTINGS, seed), exact, 0);
  }

  @Test
  void namesAreUniqueAndEveryMethodReportsDiagnostics() {
    List<EvidenceMethod<CrfProblem>> all = CrfMethods.REGISTRY.all();
    assertThat(new HashSet<>(all.stream().map(EvidenceMethod::name).toList())).hasSize(all.size());
    assertThat(CrfMethods.REGISTRY.names()).isEqualTo("map,bic-map,laplace-exact,ais,quadrature");
    CrfProblem p = new CrfProblem(ONE, ONE_DATA, SETTINGS.withAis(AIS.withSteps(100).withRuns(4)), 5);
    for (EvidenceEstimate e : p.estimate(all)) {
      assertThat(e.logEvidence()).as(e.method()).isFinite();
      assertThat(e.diagnostics()).as(e.method()).isNotEmpty();
      assertThat(e.converged()).as(e.method() + " " + e.diagnostics()).isTrue();
      assertThat(e.settings()).as(e.method()).containsKey("prior");
    }
  }

  @Test
  void badInputIsRefusedInOneLine() {
    assertOneLine(() -> CrfMethods.get("laplace"), "unknown CRF method 'laplace'");
    assertOneLine(() -> CrfMethods.parseList(" , "), "no methods given");
    CrfModel four = CrfScoreCases.model(1, "bias", "transition", "state:g0", "transition:g0");
    assertOneLine(() -> CrfMethods.get("quadrature").estimate(new CrfProblem(four, ONE_DATA, SETTINGS, 1)),
        "at most 3 parameters");
    CrfData unlabelled = new CrfData(ONE_DATA.labelStates(), ONE_DATA.inputNames(),
        List.of(new CrfData.Sequence("u", new int[] {0, CrfData.UNKNOWN}, new double[][] {{1}, {0}})));
    assertOneLine(() -> new CrfProblem(ONE, unlabelled, SETTINGS, 1), "without a label");
    CrfModel otherLabels = new CrfModel(List.of("a", "b"), ONE.inputNames(), ONE.features(), true);
    assertOneLine(() -> new CrfProblem(otherLabels, ONE_DATA, SETTINGS, 1), "label states");
    assertOneLine(() -> SETTINGS.withPriorSigma(0), "prior standard deviation");
    assertOneLine(() -> SETTINGS.withThreads(0), "threads");
  }

  private static void assertOneLine(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String text) {
    assertThatThrownBy(call).isInstanceOf(InvalidInputException.class).hasMessageContaining(text)
        .hasMessageNotContaining("\n");
  }
}
