/**
 * RBMs (Chen &amp; Welling 2013): restricted Boltzmann machines with V visible and K hidden 0/1
 * units ({@link org.occam.rbm.Rbm}), the closed forms with the hidden (or visible) units summed
 * out, exact log Z, E[f] and Cov(f) by enumerating the smaller side in Gray-code order
 * ({@link org.occam.rbm.RbmEnumeration}), block Gibbs and exact sampling, annealed importance
 * sampling for log Z in the style of Salakhutdinov &amp; Murray (2008)
 * ({@link org.occam.rbm.RbmPartitionAis}), MAP or ML training by persistent contrastive divergence
 * ({@link org.occam.rbm.PersistentContrastiveDivergence}), and Chen &amp; Welling's
 * importance-sampled objective with its gradient and Hessian
 * ({@link org.occam.rbm.ImportanceSampledObjective}), the exact log likelihood of the parameters
 * with its gradient for small min(V, K) ({@link org.occam.rbm.RbmLogLikelihood}), and Chen &amp;
 * Welling's AIS-p(D) ground-truth evidence, annealed importance sampling over the parameters with
 * HMC ({@link org.occam.rbm.RbmParameterAis}, method {@code ais-pd}). The Laplace pipeline for the
 * evidence builds on these.
 */
package org.occam.rbm;
