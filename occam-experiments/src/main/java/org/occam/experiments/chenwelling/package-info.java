/**
 * Chen &amp; Welling (2013): the evidence of RBMs by the Laplace family against AIS over the
 * parameters, and choosing the number of hidden units by the Laplace evidence and by
 * cross-validation ({@link org.occam.experiments.chenwelling.ChenWellingExperiment}).
 */
package org.occam.experiments.chenwelling;
