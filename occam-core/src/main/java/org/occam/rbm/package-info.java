/**
 * RBMs (Chen &amp; Welling 2013): restricted Boltzmann machines over binary visible units x and
 * hidden units z, {@code p(x, z) ∝ exp(aᵀx + bᵀz + xᵀWz)}, whose partition function Z(λ) the
 * evidence approximations need; {@link org.occam.rbm.RbmPartitionAis} estimates ln Z by annealed
 * importance sampling (Salakhutdinov &amp; Murray 2008).
 */
package org.occam.rbm;
