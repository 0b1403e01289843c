/**
 * The estimator interface shared by every model family: {@link org.occam.evidence.EvidenceMethod}
 * (one class per method, over the family's problem type, with its paper name, description and
 * declared {@link org.occam.evidence.Accuracy}), {@link org.occam.evidence.MethodRegistry} (the
 * methods of one family by name: {@code DagMethods}, {@code MrfMethods}, {@code RbmMethods}), and
 * {@link org.occam.evidence.EvidenceEstimate}, what every method returns — the log evidence, its
 * standard error where the method has one, the settings and seed it ran with, the wall time and
 * diagnostics. {@link org.occam.evidence.MethodNames} parses the families' enums of method names.
 * The sample-based estimators that work for any model family, from log likelihoods at posterior
 * and prior draws ({@link org.occam.evidence.SampledLikelihoods}, made by
 * {@link org.occam.evidence.SampleEvidenceEstimators#evaluate}): {@code harmonic1},
 * {@code harmonic4}, {@code bridge-geo}, {@code bridge-opt} and {@code dic}, each a
 * {@link org.occam.evidence.SampleEvidenceEstimator}, offered to a family's registry through
 * {@link org.occam.evidence.SampledEvidenceMethod}.
 */
package org.occam.evidence;
