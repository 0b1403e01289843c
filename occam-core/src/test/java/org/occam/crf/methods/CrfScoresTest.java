package org.occam.crf.methods;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfProblem;
import org.occam.crf.CrfScoreCases;
import org.occam.crf.CrfSettings;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.sampling.ParameterSpaceAis;

/**
 * The CRF scores against the quadrature and AIS (issue 14, acceptance 4) on CRFs whose labels are
 * exact samples of the model (short random sequences), over fixed seeds: laplace-exact against
 * quadrature (1–2 parameters) and against AIS (5 parameters); AIS within 3 standard errors of
 * quadrature, with an honest standard error; map as the posterior's height at a stationary point;
 * bic-map's formula.
 */
class CrfScoresTest {
  static final long[] SEEDS = {3, 17, 2026};
  static final CrfModel ONE = CrfScoreCases.model(1, "state:g0");
  static final double[] ONE_TRUTH = {1.0};
  static final CrfModel TWO = CrfScoreCases.model(1, "state:g0", "transition");
  static final double[] TWO_TRUTH = {0.8, 0.6};
  static final CrfModel FIVE = CrfScoreCases.model(2, "bias", "transition", "state:g0", "state:g1", "transition:g0");
  static final double[] FIVE_TRUTH = {0.3, 0.5, 1.0, -0.8, 0.4};

  static CrfProblem problem(CrfModel model, double[] truth, int inputs, int n, int maxLength, long seed,
      CrfSettings settings) {
    CrfData data = CrfScoreCases.sampled(model, truth, inputs, n, 2, maxLength, seed);
    return new CrfProblem(model, data, settings, seed);
  }

  static EvidenceEstimate run(String method, CrfProblem p) {
    return CrfMethods.get(method).estimate(p);
  }

  /**
   * Measured |laplace-exact − quadrature| (seeds 3, 17, 2026): one parameter 0.021–0.022 at N = 5,
   * 0.009–0.017 at N = 20, 0.003–0.007 at N = 80; two parameters 0.036–0.062, 0.024–0.031,
   * 0.007–0.008.
   */
  @Test
  void laplaceExactApproachesQuadratureAsSequencesAreAdded() {
    int[] sizes = {5, 20, 80};
    for (CrfModel model : List.of(ONE, TWO)) {
      double[] truth = model == ONE ? ONE_TRUTH : TWO_TRUTH;
      double[] mean = new double[sizes.length];
      for (long seed : SEEDS) {
        double[] error = new double[sizes.length];
        for (int s = 0; s < sizes.length; s++) {
          CrfProblem p = problem(model, truth, 1, sizes[s], 6, seed, CrfSettings.defaults().withThreads(1));
          error[s] = Math.abs(run("laplace-exact", p).logEvidence() - run("quadrature", p).logEvidence());
          mean[s] += error[s] / SEEDS.length;
          System.out.printf("F=%d N=%d seed %d: |laplace-exact - quadrature| = %.5f%n", model.features().size(),
              sizes[s], seed, error[s]);
        }
        String where = "F = " + model.features().size() + ", seed " + seed;
        assertThat(error[0]).as(where + ", N = 5").isLessThan(0.08);
        assertThat(error[2]).as(where + ", N = 80").isLessThan(0.01).isLessThan(error[0]);
      }
      assertThat(mean[1]).as("mean over seeds, N = 20 vs 5").isLessThan(mean[0]);
      assertThat(mean[2]).as("mean over seeds, N = 80 vs 20").isLessThan(mean[1]);
    }
  }

  /**
   * K = 1000 temperatures, G = 16 runs on 8 short sequences: standard errors 0.02–0.04 and
   * z = (ais − quadrature)/se of 1.73, −0.29, 0.19, 0.71 measured. If the standard error were too
   * small by half, the root mean square of z would be about 2.
   */
  @Test
  void aisIsWithinThreeStandardErrorsOfQuadratureWithAnHonestStandardError() {
    long[] seeds = {3, 17, 2026, 99};
    ParameterSpaceAis.Settings ais = CrfSettings.defaults().ais().withSteps(1000).withRuns(16);
    double sumSquares = 0;
    for (long seed : seeds) {
      CrfProblem p = problem(TWO, TWO_TRUTH, 1, 8, 5, seed, CrfSettings.defaults().withThreads(2).withAis(ais));
      EvidenceEstimate a = run("ais", p);
      double q = run("quadrature", p).logEvidence();
      double se = a.stdError().orElseThrow();
      double z = (a.logEvidence() - q) / se;
      System.out.printf("seed %d: ais %.4f ± %.4f, quadrature %.4f, z %.2f%n", seed, a.logEvidence(), se, q, z);
      assertThat(se).as("seed " + seed).isPositive().isLessThan(0.06);
      assertThat(Math.abs(z)).as("seed " + seed).isLessThan(3);
      sumSquares += z * z;
    }
    assertThat(Math.sqrt(sumSquares / seeds.length)).as("rms z").isLessThan(2);
  }

  /** 20 sequences of 2–6 positions, 5 parameters; AIS with K = 2000, G = 16. */
  @Test
  void laplaceExactAgreesWithAisOnFiveParameters() {
    ParameterSpaceAis.Settings ais = CrfSettings.defaults().ais().withSteps(2000).withRuns(16);
    for (long seed : new long[] {3, 17}) {
      CrfProblem p = problem(FIVE, FIVE_TRUTH, 2, 20, 6, seed, CrfSettings.defaults().withThreads(2).withAis(ais));
      EvidenceEstimate a = run("ais", p);
      double l = run("laplace-exact", p).logEvidence();
      double se = a.stdError().orElseThrow();
      System.out.printf("F=5 seed %d: laplace-exact %.4f, ais %.4f ± %.4f, difference %.4f%n", seed, l,
          a.logEvidence(), se, l - a.logEvidence());
      assertThat(l).as("seed " + seed).isCloseTo(a.logEvidence(), within(CrfLaplaceExact.TOLERANCE + 3 * se));
    }
  }

  @Test
  void theMapPointIsStationaryAndMapIsThePosteriorsHeight() {
    for (long seed : SEEDS) {
      CrfProblem p = problem(FIVE, FIVE_TRUTH, 2, 20, 6, seed, CrfSettings.defaults().withThreads(1));
      CrfProblem.Fit fit = p.map();
      assertThat(fit.converged()).isTrue();
      assertThat(fit.newtonDecrement()).isLessThanOrEqualTo(CrfProblem.MODE_DECREMENT);
      double[] grad = new double[p.dimension()];
      double height = p.logPosterior(fit.lambda(), grad);
      // the fit stops at a Newton decrement ½ gᵀA⁻¹g of 1e-8 nats: recomputed here, with |g| ~ 1e-5 then
      DMatrixRMaj step = new DMatrixRMaj(grad.length, 1);
      assertThat(CommonOps_DDRM.solve(p.precision().matrix(), new DMatrixRMaj(grad.length, 1, true, grad), step))
          .isTrue();
      double decrement = 0;
      for (int a = 0; a < grad.length; a++) {
        decrement += 0.5 * grad[a] * step.get(a, 0);
        assertThat(Math.abs(grad[a])).as("seed " + seed + " gradient").isLessThan(1e-4);
      }
      assertThat(decrement).isLessThanOrEqualTo(CrfProblem.MODE_DECREMENT);
      EvidenceEstimate map = run("map", p);
      assertThat(map.logEvidence()).isCloseTo(height, within(1e-9)).isCloseTo(fit.logPosterior(), within(1e-9));
      // no point nearby is higher
      UniformRandomProvider rng = RandomStreams.fromSeed(seed);
      for (int k = 0; k < 50; k++) {
        double[] x = fit.lambda().clone();
        for (int a = 0; a < x.length; a++) {
          x[a] += 0.3 * (2 * rng.nextDouble() - 1);
        }
        assertThat(p.logPosterior(x, new double[x.length])).isLessThan(map.logEvidence());
      }
    }
  }

  @Test
  void mapIsTheHeightOfTheQuadraturesMode() {
    for (long seed : SEEDS) {
      CrfProblem p = problem(TWO, TWO_TRUTH, 1, 10, 6, seed, CrfSettings.defaults().withThreads(1));
      EvidenceEstimate q = run("quadrature", p);
      EvidenceEstimate map = run("map", p);
      double atMode = (double) q.diagnostics().get("logPosteriorAtMode");
      assertThat(map.logEvidence()).isGreaterThanOrEqualTo(atMode - 1e-9).isCloseTo(atMode, within(1e-8));
      @SuppressWarnings("unchecked")
      List<Double> mode = (List<Double>) q.diagnostics().get("mode");
      double[] lambda = p.map().lambda();
      for (int a = 0; a < lambda.length; a++) {
        assertThat(lambda[a]).isCloseTo(mode.get(a), within(1e-5));
      }
    }
  }

  @Test
  void bicMapIsTheLikelihoodAtTheMapPointLessHalfFLogN() {
    for (long seed : SEEDS) {
      CrfProblem p = problem(FIVE, FIVE_TRUTH, 2, 20, 6, seed, CrfSettings.defaults().withThreads(1));
      double ll = p.likelihood().value(p.map().lambda());
      EvidenceEstimate bic = run("bic-map", p);
      assertThat(p.map().logLikelihood()).isCloseTo(ll, within(1e-9));
      assertThat(bic.logEvidence()).isCloseTo(ll - 0.5 * 5 * Math.log(20), within(1e-9));
      assertThat((double) bic.diagnostics().get("penalty")).isCloseTo(2.5 * Math.log(20), within(1e-12));
    }
  }
}
