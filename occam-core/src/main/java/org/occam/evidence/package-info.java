/**
 * What every evidence estimator returns ({@link org.occam.evidence.EvidenceEstimate}): the
 * method's name, the log evidence, its standard error where the method has one, the settings and
 * seed it ran with, the wall time, and diagnostics; and the method-name parsing shared by the
 * families' method enums. Sample-based estimators that work for any model family will live here too.
 */
package org.occam.evidence;
