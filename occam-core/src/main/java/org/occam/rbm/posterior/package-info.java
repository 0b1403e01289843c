/**
 * Posteriors over an RBM's parameters and the likelihood of their draws, for the sample-based
 * evidence estimators of Chen &amp; Welling (2013, section 3.2): brief Langevin with
 * contrastive-divergence gradients ({@code lv-cd}), Hamiltonian Monte Carlo with exact gradients
 * ({@code hmc}), and {@code ln p(D | λ)} at each draw with log Z exact or by the Bethe
 * approximation.
 */
package org.occam.rbm.posterior;
