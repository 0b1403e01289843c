package org.occam.evidence;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One estimate of the log evidence {@code ln p(D | m)}, with how it was made.
 *
 * @param method the paper's name of the method in lower case ({@code vb}, {@code cs}, …)
 * @param logEvidence the estimate (for DAG scores: with the alias correction, where one applies)
 * @param stdError the standard error, for methods that have one
 * @param seconds the wall time the method took
 * @param settings the settings it ran with, by name (ordered)
 * @param seed the seed of its random stream, for methods that use randomness
 * @param diagnostics convergence and quality indicators, by name (ordered): converged flags,
 *     iterations, effective sample sizes, the uncorrected score and alias count…
 */
public record EvidenceEstimate(String method, double logEvidence, OptionalDouble stdError, double seconds,
    Map<String, Object> settings, OptionalLong seed, Map<String, Object> diagnostics) {
  public EvidenceEstimate {
    Objects.requireNonNull(method, "method");
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    diagnostics = Collections.unmodifiableMap(new LinkedHashMap<>(diagnostics));
  }

  /** Whether the diagnostics say the underlying optimisation or sampler converged (true if silent). */
  public boolean converged() {
    Object c = diagnostics.get("converged");
    return !(c instanceof Boolean b) || b;
  }
}
