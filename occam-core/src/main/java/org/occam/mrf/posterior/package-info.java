/**
 * Posteriors over the parameters of fully observed Boltzmann machines (Welling &amp; Parise 2006,
 * section 7): the Bethe–Laplace Gaussians {@code bl-mp} and {@code bl-bp}, Hybrid Monte Carlo with
 * exact gradients ({@code hmc}, the ground truth), brief Langevin with contrastive-divergence
 * gradients ({@code lv-cd}) and Metropolis–Hastings on the Bethe log posterior ({@code mc-bp}),
 * listed in {@link org.occam.mrf.posterior.MrfPosteriorSamplers}; and the problem's cached posterior
 * and prior log likelihoods that the sample-based evidence estimators read
 * ({@link org.occam.mrf.posterior.MrfPosteriorDraws}).
 */
package org.occam.mrf.posterior;
