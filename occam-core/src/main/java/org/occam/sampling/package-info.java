/**
 * Samplers shared by the model families: the generic annealed importance sampling engine (Neal
 * 2001) with forward and reverse runs, its annealing schedules, Hamiltonian Monte Carlo and its
 * step-size adaptation. The DAG, MRF and RBM families plug their own Markov chains into the engine.
 */
package org.occam.sampling;
