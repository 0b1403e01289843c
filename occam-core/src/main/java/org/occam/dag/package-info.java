/**
 * Discrete directed acyclic graphs with hidden variables (Beal 2003, chapter 6): structures and
 * their flat CPT layout, Dirichlet priors, exact inference over hidden variables by enumeration,
 * ML/MAP EM, variational Bayesian EM, the MAP/BIC/BICp/CS/VB scores with alias corrections,
 * bipartite structure classes and their ranking, and ancestral sampling.
 */
package org.occam.dag;
