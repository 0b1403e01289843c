/**
 * Numerical building blocks shared by every model family: log-space arithmetic, Dirichlet
 * densities and divergences, and the seeded, splittable random streams that every sampler and
 * random restart draws from.
 */
package org.occam.math;
