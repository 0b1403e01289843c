package org.occam.evidence;

import java.io.Serializable;
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
    Map<String, Object> settings, OptionalLong seed, Map<String, Object> diagnostics) implements Serializable {
  public EvidenceEstimate {
    Objects.requireNonNull(method, "method");
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    diagnostics = Collections.unmodifiableMap(new LinkedHashMap<>(diagnostics));
  }

  /**
   * Serialised as {@link SerialForm}, for engines that ship results between processes: the
   * optionals as flags and values; the settings and diagnostics must hold serialisable values
   * (numbers, strings, booleans, arrays, lists and maps of them), as every method's do.
   */
  private Object writeReplace() {
    return new SerialForm(method, logEvidence, stdError.isPresent(), stdError.orElse(0), seconds,
        new LinkedHashMap<>(settings), seed.isPresent(), seed.orElse(0), new LinkedHashMap<>(diagnostics));
  }

  private record SerialForm(String method, double logEvidence, boolean hasStdError, double stdError, double seconds,
      LinkedHashMap<String, Object> settings, boolean hasSeed, long seed, LinkedHashMap<String, Object> diagnostics)
      implements Serializable {
    private Object readResolve() {
      return new EvidenceEstimate(method, logEvidence, hasStdError ? OptionalDouble.of(stdError) : OptionalDouble.empty(),
          seconds, settings, hasSeed ? OptionalLong.of(seed) : OptionalLong.empty(), diagnostics);
    }
  }

  /** Whether the diagnostics say the underlying optimisation or sampler converged (true if silent). */
  public boolean converged() {
    Object c = diagnostics.get("converged");
    return !(c instanceof Boolean b) || b;
  }
}
