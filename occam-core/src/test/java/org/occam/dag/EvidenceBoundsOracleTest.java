package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.testing.BruteForceEvidence;
import org.occam.testing.RandomDagProblems;
import org.occam.testing.RandomDagProblems.Problem;
import org.occam.testing.RandomDagProblems.Spec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The VB and Cheeseman–Stutz scores against the brute-force exact evidence on random tiny DAGs
 * with hidden variables (and missing cells in some cases): both are lower bounds; both equal the
 * evidence when nothing is unobserved; the scores the scorer reports are the bounds recomputed
 * independently at the parameters its runs end at; EM and VBEM ascend their objectives.
 */
class EvidenceBoundsOracleTest {
  private static final double BOUND_SLACK = 1e-9;

  /** The seeds of the hidden-variable cases; odd seeds have missing cells. */
  private static final long[] SEEDS = LongStream.rangeClosed(1, 28).toArray();

  private static Spec specFor(long seed) {
    return Spec.tiny(seed % 2 == 1 ? 0.2 : 0.0);
  }

  private static DagScoreSettings settings(int restarts) {
    return new DagScoreSettings(restarts, 600, 1e-9, HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT, null);
  }

  private static double uncorrected(EvidenceEstimate e) {
    return (Double) e.diagnostics().get("uncorrectedLogEvidence");
  }

  private static EvidenceEstimate get(List<EvidenceEstimate> es, DagMethod m) {
    return es.stream().filter(e -> e.method().equals(m.label())).findFirst().orElseThrow();
  }

  @Test
  void theRandomCasesCoverTheInterestingShapes() {
    Set<String> seen = new HashSet<>();
    for (long seed : SEEDS) {
      Problem pr = RandomDagProblems.random(seed, specFor(seed));
      if (pr.hasEdge(true, false)) {
        seen.add("hidden->observed");
      }
      if (pr.hasEdge(true, true)) {
        seen.add("hidden->hidden");
      }
      if (pr.hasEdge(false, false)) {
        seen.add("observed->observed");
      }
      if (pr.hasEdge(false, true)) {
        seen.add("observed->hidden");
      }
      if (pr.hasMissing()) {
        seen.add("missing");
      }
      if (pr.structure().hiddenVariables().length == 2) {
        seen.add("two hidden");
      }
      seen.add("lambda " + pr.lambda());
      assertThat(pr.rows().length).isBetween(2, 10);
      assertThat(BruteForceEvidence.jointCompletions(pr.model(), pr.rows())).isLessThanOrEqualTo(1L << 17);
    }
    assertThat(seen).contains("hidden->observed", "hidden->hidden", "observed->observed", "observed->hidden",
        "missing", "two hidden", "lambda 0.5", "lambda 1.0", "lambda 2.0");
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
      26, 27, 28})
  void vbAndCheesemanStutzAreLowerBoundsOnTheExactEvidence(long seed) {
    Problem pr = RandomDagProblems.random(seed, specFor(seed));
    double exact = pr.exactLogEvidence();
    assertThat(exact).isFinite().isNegative();
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    List<EvidenceEstimate> es = DagScorer.score(enumeration, pr.prior(),
        List.of(DagMethod.MAP, DagMethod.BIC, DagMethod.BICP, DagMethod.CS, DagMethod.VB), settings(3),
        RandomStreams.fromSeed(seed), seed);
    double vb = uncorrected(get(es, DagMethod.VB));
    double cs = uncorrected(get(es, DagMethod.CS));
    assertThat(vb).as("VB bound vs exact %s (%s)", exact, pr.structure()).isFinite()
        .isLessThanOrEqualTo(exact + BOUND_SLACK);
    assertThat(cs).as("CS vs exact %s (%s)", exact, pr.structure()).isFinite()
        .isLessThanOrEqualTo(exact + BOUND_SLACK);

    // The asymptotic scores, from the reported ln p(y|θ̂), ln p(θ̂) with d and n computed here.
    EvidenceEstimate map = get(es, DagMethod.MAP);
    double ll = (Double) map.diagnostics().get("logLikelihood");
    double lp = (Double) map.diagnostics().get("logPrior");
    int d = pr.model().freeParameters();
    double n = pr.rows().length;
    assertThat(map.logEvidence()).isCloseTo(ll + lp, within(1e-9));
    // the Occam factors −(d/2) ln n and ln p(θ̂) − (d/2) ln n stand for prior probabilities: capped at 0
    assertThat(uncorrected(get(es, DagMethod.BIC))).isCloseTo(ll + Math.min(0, -0.5 * d * Math.log(n)), within(1e-9));
    assertThat(uncorrected(get(es, DagMethod.BICP)))
        .isCloseTo(ll + Math.min(0, lp - 0.5 * d * Math.log(n)), within(1e-9));
    // ln p(y|θ̂) is a likelihood: at most the likelihood of the saturated model on the observed cells
    assertThat(ll).isLessThanOrEqualTo(1e-9);
  }

  /**
   * With one restart the scorer's single start is the first draw of its stream; rerunning MAP-EM
   * and VBEM from that start, the oracle's Cheeseman–Stutz value at the run's θ̂ and its VB bound at
   * the run's posterior counts must be what the scorer reported.
   */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14})
  void reportedScoresAreTheBoundsRecomputedByTheOracle(long seed) {
    checkReportedScoresAgainstOracle(RandomDagProblems.random(seed, specFor(seed)), seed);
  }

  /** As above with a different λ for every variable (drawn from {0.5, 1, 2, 3}). */
  @ParameterizedTest
  @ValueSource(longs = {31, 32, 33, 34, 35, 36, 37, 38, 39, 40})
  void perVariableHyperparameters(long seed) {
    Problem base = RandomDagProblems.random(seed, specFor(seed));
    SplittableRandom rnd = new SplittableRandom(seed);
    double[] choices = {0.5, 1.0, 2.0, 3.0};
    double[] lambdas = new double[base.structure().size()];
    for (int j = 0; j < lambdas.length; j++) {
      lambdas[j] = choices[rnd.nextInt(choices.length)];
    }
    if (seed % 2 == 0) { // half the cases all ≥ 1, so that the simplex basis is used
      for (int j = 0; j < lambdas.length; j++) {
        lambdas[j] = Math.max(1.0, lambdas[j]);
      }
    }
    Problem pr = base.withLambdas(lambdas);
    double exact = pr.exactLogEvidence();
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    List<EvidenceEstimate> es = DagScorer.score(enumeration, pr.prior(), List.of(DagMethod.CS, DagMethod.VB),
        settings(3), RandomStreams.fromSeed(seed), seed);
    assertThat(uncorrected(get(es, DagMethod.VB))).isLessThanOrEqualTo(exact + BOUND_SLACK);
    assertThat(uncorrected(get(es, DagMethod.CS))).isLessThanOrEqualTo(exact + BOUND_SLACK);
    checkReportedScoresAgainstOracle(pr, seed);
  }

  private static void checkReportedScoresAgainstOracle(Problem pr, long seed) {
    double exact = pr.exactLogEvidence();
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    DagScoreSettings one = settings(1);
    List<EvidenceEstimate> es = DagScorer.score(enumeration, pr.prior(), List.of(DagMethod.CS, DagMethod.VB), one,
        RandomStreams.fromSeed(seed), seed);

    double[] start = DagScorer.randomParameters(pr.structure(), RandomStreams.fromSeed(seed));
    var basis = one.mapBasisFor(pr.prior());
    var em = ExpectationMaximisation.run(enumeration, pr.prior(), start,
        new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP, basis, one.maxIterations(),
            one.tolerancePerDatum()));
    var vb = VariationalBayesEm.run(enumeration, pr.prior(), start, one.vbSettings());

    double csOracle = BruteForceEvidence.cheesemanStutz(pr.model(), em.theta(), pr.rows(), null);
    double vbOracle = BruteForceEvidence.variationalBound(pr.model(), vb.posteriorCounts(), pr.rows(), null);
    assertThat(csOracle).isLessThanOrEqualTo(exact + BOUND_SLACK);
    assertThat(vbOracle).isLessThanOrEqualTo(exact + BOUND_SLACK);
    double tol = 1e-9 * (1 + Math.abs(exact));
    assertThat(uncorrected(get(es, DagMethod.CS))).isCloseTo(csOracle, within(tol));
    assertThat(uncorrected(get(es, DagMethod.VB))).isCloseTo(vbOracle, within(tol));
    assertThat(vb.lowerBound()).isCloseTo(vbOracle, within(tol));
    assertThat(vb.trace()[vb.trace().length - 1]).isEqualTo(vb.lowerBound());

    // The EM run is self-consistent at θ̂: its counts and likelihood are the E step at θ̂.
    var atHat = BruteForceEvidence.rowSums(pr.model(), em.theta(), pr.rows(), null);
    assertThat(em.logLikelihood()).isCloseTo(atHat.logLikelihood(), within(tol));
    assertThat(em.expectedCounts()).containsExactly(atHat.expectedCounts(), within(1e-10));
    assertThat(em.logPrior()).isCloseTo(BruteForceEvidence.logDirichletDensity(pr.model(), em.theta()), within(tol));
    double priorTerm = basis == ExpectationMaximisation.MapBasis.SIMPLEX
        ? BruteForceEvidence.logDirichletDensity(pr.model(), em.theta())
        : BruteForceEvidence.softmaxLogPrior(pr.model(), em.theta());
    assertThat(em.objective()).isCloseTo(atHat.logLikelihood() + priorTerm, within(tol));
  }

  @ParameterizedTest
  @ValueSource(longs = {101, 102, 103, 104, 105, 106, 107, 108, 109, 110})
  void withNothingUnobservedVbAndCsEqualTheExactEvidence(long seed) {
    Problem pr = RandomDagProblems.random(seed, Spec.complete());
    if (seed % 2 == 1) { // a different λ per variable
      double[] lambdas = new SplittableRandom(seed).doubles(pr.structure().size(), 0.3, 3.0).toArray();
      pr = pr.withLambdas(lambdas);
    }
    double exact = pr.exactLogEvidence();
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    List<EvidenceEstimate> es = DagScorer.score(enumeration, pr.prior(),
        List.of(DagMethod.EXACT, DagMethod.CS, DagMethod.VB), settings(2), RandomStreams.fromSeed(seed), seed);
    for (EvidenceEstimate e : es) {
      assertThat(e.logEvidence()).as(e.method()).isCloseTo(exact, within(1e-8));
      assertThat(uncorrected(e)).as(e.method()).isCloseTo(exact, within(1e-8));
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
  void emAndVbemNeverGoDownhill(long seed) {
    Problem pr = RandomDagProblems.random(seed, specFor(seed));
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    double[] start = RandomDagProblems.randomTheta(pr.model(), new SplittableRandom(seed ^ 0x5eed), 0.0);
    List<ExpectationMaximisation.Settings> runs = new ArrayList<>();
    runs.add(new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.ML,
        ExpectationMaximisation.MapBasis.SIMPLEX, 150, 0.0));
    runs.add(new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP,
        ExpectationMaximisation.MapBasis.SOFTMAX, 150, 0.0));
    if (pr.lambda() >= 1) {
      runs.add(new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP,
          ExpectationMaximisation.MapBasis.SIMPLEX, 150, 0.0));
    }
    for (var st : runs) {
      var r = ExpectationMaximisation.run(enumeration, pr.prior(), start, st);
      assertThat(r.trace()).hasSize(r.iterations());
      assertNonDecreasing(r.trace(), st.toString());
      // the trace's first value is the objective at the start: the oracle's likelihood there (+ prior)
      double ll0 = BruteForceEvidence.logLikelihood(pr.model(), start, pr.rows(), null);
      double prior0 = st.estimator() == ExpectationMaximisation.Estimator.ML ? 0
          : st.mapBasis() == ExpectationMaximisation.MapBasis.SIMPLEX
              ? BruteForceEvidence.logDirichletDensity(pr.model(), start)
              : BruteForceEvidence.softmaxLogPrior(pr.model(), start);
      assertThat(r.trace()[0]).isCloseTo(ll0 + prior0, within(1e-9 * (1 + Math.abs(ll0 + prior0))));
      if (st.estimator() == ExpectationMaximisation.Estimator.ML) {
        // ML-EM ends at a likelihood no lower than where it started
        assertThat(r.logLikelihood()).isGreaterThanOrEqualTo(ll0 - 1e-9 * (1 + Math.abs(ll0)));
      }
    }
    var v = VariationalBayesEm.run(enumeration, pr.prior(), start, new VariationalBayesEm.Settings(150, 0.0));
    assertNonDecreasing(v.trace(), "VBEM");
    assertThat(v.lowerBound()).isLessThanOrEqualTo(pr.exactLogEvidence() + BOUND_SLACK);
  }

  private static void assertNonDecreasing(double[] trace, String what) {
    for (int i = 1; i < trace.length; i++) {
      double allowed = 1e-9 * (1 + Math.abs(trace[i - 1]));
      assertThat(trace[i]).as("%s: step %d of %d", what, i, trace.length)
          .isGreaterThanOrEqualTo(trace[i - 1] - allowed);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // A hidden variable with neither parents nor children

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
  void anIsolatedHiddenVariableLeavesTheEvidenceUnchanged(long seed) {
    // the isolated variable multiplies the joint terms by isoCard^n: keep n ≤ 5 and the rest ≤ 2^10
    Spec spec = new Spec(1, 2, 2, 3, seed % 2 == 1 ? 0.2 : 0.0, false, 5, 1L << 10);
    Problem pr = RandomDagProblems.random(seed, spec);
    int isoCard = 2 + (int) (seed % 2);
    Problem aug = withIsolatedHiddenVariable(pr, isoCard, (int) (seed % (pr.structure().size() + 1)));
    assertThat(aug.structure().size()).isEqualTo(pr.structure().size() + 1);

    double exact = pr.exactLogEvidence();
    double exactAug = aug.exactLogEvidence();
    assertThat(exactAug).isCloseTo(exact, within(1e-9 * (1 + Math.abs(exact))));

    List<DagMethod> methods = List.of(DagMethod.CS, DagMethod.VB);
    var es = DagScorer.score(new HiddenStateEnumeration(pr.structure(), pr.data()), pr.prior(), methods,
        settings(2), RandomStreams.fromSeed(seed), seed);
    var esAug = DagScorer.score(new HiddenStateEnumeration(aug.structure(), aug.data()), aug.prior(), methods,
        settings(2), RandomStreams.fromSeed(seed), seed);
    for (DagMethod m : methods) {
      assertThat(uncorrected(get(esAug, m))).as(m.label()).isLessThanOrEqualTo(exact + BOUND_SLACK);
      assertThat(uncorrected(get(es, m))).as(m.label()).isLessThanOrEqualTo(exact + BOUND_SLACK);
      // the isolated variable has no observed descendant: it adds no aliases
      assertThat(get(esAug, m).diagnostics().get("aliasCount")).isEqualTo(get(es, m).diagnostics().get("aliasCount"));
    }
  }

  /** The problem with an extra hidden variable (no parents, no children) inserted at index {@code at}. */
  static Problem withIsolatedHiddenVariable(Problem pr, int card, int at) {
    DagStructure s = pr.structure();
    int p = s.size();
    List<Variable> vars = new ArrayList<>(s.variables());
    vars.add(at, Variable.withCount("iso", card));
    boolean[] hidden = new boolean[p + 1];
    int[][] parents = new int[p + 1][];
    int[][] rows = new int[pr.rows().length][p + 1];
    for (int j = 0; j <= p; j++) {
      if (j == at) {
        hidden[j] = true;
        parents[j] = new int[0];
        for (int[] row : rows) {
          row[j] = BruteForceEvidence.UNKNOWN;
        }
        continue;
      }
      int old = j < at ? j : j - 1;
      hidden[j] = s.isHidden(old);
      parents[j] = java.util.Arrays.stream(s.parents(old)).map(q -> q < at ? q : q + 1).toArray();
      for (int r = 0; r < rows.length; r++) {
        rows[r][j] = pr.rows()[r][old];
      }
    }
    // keep the data's column order
    int[] columns = pr.data().variables().stream().mapToInt(v -> {
      int old = s.indexOf(v.name());
      return old < at ? old : old + 1;
    }).toArray();
    return RandomDagProblems.of(vars, hidden, parents, rows, pr.weights(), pr.lambda(), columns);
  }

  @Test
  void isolatedVariableHelperKeepsTheData() {
    Problem pr = RandomDagProblems.random(3, Spec.tiny(0.2));
    Problem aug = withIsolatedHiddenVariable(pr, 3, 1);
    assertThat(aug.data().variables()).isEqualTo(pr.data().variables());
    assertThat(aug.data().distinctRows()).isEqualTo(pr.data().distinctRows());
    for (int r = 0; r < pr.data().distinctRows(); r++) {
      assertThat(aug.data().row(r)).isEqualTo(pr.data().row(r));
    }
    assertThat(Map.of("iso", aug.structure().children(aug.structure().indexOf("iso")).length))
        .isEqualTo(Map.of("iso", 0));
  }
}
