package org.occam.crf.methods;

import java.util.Map;
import org.occam.crf.CrfProblem;
import org.occam.evidence.Accuracy;

/** {@code map}: L(λMP) + log p(λMP) (Parise &amp; Welling 2006, Figure 5): a reference value. */
final class CrfMap extends CrfMapScore {
  @Override
  public String name() {
    return "map";
  }

  @Override
  public String description() {
    return "L(λMP) + log p(λMP) at the MAP point (Parise & Welling 2006)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.reference("the posterior's height at its mode, not its volume");
  }

  @Override
  double score(CrfProblem problem, CrfProblem.Fit fit, Map<String, Object> diag) {
    return fit.logPosterior();
  }
}
