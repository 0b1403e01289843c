package org.occam.sampling;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Draws of a model's parameters from a posterior or from an approximation of it, kept by chain,
 * with how they were made. Independent draws (a Gaussian approximation) are reported as chains
 * too, so every method's output is summarised, compared and written the same way.
 *
 * @param method the method's name as on the command line ({@code hmc}, {@code bl-mp}, …)
 * @param parameterNames one name per parameter, as in the model ({@code "b:A"}, {@code "w:A-B"})
 * @param draws {@code draws[c][t][k]}: parameter k of the t-th kept draw of chain c; every chain
 *     has the same number of draws. Not copied: callers must not modify it.
 * @param seconds the wall time the sampler took
 * @param settings what it ran with, by name (ordered)
 * @param diagnostics convergence and quality indicators, by name (ordered): {@code converged},
 *     MPSRF, ESS, the autocorrelation time, the thinning interval, acceptance rates, step sizes
 */
public record ParameterSamples(String method, List<String> parameterNames, double[][][] draws, double seconds,
    Map<String, Object> settings, Map<String, Object> diagnostics) {
  public ParameterSamples {
    Objects.requireNonNull(method, "method");
    parameterNames = List.copyOf(parameterNames);
    if (draws.length == 0 || draws[0].length == 0) {
      throw new IllegalArgumentException(method + ": no draws");
    }
    for (double[][] chain : draws) {
      if (chain.length != draws[0].length) {
        throw new IllegalArgumentException(method + ": chains of different lengths");
      }
      for (double[] d : chain) {
        if (d.length != parameterNames.size()) {
          throw new IllegalArgumentException(method + ": a draw of " + d.length + " values for "
              + parameterNames.size() + " parameters");
        }
      }
    }
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    diagnostics = Collections.unmodifiableMap(new LinkedHashMap<>(diagnostics));
  }

  /** The number of parameters. */
  public int dimension() {
    return parameterNames.size();
  }

  /** The number of chains. */
  public int chainCount() {
    return draws.length;
  }

  /** The number of kept draws in each chain. */
  public int drawsPerChain() {
    return draws[0].length;
  }

  /** Every draw, chain after chain: {@code [c·T + t][k]} (rows shared with {@link #draws}). */
  public double[][] pooled() {
    int t = drawsPerChain();
    double[][] out = new double[draws.length * t][];
    for (int c = 0; c < draws.length; c++) {
      System.arraycopy(draws[c], 0, out, c * t, t);
    }
    return out;
  }

  /** Whether the diagnostics say the sampler converged (true if they are silent). */
  public boolean converged() {
    Object c = diagnostics.get("converged");
    return !(c instanceof Boolean b) || b;
  }
}
