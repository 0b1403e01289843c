package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;
import org.occam.sampling.AnnealingSchedule;

/**
 * {@link RbmCrossValidation} on data drawn from a known 5-visible, 2-hidden RBM, with short PCD and
 * AIS runs so the class takes seconds: the fold scores against brute force, AIS against exact log Z,
 * hidden units against the independent model, and the same numbers on any thread count.
 */
class RbmCrossValidationTest {
  private static final int V = 5;
  private static final int K = 2;
  private static final int N = 400;
  private static final long SEED = 20261121L;
  private static Rbm truth;
  private static RbmData data;

  /** MAP with σ0 = 1 as in the defaults, but 600 updates of 50 chains. */
  private static final PersistentContrastiveDivergence.Settings QUICK_PCD =
      PersistentContrastiveDivergence.Settings.defaults().withIterations(600).withChains(50).withStepSize(0.5, 200)
          .withTrace(100, 0);
  private static final RbmCrossValidation.Settings QUICK = RbmCrossValidation.Settings.defaults().withFolds(5)
      .withTraining(QUICK_PCD)
      .withAis(RbmPartitionAis.Settings.defaults().withSchedule(AnnealingSchedule.linear(500)).withRuns(100));

  @BeforeAll
  static void sampleData() {
    // two overlapping groups of visible units, each switched on by its hidden unit: strongly
    // dependent (the independent model is 0.66 nats per item worse on the sample), near-even means
    double w = 3;
    truth = Rbm.of(new double[][] {{w, 0}, {w, 0}, {w, -w}, {0, w}, {-w, w}},
        new double[] {-w / 2, -w / 2, 0, -w / 2, 0}, new double[] {-w, -w / 2});
    data = RbmData.of(new RbmExactSampler(truth).sampleVisible(N, RandomStreams.fromSeed(8)));
  }

  private static RbmCrossValidation cv(RbmLogPartition.Method method) {
    return new RbmCrossValidation(data, QUICK.withLogZ(method));
  }

  /** log p(x) by summing over every (x, z), straight from λᵀ f(x, z). */
  private static double bruteForceMeanLogLikelihood(Rbm rbm, RbmData items) {
    double logZ = RbmBruteForce.logZ(rbm);
    double s = 0;
    for (int d = 0; d < items.distinctRowCount(); d++) {
      s += items.count(d) * (RbmBruteForce.logZGivenVisible(rbm, items.row(d)) - logZ);
    }
    return s / items.size();
  }

  @Test
  void eachFoldScoresItsTestItemsAsBruteForceDoesWithTheTrainedModel() {
    RbmCrossValidation.Result r = cv(RbmLogPartition.Method.EXACT).run(K, SEED, 2, null);
    assertThat(r.logZMethod()).isEqualTo(RbmLogPartition.Method.EXACT);
    assertThat(r.logZStdError()).isZero();
    RbmData.Folds folds = data.folds(5, r.splitSeed());
    double mean = 0;
    for (RbmCrossValidation.FoldResult f : r.folds()) {
      RbmData.Fold fold = folds.get(f.fold());
      assertThat(f.testItems()).isEqualTo(fold.test().size()).isEqualTo(N / 5);
      assertThat(f.trainItems()).isEqualTo(N - N / 5);
      assertThat(f.rbm().hiddenCount()).isEqualTo(K);
      assertThat(f.logZ()).isCloseTo(RbmBruteForce.logZ(f.rbm()), offset(1e-10));
      assertThat(f.testLogLikelihood()).isCloseTo(bruteForceMeanLogLikelihood(f.rbm(), fold.test()), offset(1e-10));
      assertThat(f.trainLogLikelihood()).isCloseTo(bruteForceMeanLogLikelihood(f.rbm(), fold.train()),
          offset(1e-10));
      // the fold's model was trained on its training items only: retraining them gives it back
      PersistentContrastiveDivergence.Result again = fold.train().trainer().train(K, QUICK_PCD,
          RandomStreams.split(splitStreamRoot(), 5).get(f.fold()).split(), null);
      assertThat(again.rbm()).isEqualTo(f.rbm());
      mean += f.testLogLikelihood() / 5;
    }
    assertThat(r.meanTestLogLikelihood()).isCloseTo(mean, offset(1e-12));
    double[] values = r.testLogLikelihoods();
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    assertThat(r.stdError()).isCloseTo(Math.sqrt(squares / 4 / 5), offset(1e-12));
  }

  /** The root stream after the split seed is drawn, as the cross-validation makes it. */
  private static org.apache.commons.rng.SplittableUniformRandomProvider splitStreamRoot() {
    var root = RandomStreams.fromSeed(SEED);
    root.nextLong();
    return root;
  }

  @Test
  void aisAndExactLogZAgreeWithinTheAisStandardErrors() {
    RbmCrossValidation.Result exact = cv(RbmLogPartition.Method.EXACT).run(K, SEED, 2, null);
    RbmCrossValidation.Result ais = cv(RbmLogPartition.Method.AIS).run(K, SEED, 2, null);
    assertThat(ais.logZMethod()).isEqualTo(RbmLogPartition.Method.AIS);
    for (int f = 0; f < 5; f++) {
      RbmCrossValidation.FoldResult e = exact.folds().get(f);
      RbmCrossValidation.FoldResult a = ais.folds().get(f);
      // the same streams train the same model; only log Z differs
      assertThat(a.rbm()).isEqualTo(e.rbm());
      assertThat(a.logZStdError()).isPositive().isLessThan(0.05);
      assertThat(a.testLogLikelihood()).isCloseTo(e.testLogLikelihood(), offset(4 * a.logZStdError()));
      assertThat(a.testLogLikelihood() - a.trainLogLikelihood())
          .isCloseTo(e.testLogLikelihood() - e.trainLogLikelihood(), offset(1e-10));
    }
    assertThat(ais.logZStdError()).isPositive();
    assertThat(ais.meanTestLogLikelihood()).isCloseTo(exact.meanTestLogLikelihood(), offset(4 * ais.logZStdError()));
    assertThat(ais.diagnostics()).containsKeys("minEffectiveSampleSize", "foldTestLogLikelihoods");
  }

  @Test
  void hiddenUnitsBeatTheIndependentModelOnDataFromAnRbmAndComeCloseToTheTruth() {
    RbmCrossValidation.Result r = cv(RbmLogPartition.Method.EXACT).run(K, SEED, 2, null);
    RbmData.Folds folds = data.folds(5, r.splitSeed());
    double independent = 0;
    double trueModel = 0;
    for (int f = 0; f < 5; f++) {
      RbmData.Fold fold = folds.get(f);
      independent += independentTestLogLikelihood(fold.train(), fold.test()) / 5;
      trueModel += bruteForceMeanLogLikelihood(truth, fold.test()) / 5;
    }
    // observed: CV −2.853, independent −3.479, the true model −2.786 on the same held-out items
    assertThat(r.meanTestLogLikelihood()).isGreaterThan(independent + 0.4);
    assertThat(r.meanTestLogLikelihood()).isLessThan(trueModel + 0.05).isGreaterThan(trueModel - 0.15);
  }

  /** Each column a Bernoulli with the training frequency, smoothed by one pseudo-count each way. */
  private static double independentTestLogLikelihood(RbmData train, RbmData test) {
    long[] ones = train.columnOnes();
    double s = 0;
    for (int d = 0; d < test.distinctRowCount(); d++) {
      int[] x = test.row(d);
      for (int i = 0; i < V; i++) {
        double p = (ones[i] + 1.0) / (train.size() + 2.0);
        s += test.count(d) * Math.log(x[i] == 1 ? p : 1 - p);
      }
    }
    return s / test.size();
  }

  @Test
  void theSameSeedGivesTheSameNumbersOnAnyThreadCount() {
    RbmCrossValidation cv = cv(RbmLogPartition.Method.AIS);
    RbmCrossValidation.Result one = cv.run(K, SEED, 1, null);
    RbmCrossValidation.Result three = cv.run(K, SEED, 3, null);
    RbmCrossValidation.Result twelve = cv.run(K, SEED, 12, null);
    assertThat(three.testLogLikelihoods()).containsExactly(one.testLogLikelihoods());
    assertThat(twelve.testLogLikelihoods()).containsExactly(one.testLogLikelihoods());
    assertThat(twelve.meanTestLogLikelihood()).isEqualTo(one.meanTestLogLikelihood());
    assertThat(twelve.logZStdError()).isEqualTo(one.logZStdError());
    for (int f = 0; f < 5; f++) {
      assertThat(twelve.folds().get(f).rbm()).isEqualTo(one.folds().get(f).rbm());
    }
    assertThat(cv.run(K, SEED + 1, 2, null).meanTestLogLikelihood()).isNotEqualTo(one.meanTestLogLikelihood());
  }

  @Test
  void selectionScoresEachKAsASingleRunDoesAndPicksTheBest() {
    RbmCrossValidation cv = cv(RbmLogPartition.Method.AUTO);
    AtomicInteger lastProgress = new AtomicInteger();
    List<Integer> calls = new ArrayList<>();
    RbmCrossValidation.Selection s = cv.selectHiddenCount(new int[] {3, 1, 2}, SEED, 2, done -> {
      lastProgress.accumulateAndGet(done, Math::max);
      synchronized (calls) {
        calls.add(done);
      }
    });
    assertThat(s.results()).extracting(RbmCrossValidation.Result::hiddenCount).containsExactly(1, 2, 3);
    assertThat(lastProgress.get()).isEqualTo(3 * cv.progressSteps());
    assertThat(calls).hasSize(3 * cv.progressSteps());
    double best = Double.NEGATIVE_INFINITY;
    for (RbmCrossValidation.Result r : s.results()) {
      assertThat(r.logZMethod()).isEqualTo(RbmLogPartition.Method.EXACT);
      RbmCrossValidation.Result alone = cv.run(r.hiddenCount(), SEED, 1, null);
      assertThat(r.testLogLikelihoods()).containsExactly(alone.testLogLikelihoods());
      best = Math.max(best, r.meanTestLogLikelihood());
    }
    assertThat(s.best().meanTestLogLikelihood()).isEqualTo(best);
    assertThat(s.bestHiddenCount()).isEqualTo(s.best().hiddenCount());
    assertThat(s.oneStandardErrorHiddenCount()).isLessThanOrEqualTo(s.bestHiddenCount());
    RbmCrossValidation.Result oneSe = s.results().get(s.oneStandardErrorHiddenCount() - 1);
    assertThat(oneSe.meanTestLogLikelihood()).isGreaterThanOrEqualTo(best - s.best().stdError());
    for (RbmCrossValidation.Result r : s.results().subList(0, s.oneStandardErrorHiddenCount() - 1)) {
      assertThat(r.meanTestLogLikelihood()).isLessThan(best - s.best().stdError());
    }
  }

  @Test
  void impossibleRequestsAreRefusedBeforeAnyTraining() {
    RbmCrossValidation exact = new RbmCrossValidation(data,
        QUICK.withLogZ(RbmLogPartition.Method.EXACT).withMaxEnumeratedUnits(1));
    assertThatThrownBy(() -> exact.run(2, SEED, 1, null)).hasMessageContaining("above the limit 2^1");
    assertThatThrownBy(() -> cv(RbmLogPartition.Method.AUTO).run(0, SEED, 1, null))
        .hasMessageContaining("at least one hidden unit");
    assertThatThrownBy(() -> new RbmCrossValidation(data.head(4), QUICK)).hasMessageContaining("at least 5 items");
    assertThatThrownBy(() -> QUICK.withFolds(1)).hasMessageContaining("at least 2 folds");
    assertThatThrownBy(() -> cv(RbmLogPartition.Method.AUTO).selectHiddenCount(new int[] {2, 2}, SEED, 1, null))
        .hasMessageContaining("given twice");
    assertThat(QUICK.withMaxEnumeratedUnits(1).methodFor(V, 2)).isEqualTo(RbmLogPartition.Method.AIS);
    assertThat(QUICK.methodFor(V, 2)).isEqualTo(RbmLogPartition.Method.EXACT);
  }
}
