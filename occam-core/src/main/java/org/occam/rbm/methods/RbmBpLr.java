package org.occam.rbm.methods;

import java.util.List;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.rbm.RbmProblem;

/**
 * {@code bp-lr}: the RBM as a Boltzmann machine with hidden units ({@link RbmAsBoltzmann}), scored
 * by the Bethe–Laplace approximation of Welling &amp; Parise (2006, section 6): λMP_BP maximising the
 * contrastive Bethe free energy (eqn 19) from seeded restarts, the Bethe log Z of the free and of
 * each clamped model, linear-response curvature, the equivalent-mode count; whether A is positive
 * definite is in the diagnostics.
 */
final class RbmBpLr implements EvidenceMethod<RbmProblem> {
  @Override
  public String name() {
    return "bp-lr";
  }

  @Override
  public String description() {
    return "Bethe–Laplace: contrastive-Bethe MAP, Bethe log Z, linear response, the RBM as a Boltzmann machine"
        + " (UAI 2006 §6)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(RbmMethods.LAPLACE_TOLERANCE, "laplace-exact's Gaussian approximation plus the"
        + " Bethe error of a loopy bipartite graph, which grows with N");
  }

  @Override
  public List<String> settings() {
    return List.of("priorSigma", "optimiser", "bp", "restarts", "initialScale", "point", "logZ", "covariance");
  }

  @Override
  public EvidenceEstimate estimate(RbmProblem problem) {
    problem.progress().accept(name());
    return RbmAsBoltzmann.of(problem).hiddenBpLr().bpLr();
  }
}
