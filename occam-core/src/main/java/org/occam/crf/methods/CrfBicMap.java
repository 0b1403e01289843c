package org.occam.crf.methods;

import java.util.Map;
import org.occam.crf.CrfProblem;
import org.occam.evidence.Accuracy;

/**
 * {@code bic-map}: L(λMP) − (F/2) log N with N the number of sequences, the papers' count of data
 * items (Parise &amp; Welling 2006, section 4.2: "same as BIC-ML but with λMP").
 */
final class CrfBicMap extends CrfMapScore {
  @Override
  public String name() {
    return "bic-map";
  }

  @Override
  public String description() {
    return "L(λMP) - (F/2) log N, N the number of sequences (Parise & Welling 2006)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(Double.MAX_VALUE, "drops every O(1) term; with few long sequences N understates"
        + " the data, so its penalty is far off (Parise & Welling's Figure 5)");
  }

  @Override
  double score(CrfProblem problem, CrfProblem.Fit fit, Map<String, Object> diag) {
    diag.put("penalty", 0.5 * problem.dimension() * Math.log(problem.sequences()));
    return fit.logLikelihood() - 0.5 * problem.dimension() * Math.log(problem.sequences());
  }
}
