/**
 * Bayesian prediction of labels with a trained linear-chain CRF (Welling &amp; Parise 2006, section
 * 5 and Figure 1): {@code map} (Viterbi at λMP), {@code g} (eqn 15's G(t), the max-product-solvable
 * part of its quadratic term), {@code vote} and {@code weighted-vote} (Viterbi labellings under S
 * Laplace-posterior draws, eqn 16) and {@code super-graph} (S copies tied by soft equality edges,
 * loopy max-product), one class each, listed in {@link org.occam.crf.predict.CrfPredictors}. The
 * sampling predictors share their draws through {@link org.occam.crf.predict.PredictionSupport}.
 */
package org.occam.crf.predict;
