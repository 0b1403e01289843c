package org.occam.mrf;

import java.util.LinkedHashMap;
import java.util.Map;
import org.occam.math.DifferentiableFunction;
import org.occam.sampling.ParameterLikelihood;

/**
 * The exact log likelihood L(λ) = N (λᵀ f̄ − log Z(λ)) of fully observed Boltzmann-machine data as
 * the family-independent engines (AIS over λ, quadrature) take it: one {@link ExactLogLikelihood}
 * per chain, on a clique tree where that is cheaper than enumeration.
 *
 * @param tree the clique tree, or null for enumeration
 */
public record MrfParameterLikelihood(MrfData data, CliqueTree tree) implements ParameterLikelihood {
  /** The likelihood of {@code data}, with a clique tree where cheaper than enumeration. */
  public static MrfParameterLikelihood of(MrfData data) {
    return new MrfParameterLikelihood(data, ExactInference.cliqueTreeIfCheaper(data.graph()));
  }

  @Override
  public int dimension() {
    return data.featureCount();
  }

  @Override
  public double dataCount() {
    return data.rows();
  }

  @Override
  public DifferentiableFunction newEvaluator() {
    return new ExactLogLikelihood(data, tree)::valueAndGradient;
  }

  @Override
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("dataSize", data.rows());
    m.put("parameters", data.featureCount());
    m.put("exactInference", tree == null ? "enumeration (junction tree too wide)" : tree.toString());
    return m;
  }
}
