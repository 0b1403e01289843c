package org.occam.crf.predict;

import org.occam.crf.CrfData;
import org.occam.crf.CrfProblem;

/**
 * One way of labelling new sequences from a trained CRF (Welling &amp; Parise 2006, section 5):
 * {@code map}, {@code g}, {@code vote}, {@code weighted-vote}, {@code super-graph}. Each is one class,
 * listed in {@link CrfPredictors}.
 */
public interface CrfPredictor {
  /** The name as on the command line, in lower case. */
  String name();

  /** One line saying what the method maximises, with its source. */
  String description();

  /**
   * Labels every position of the test sequences. Their labels, where present, are ignored (they
   * are what {@link CrfPrediction#errorRate} compares against).
   *
   * @param trained the training problem (its MAP point and Laplace posterior are used)
   * @param test sequences with the training data's label states and inputs
   * @param seed the seed of the method's random stream (posterior samples)
   */
  CrfPrediction predict(CrfProblem trained, CrfData test, PredictionSettings settings, long seed);
}
