/**
 * Samplers shared by the model families: the generic annealed importance sampling engine (Neal
 * 2001) and its annealing schedules. The DAG, MRF and RBM families plug their own Markov chains
 * into it.
 */
package org.occam.sampling;
