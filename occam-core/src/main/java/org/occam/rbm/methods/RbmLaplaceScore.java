package org.occam.rbm.methods;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.occam.evidence.Accuracy;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmProblem;

/**
 * {@code laplace}: Chen &amp; Welling's (2013) eqn 5 at the fine-tuned λMP with trapezoids instead of
 * the Gaussian along the Hessian's small-eigenvalue directions and ln K!/(K_1!⋯K_R!) for the
 * hidden-unit permutations that are distinct modes (Algorithm 1), summed by log-sum-exp with the
 * same at every distinct mode that flipping hidden units makes ({@link RbmLaplace.FlipModes}).
 */
final class RbmLaplaceScore extends MapRunScore {
  @Override
  public String name() {
    return "laplace";
  }

  @Override
  public String description() {
    return "eqn 5 with trapezoids and equivalent-mode counting (Chen & Welling 2013, Algorithm 1)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(RbmMethods.LAPLACE_TOLERANCE, "sums the distinct modes that permuting and"
        + " flipping hidden units make, but each mode's volume is a Gaussian with trapezoids, rough at small N and"
        + " short where the ESS limit ends a trapezoid");
  }

  @Override
  double score(RbmLaplace.Result r, RbmProblem problem, Map<String, Object> diag) {
    definiteness(r, diag);
    diag.put("eigenvalueThreshold", problem.settings().threshold());
    diag.put("trapezoidDirections", r.trapezoids().size());
    diag.put("trapezoidsLimitedByEss", r.trapezoids().stream()
        .filter(t -> t.leftLimitedByEss() || t.rightLimitedByEss()).count());
    diag.put("trapezoidsUnbounded", r.trapezoids().stream().filter(RbmLaplace.Trapezoid::unbounded).count());
    List<Integer> groups = new ArrayList<>();
    for (int g : r.modeGroups()) {
      groups.add(g);
    }
    diag.put("modeGroups", groups);
    diag.put("logModeCount", r.logModeCount());
    // the flipped modes' prior mass at the flipped λMP, before they are located: a rough guide only
    diag.put("logFlipModeMass", r.logFlipModeMass());
    diag.put("laplaceOneMode", r.laplaceOneMode());
    flipModes(r, diag);
    return r.laplace();
  }
}
