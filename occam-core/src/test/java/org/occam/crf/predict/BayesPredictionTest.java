package org.occam.crf.predict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.crf.ChainInference;
import org.occam.crf.CrfData;
import org.occam.crf.CrfFeatures;
import org.occam.crf.CrfProblem;
import org.occam.crf.CrfTestModels;

/**
 * vote and weighted-vote against their large-S limits and the Bayes predictive
 * p(t | x, D) ≈ (1/M) Σ_m p(t | x, λ_m) by enumeration over t with M = 4000 Laplace draws.
 */
class BayesPredictionTest {
  static final int REFERENCE = 4000;
  static final int S = 400;

  @ParameterizedTest
  @ValueSource(longs = {11, 307, 5003, 88})
  void votesMatchTheirLimitsAndTheBayesPredictiveWhereItIsClear(long seed) {
    CrfProblem p = PredictionTestData.trainedRandom(seed, 1, 5, 4, 6);
    CrfData test = PredictionTestData.randomTest(seed, 6);
    CrfFeatures f = PredictionSupport.testFeatures(p, test);
    int l = f.length(0);
    double[][] ref = PredictionSupport.laplaceSamples(p, REFERENCE, seed + 1);
    List<int[]> all = CrfTestModels.allSpins(l);
    double[] predictive = new double[all.size()];
    double[] q = new double[l]; // fraction of draws whose Viterbi labelling has +1 at i
    double[] wy = new double[l];
    double sw = 0;
    double[][] wTerms = new double[REFERENCE][];
    double[] ws = new double[REFERENCE];
    for (int m = 0; m < REFERENCE; m++) {
      double[] pot = f.potentials(0, ref[m]);
      ChainInference c = ChainInference.of(pot, l);
      for (int k = 0; k < all.size(); k++) {
        predictive[k] += Math.exp(c.logProbability(all.get(k))) / REFERENCE;
      }
      int[] v = ChainInference.viterbi(pot, l);
      double w = Math.exp(c.logProbability(v));
      ws[m] = w;
      wTerms[m] = new double[l];
      for (int i = 0; i < l; i++) {
        double y = v[i] > 0 ? 1 : 0;
        q[i] += y / REFERENCE;
        wy[i] += w * y;
        wTerms[m][i] = y;
      }
      sw += w;
    }
    double[] marginal = new double[l];
    for (int k = 0; k < all.size(); k++) {
      for (int i = 0; i < l; i++) {
        if (all.get(k)[i] > 0) {
          marginal[i] += predictive[k];
        }
      }
    }
    PredictionSettings settings = PredictionSettings.defaults().withSamples(S);
    int[] vote = CrfPredictors.get("vote").predict(p, test, settings, seed).labels().get(0);
    int[] weighted = CrfPredictors.get("weighted-vote").predict(p, test, settings, seed).labels().get(0);
    int checkedVote = 0;
    int checkedWeighted = 0;
    int checkedBayes = 0;
    for (int i = 0; i < l; i++) {
      // the vote's limit: the majority of the draws' Viterbi labels, within 4 SE of S draws
      double se = Math.sqrt(q[i] * (1 - q[i]) / S + q[i] * (1 - q[i]) / REFERENCE);
      if (Math.abs(q[i] - 0.5) > 4 * se) {
        assertThat(vote[i]).as("vote at %d (limit %.3f)", i, q[i]).isEqualTo(q[i] > 0.5 ? 1 : 0);
        checkedVote++;
      }
      // the weighted vote's limit: the ratio Σ w y / Σ w, its SE for S draws by the delta method
      double r = wy[i] / sw;
      double meanW = sw / REFERENCE;
      double v2 = 0;
      for (int m = 0; m < REFERENCE; m++) {
        double d = ws[m] * (wTerms[m][i] - r);
        v2 += d * d / REFERENCE;
      }
      double seR = Math.sqrt(v2 / (meanW * meanW) * (1.0 / S + 1.0 / REFERENCE));
      if (Math.abs(r - 0.5) > 4 * seR) {
        assertThat(weighted[i]).as("weighted vote at %d (limit %.3f)", i, r).isEqualTo(r > 0.5 ? 1 : 0);
        checkedWeighted++;
      }
      // the Bayes predictive's per-position argmax, where it is unambiguous
      if (Math.abs(marginal[i] - 0.5) > 0.1) {
        assertThat(vote[i]).as("vote vs predictive at %d (%.3f)", i, marginal[i]).isEqualTo(marginal[i] > 0.5 ? 1 : 0);
        assertThat(weighted[i]).as("weighted vs predictive at %d (%.3f)", i, marginal[i])
            .isEqualTo(marginal[i] > 0.5 ? 1 : 0);
        checkedBayes++;
      }
    }
    assertThat(checkedVote + checkedWeighted + checkedBayes).isPositive();
  }

  @Test
  void mapIsViterbiAtTheMapPoint() {
    CrfProblem p = PredictionTestData.trainedRandom(21, 1, 7, 6, 5);
    CrfData test = PredictionTestData.randomTest(21, 4, 9, 1);
    CrfPrediction pr = CrfPredictors.get("map").predict(p, test, PredictionSettings.defaults(), 0);
    CrfFeatures f = PredictionSupport.testFeatures(p, test);
    for (int n = 0; n < f.size(); n++) {
      int[] v = ChainInference.viterbi(f.potentials(n, p.map().lambda()), f.length(n));
      assertThat(pr.labels().get(n)).containsExactly(PredictionSupport.labels(v));
    }
    long wrong = 0;
    for (int n = 0; n < f.size(); n++) {
      for (int i = 0; i < f.length(n); i++) {
        wrong += pr.labels().get(n)[i] != test.sequences().get(n).labels()[i] ? 1 : 0;
      }
    }
    assertThat(pr.errorRate(test)).isEqualTo((double) wrong / test.positions());
  }

  @Test
  void sameSeedSameLabelsWithAnyThreadCountAndSharedDraws() {
    CrfData test = PredictionTestData.randomTest(33, 6, 8, 3, 7);
    CrfProblem one = PredictionTestData.trainedRandom(33, 1, 6, 5, 7);
    CrfProblem two = PredictionTestData.trainedRandom(33, 2, 6, 5, 7);
    for (String m : List.of("vote", "weighted-vote", "super-graph", "g")) {
      CrfPrediction a = CrfPredictors.get(m).predict(one, test, PredictionSettings.defaults(), 77);
      CrfPrediction b = CrfPredictors.get(m).predict(two, test, PredictionSettings.defaults(), 77);
      for (int n = 0; n < test.size(); n++) {
        assertThat(a.labels().get(n)).as(m).containsExactly(b.labels().get(n));
      }
    }
    assertThat(PredictionSupport.laplaceSamples(one, 20, 77)).isSameAs(PredictionSupport.laplaceSamples(one, 20, 77));
    // the draws are the same up to rounding: CrfLikelihood sums its per-thread blocks in a
    // thread-count-dependent order, so λMP and A differ in the last bits between 1 and 2 threads
    double[][] d1 = PredictionSupport.laplaceSamples(one, 20, 77);
    double[][] d2 = PredictionSupport.laplaceSamples(two, 20, 77);
    for (int s = 0; s < d1.length; s++) {
      for (int k = 0; k < d1[s].length; k++) {
        assertThat(d2[s][k]).isCloseTo(d1[s][k], org.assertj.core.api.Assertions.within(1e-8));
      }
    }
    assertThat(PredictionSupport.laplaceSamples(one, 20, 78)[0]).isNotEqualTo(PredictionSupport.laplaceSamples(one, 20, 77)[0]);
  }
}
