/**
 * Undirected models (Parise &amp; Welling 2006; Welling &amp; Parise 2006): binary pairwise Markov
 * random fields (Boltzmann machines) in the log-linear form
 * {@code p(x) ∝ exp(Σ_i θ_i x_i + Σ_(ij) w_ij x_i x_j)}, with exact inference (enumeration, junction
 * tree, exact sampling), loopy belief propagation, the Bethe free energy, linear response,
 * pseudo-moment matching, the Laplace-family scores ({@link org.occam.mrf.MrfScorer}) and their
 * ground truths: AIS over the parameters with HMC moves and numerical quadrature.
 *
 * <p>Features are ordered as in {@code docs/notes/bethe-linear-response.md}: the node features
 * {@code x_i} (i = 0…V−1), then one edge feature {@code x_i x_j} per edge in the graph's edge order.
 */
package org.occam.mrf;
