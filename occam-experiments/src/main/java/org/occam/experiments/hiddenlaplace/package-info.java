/**
 * {@code occam experiment hidden-laplace} (issue 15, point 6a): the Laplace-family scores of
 * Boltzmann machines with hidden units — Welling &amp; Parise's (2006, section 6) bp-lr and
 * laplace-exact, with map and bic-map — against AIS over the parameters, on random models on a
 * small loopy graph and on RBMs, as Parise &amp; Welling's Figure 3 does for fully observed ones.
 */
package org.occam.experiments.hiddenlaplace;
