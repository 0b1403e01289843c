/**
 * Boltzmann machines with hidden variables (Welling &amp; Parise 2006, section 6): data whose rows
 * leave some variables free, hidden ones and missing cells alike ({@link
 * org.occam.mrf.hidden.HiddenMrfData}); the conditional model of a row as a fully observed
 * Boltzmann machine on the free subgraph ({@link org.occam.mrf.hidden.Clamping}), through which the
 * exact, BP and linear-response engines of {@link org.occam.mrf} give every clamped quantity; the
 * exact likelihood {@code L = Σ_n log Z(x_n) − N log Z} with its gradient and Hessian
 * ({@link org.occam.mrf.hidden.HiddenLogLikelihood}); and its Bethe counterpart, the contrastive
 * Bethe free energy of eqn 19 with its gradient from free and clamped BP runs
 * ({@link org.occam.mrf.hidden.ContrastiveBethe}); and MAP learning on either objective from
 * several seeded random starts, since neither is concave ({@link org.occam.mrf.hidden.HiddenMap}).
 * Built on these: the linear-response curvature of the contrastive objective, the likelihood as
 * AIS over the parameters takes it ({@link org.occam.mrf.hidden.HiddenParameterLikelihood}), and
 * the Laplace-family scores with the equivalent-mode count of hidden twins
 * ({@link org.occam.mrf.hidden.HiddenLaplace}), which the MRF registry's {@code map}, {@code bic-map},
 * {@code laplace-exact}, {@code bp-lr} and {@code ais} use when their {@link org.occam.mrf.MrfProblem}
 * has hidden variables or missing cells.
 */
package org.occam.mrf.hidden;
