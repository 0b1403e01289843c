/**
 * Restricted Boltzmann machines (Chen &amp; Welling 2013, §2): V visible and K hidden 0/1 units with
 * {@code p(x, z | λ) = exp(λᵀ f(x, z)) / Z(λ)}, {@code λᵀ f(x, z) = xᵀ W z + αᵀ x + βᵀ z}.
 *
 * <p>Features are ordered W row-major ({@code x_i z_k} at index {@code i·K + k}), then the visible
 * features {@code x_i} (index {@code V·K + i}), then the hidden features {@code z_k} (index
 * {@code V·K + V + k}); see {@link org.occam.rbm.Rbm}. The bipartite graph makes each side
 * conditionally independent given the other, so {@code log Z(x, λ)} and {@code E[f | x]} have
 * closed forms ({@link org.occam.rbm.Rbm}), and the exact {@code log Z(λ)}, {@code E[f]} and
 * {@code Cov(f)} need only an enumeration of the smaller side ({@link org.occam.rbm.RbmEnumeration}).
 * Sampling: block Gibbs ({@link org.occam.rbm.RbmGibbsSampler}) and exact sampling for small models
 * ({@link org.occam.rbm.RbmExactSampler}).
 */
package org.occam.rbm;
