package org.occam.mrf.hidden;

import java.util.LinkedHashMap;
import java.util.Map;
import org.occam.math.DifferentiableFunction;
import org.occam.sampling.ParameterLikelihood;

/**
 * The exact log likelihood {@code L(λ) = Σ_n c_n log Z(x_n, λ) − N log Z(λ)} of a Boltzmann machine
 * with hidden variables as the family-independent engines take it (AIS over λ with HMC moves,
 * {@link org.occam.sampling.ParameterSpaceAis}): the clamped sums sit inside the likelihood, one
 * {@link HiddenLogLikelihood} per chain. A non-finite λ gives NaN, which HMC rejects.
 */
public record HiddenParameterLikelihood(HiddenMrfData data) implements ParameterLikelihood {
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
    HiddenLogLikelihood likelihood = HiddenLogLikelihood.exact(data);
    return (lambda, gradOut) -> {
      if (DifferentiableFunction.outsideDomain(lambda, gradOut)) {
        return Double.NaN;
      }
      HiddenLogLikelihood.Evaluation e = likelihood.evaluate(lambda);
      System.arraycopy(e.gradient(), 0, gradOut, 0, gradOut.length);
      return e.logLikelihood();
    };
  }

  @Override
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("dataSize", data.rows());
    m.put("parameters", data.featureCount());
    m.put("hiddenVariables", data.hiddenCount());
    m.put("clampingPatterns", data.patterns().size());
    m.put("exactInference", HiddenLogLikelihood.exact(data).describeInference());
    return m;
  }
}
