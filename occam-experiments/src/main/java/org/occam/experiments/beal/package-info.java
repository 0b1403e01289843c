/**
 * Beal (2003), chapter 6, sections 6.4–6.5: ranking the true structure among the 136 of the
 * bipartite class by MAP, BIC, BICp, CS, CS†, VB and AIS ({@link org.occam.experiments.beal.BealExperiment}),
 * and the quick tour of {@code occam demo} ({@link org.occam.experiments.beal.BealDemo}).
 */
package org.occam.experiments.beal;
