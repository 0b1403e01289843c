/**
 * Parise &amp; Welling (2006), section 4.1: the Laplace family of evidence scores of Boltzmann
 * machines on 5 nodes against AIS
 * ({@link org.occam.experiments.parisewelling.PariseWellingExperiment}).
 */
package org.occam.experiments.parisewelling;
