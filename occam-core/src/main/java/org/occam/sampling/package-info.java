/**
 * Samplers shared by the model families: the generic annealed importance sampling engine (Neal
 * 2001) with forward and reverse runs, its annealing schedules, Hamiltonian Monte Carlo and its
 * step-size adaptation, and annealing over a model's parameters with HMC for models whose
 * likelihood is exact ({@link org.occam.sampling.ParameterSpaceAis}, driven by a
 * {@link org.occam.sampling.ParameterLikelihood}). The DAG, MRF and RBM families plug their own
 * Markov chains or likelihoods into these. Posterior draws over parameters come from
 * {@link org.occam.sampling.MarkovChains} (HMC, random-walk Metropolis, Langevin, Gaussian draws),
 * judged by {@link org.occam.sampling.ChainDiagnostics} (MPSRF, ESS), summarised by
 * {@link org.occam.sampling.ParameterSummary} and compared by
 * {@link org.occam.sampling.CramerVonMises}.
 */
package org.occam.sampling;
