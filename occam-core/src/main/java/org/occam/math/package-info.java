/**
 * Numerical building blocks shared by every model family: log-space arithmetic, Dirichlet
 * densities and divergences, the seeded, splittable random streams that every sampler and
 * random restart draws from, and smooth minimisation: {@link org.occam.math.Lbfgs} (L-BFGS with a
 * {@link org.occam.math.StrongWolfeLineSearch}) over a {@link org.occam.math.DifferentiableFunction}.
 */
package org.occam.math;
