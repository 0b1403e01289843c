/**
 * Linear-chain conditional random fields over binary labels (Parise &amp; Welling 2006, section 3;
 * Welling &amp; Parise 2006, section 5): the data ({@link org.occam.crf.CrfData}), the model and its
 * feature templates ({@link org.occam.crf.CrfModel}), exact chain inference
 * ({@link org.occam.crf.ChainInference}), the conditional likelihood with its covariance
 * ({@link org.occam.crf.CrfLikelihood}) and the scoring problem ({@link org.occam.crf.CrfProblem}).
 * The evidence methods are in {@code org.occam.crf.methods}, the predictors in
 * {@code org.occam.crf.predict}, the posterior samplers in {@code org.occam.crf.posterior}.
 */
package org.occam.crf;
