package org.occam.rbm.methods;

import java.util.Map;
import org.occam.evidence.Accuracy;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmProblem;

/** {@code map}: L(λMP) + ln p(λMP), the first three terms of Chen &amp; Welling's eqn 5: a reference value. */
final class RbmMap extends MapRunScore {
  @Override
  public String name() {
    return "map";
  }

  @Override
  public String description() {
    return "L(λMP) + ln p(λMP), the first three terms of eqn 5";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.reference("the posterior's height at its mode, not its volume");
  }

  @Override
  double score(RbmLaplace.Result r, RbmProblem problem, Map<String, Object> diag) {
    return r.map();
  }
}
