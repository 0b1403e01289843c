package org.occam.crf.predict;

import org.occam.crf.CrfData;
import org.occam.crf.CrfProblem;

/**
 * {@code weighted-vote}: as {@link VotePredictor}, but each draw's Viterbi labelling t̂_s votes with
 * its probability {@code p(t̂_s | x, λ_s)} under its own λ_s — the paper's "weight the votes with
 * their probabilities" (Welling &amp; Parise 2006, section 5: a bagging estimator whose bootstrap
 * samples are posterior samples), so a confident model counts more than an unsure one. Ties go to the
 * MAP label. Same S draws as {@code vote} and {@code super-graph} for the same seed.
 */
public final class WeightedVotePredictor implements CrfPredictor {
  @Override
  public String name() {
    return "weighted-vote";
  }

  @Override
  public String description() {
    return "vote of the S sampled Viterbi labellings, each weighted by its probability p(t_s|x,lambda_s)"
        + " (Welling & Parise 2006, sec. 5)";
  }

  @Override
  public CrfPrediction predict(CrfProblem trained, CrfData test, PredictionSettings settings, long seed) {
    return VotePredictor.run(name(), trained, test, settings, seed, true);
  }
}
