/**
 * Welling &amp; Parise (UAI 2006), section 7: posteriors over the parameters of Boltzmann machines on
 * 5×5 grids by Bethe–Laplace (bl-mp, bl-bp), brief Langevin (lv-cd) and Metropolis with the Bethe
 * free energy (mc-bp), each scored by the Cramér–von Mises distance from HMC draws
 * ({@link org.occam.experiments.wellingparise.WellingPariseExperiment}).
 */
package org.occam.experiments.wellingparise;
