/**
 * General discrete Markov random fields: variables with any number of states and log-linear terms
 * over any set of variables (hierarchical models given by their generators), in reference-state
 * coding; factor tables ({@link org.occam.mrf.loglinear.FactorModel}) as the neutral form that the
 * model formats (UAI, Occam JSON) read and write; exact inference and the Laplace-family scores for
 * them; loopy belief propagation on the generators' factor graph with the Bethe free energy and
 * linear response ({@code LogLinearBp*}, {@code LogLinearBetheFreeEnergy}, {@code LogLinearLinearResponse}),
 * behind the {@code bp-lr} score for models too large to enumerate; and the closed-form evidence of
 * decomposable models under the hyper-Dirichlet prior.
 *
 * <p>The binary Boltzmann machine of {@link org.occam.mrf} is the special case with two states per
 * variable, state 0 the reference, and the singleton and pairwise terms.
 */
package org.occam.mrf.loglinear;
