/**
 * Posteriors over the parameters of linear-chain CRFs (Welling &amp; Parise 2006, section 7, the
 * newsgroup-FAQ experiment): the Laplace Gaussian {@code bl-mp}, brief Langevin with
 * contrastive-divergence gradients {@code lv-cd}, and the exact samplers {@code mh}
 * (Metropolis–Hastings, the paper's ground truth) and {@code hmc}, listed in
 * {@link org.occam.crf.posterior.CrfPosteriorSamplers}. All run on the shared chain machinery of
 * {@code org.occam.sampling} ({@link org.occam.sampling.MarkovChains}, {@link org.occam.sampling.Whitening}).
 */
package org.occam.crf.posterior;
