package org.occam.crf.predict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.crf.ChainInference;
import org.occam.crf.CrfData;
import org.occam.crf.CrfFeatures;
import org.occam.crf.CrfProblem;

/**
 * {@code vote}: the predictive p(t | x, D) ≈ (1/S) Σ_s p(t | x, λ_s) with λ_s from the Laplace
 * posterior N(λMP, A⁻¹) (Welling &amp; Parise 2006, eqn 16), maximised by interchanging
 * maximisation and summation: the Viterbi labelling t̂_s under each λ_s, then a majority vote at
 * each position; a tied vote goes to the MAP label (Viterbi at λMP). The S draws are
 * {@link PredictionSupport#laplaceSamples}, shared with {@code weighted-vote} and
 * {@code super-graph}.
 */
public final class VotePredictor implements CrfPredictor {
  @Override
  public String name() {
    return "vote";
  }

  @Override
  public String description() {
    return "majority vote per position of the Viterbi labellings under S Laplace-posterior samples, ties to MAP"
        + " (Welling & Parise 2006, sec. 5)";
  }

  @Override
  public CrfPrediction predict(CrfProblem trained, CrfData test, PredictionSettings settings, long seed) {
    return run(name(), trained, test, settings, seed, false);
  }

  /** One test sequence's votes: per position, the summed weight of label +1 and of label −1. */
  record Tally(int[] labels, int ties, int unanimous, double meanLogWeight) {}

  static CrfPrediction run(String name, CrfProblem trained, CrfData test, PredictionSettings settings, long seed,
      boolean weighted) {
    long t0 = System.nanoTime();
    double[] lambdaMp = trained.map().lambda();
    double[][] draws = PredictionSupport.laplaceSamples(trained, settings.samples(), seed);
    CrfFeatures f = PredictionSupport.testFeatures(trained, test);
    List<Tally> tallies = PredictionSupport.perSequence(trained, f, n -> tally(f, n, lambdaMp, draws, weighted));
    List<int[]> labels = new ArrayList<>();
    long ties = 0;
    long unanimous = 0;
    long positions = 0;
    double logWeight = 0;
    for (Tally t : tallies) {
      labels.add(t.labels());
      ties += t.ties();
      unanimous += t.unanimous();
      positions += t.labels().length;
      logWeight += t.meanLogWeight();
    }
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("samples", draws.length);
    diag.put("tiesToMap", ties);
    diag.put("unanimousFraction", positions == 0 ? Double.NaN : (double) unanimous / positions);
    if (weighted) {
      diag.put("meanLogWeight", logWeight / Math.max(1, tallies.size()));
    }
    diag.put("mapConverged", trained.map().converged());
    return new CrfPrediction(name, labels, (System.nanoTime() - t0) * 1e-9, diag);
  }

  /**
   * The vote on sequence n: each draw's Viterbi labelling t̂_s counts 1, or {@code p(t̂_s | x, λ_s)}
   * when weighted; positions where the two labels' totals are equal take the MAP label.
   */
  static Tally tally(CrfFeatures f, int n, double[] lambdaMp, double[][] draws, boolean weighted) {
    int l = f.length(n);
    double[] plus = new double[l];
    double[] minus = new double[l];
    double logWeights = 0;
    int[] agree = new int[l];
    int[][] best = new int[draws.length][];
    double[] logWeight = new double[draws.length];
    double maxLogWeight = Double.NEGATIVE_INFINITY;
    for (int s = 0; s < draws.length; s++) {
      double[] pot = f.potentials(n, draws[s]);
      best[s] = ChainInference.viterbi(pot, l);
      if (weighted) {
        logWeight[s] = ChainInference.of(pot, l).logProbability(best[s]);
        logWeights += logWeight[s];
        maxLogWeight = Math.max(maxLogWeight, logWeight[s]);
      }
    }
    for (int s = 0; s < draws.length; s++) {
      int[] t = best[s];
      // weights relative to the largest: the same vote, without underflow on long sequences
      double w = weighted ? Math.exp(logWeight[s] - maxLogWeight) : 1;
      for (int i = 0; i < l; i++) {
        if (t[i] > 0) {
          plus[i] += w;
        } else {
          minus[i] += w;
        }
        if (t[i] == best[0][i]) {
          agree[i]++;
        }
      }
    }
    int[] map = null;
    int ties = 0;
    int unanimous = 0;
    int[] out = new int[l];
    for (int i = 0; i < l; i++) {
      if (plus[i] == minus[i]) {
        if (map == null) {
          map = ChainInference.viterbi(f.potentials(n, lambdaMp), l);
        }
        out[i] = map[i] > 0 ? 1 : 0;
        ties++;
      } else {
        out[i] = plus[i] > minus[i] ? 1 : 0;
      }
      if (agree[i] == draws.length) {
        unanimous++;
      }
    }
    return new Tally(out, ties, unanimous, logWeights / draws.length);
  }
}
