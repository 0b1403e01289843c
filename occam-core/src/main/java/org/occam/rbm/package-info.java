/**
 * RBMs (Chen &amp; Welling 2013): restricted Boltzmann machines with V visible and K hidden 0/1
 * units ({@link org.occam.rbm.Rbm}), the closed forms with the hidden (or visible) units summed
 * out, exact log Z, E[f] and Cov(f) by enumerating the smaller side in Gray-code order
 * ({@link org.occam.rbm.RbmEnumeration}), block Gibbs and exact sampling, annealed importance
 * sampling for log Z in the style of Salakhutdinov &amp; Murray (2008)
 * ({@link org.occam.rbm.RbmPartitionAis}), MAP or ML training by persistent contrastive divergence
 * ({@link org.occam.rbm.PersistentContrastiveDivergence}), and Chen &amp; Welling's
 * importance-sampled objective with its gradient and Hessian
 * ({@link org.occam.rbm.ImportanceSampledObjective}). The Laplace pipeline for the evidence builds
 * on these.
 *
 * <p>Binary data as distinct rows with counts, with column choices, subsets and k-fold splits
 * ({@link org.occam.rbm.RbmData}), read strictly from 0/1 CSV files
 * ({@link org.occam.rbm.RbmCsvReader}); and the paper's frequentist yardstick, k-fold
 * cross-validation of the held-out log-likelihood with a model-order search
 * ({@link org.occam.rbm.RbmCrossValidation}).
 */
package org.occam.rbm;
