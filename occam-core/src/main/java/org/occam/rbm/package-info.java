/**
 * RBMs (Chen &amp; Welling 2013): restricted Boltzmann machines with V visible and K hidden 0/1
 * units ({@link org.occam.rbm.Rbm}), the closed forms with the hidden (or visible) units summed
 * out, exact log Z, E[f] and Cov(f) by enumerating the smaller side in Gray-code order
 * ({@link org.occam.rbm.RbmEnumeration}), block Gibbs and exact sampling, annealed importance
 * sampling for log Z in the style of Salakhutdinov &amp; Murray (2008)
 * ({@link org.occam.rbm.RbmPartitionAis}, chosen against enumeration by
 * {@link org.occam.rbm.RbmLogPartition}), MAP or ML training by persistent contrastive divergence
 * ({@link org.occam.rbm.PersistentContrastiveDivergence}), and Chen &amp; Welling's
 * importance-sampled objective with its gradient and Hessian
 * ({@link org.occam.rbm.ImportanceSampledObjective}).
 *
 * <p>The evidence: the Laplace procedure of their Algorithm 1 with the trapezoid and
 * equivalent-mode corrections, and MAP and ML-BIC ({@link org.occam.rbm.RbmLaplace}); the exact log
 * likelihood of the parameters with its gradient for small min(V, K)
 * ({@link org.occam.rbm.RbmLogLikelihood}) and the AIS-p(D) ground truth, annealed importance
 * sampling over the parameters with HMC ({@link org.occam.rbm.RbmParameterAis}, method
 * {@code ais-pd}); all of them by name through {@link org.occam.rbm.RbmScorer}.
 *
 * <p>Binary data as distinct rows with counts, with column choices, subsets and k-fold splits
 * ({@link org.occam.rbm.RbmData}), read strictly from 0/1 CSV files
 * ({@link org.occam.rbm.RbmCsvReader}); and the paper's frequentist yardstick, k-fold
 * cross-validation of the held-out log-likelihood with a model-order search
 * ({@link org.occam.rbm.RbmCrossValidation}).
 */
package org.occam.rbm;
