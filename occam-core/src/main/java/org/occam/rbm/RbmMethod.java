package org.occam.rbm;

import java.util.List;
import org.occam.evidence.MethodNames;

/**
 * The RBM evidence scores, by the names Chen &amp; Welling (2013, section 4) and the command line
 * use. The first four come from {@link RbmLaplace}; {@link #AIS_PD} is the ground truth by AIS over
 * the parameters; the last five are the MCMC-based estimators, on posterior draws
 * ({@link org.occam.rbm.posterior.RbmPosteriorDraws}).
 */
public enum RbmMethod {
  /** Eqn 5 with the trapezoid and equivalent-mode corrections (Algorithm 1). */
  LAPLACE("laplace"),
  /** Eqn 5 without corrections (needs a positive definite Hessian). */
  LAPLACE0("laplace0"),
  /** {@code L(λMP) + log p(λMP)}, the first three terms of eqn 5. */
  MAP("map"),
  /** {@code L(λML) + log p(λML) − (F/2) log N}, the first four terms of eqn 5 at λML (section 3.1.5). */
  ML_BIC("ml-bic"),
  /** Annealed importance sampling over the parameters with exact log Z (section 3.3, "AIS-p(D)"). */
  AIS_PD("ais-pd"),
  /** Newton &amp; Raftery's harmonic mean p̂1 of posterior draws (section 3.2, "Harmonic-1"). */
  HARMONIC1("harmonic1"),
  /** Newton &amp; Raftery's p̂4 with its δ (section 3.2, "Harmonic-4"). */
  HARMONIC4("harmonic4"),
  /** Meng &amp; Wong's bridge sampling with the geometric bridge, the prior as q2 ("Bridge-Geo"). */
  BRIDGE_GEO("bridge-geo"),
  /** Meng &amp; Wong's iterative optimal bridge, the prior as q2 ("Bridge-Opt"). */
  BRIDGE_OPT("bridge-opt"),
  /** −DIC/2 on the log-evidence scale ("DIC"). */
  DIC("dic");

  private final String label;

  RbmMethod(String label) {
    this.label = label;
  }

  /** The lower-case name used in results and on the command line. */
  public String label() {
    return label;
  }

  /** Whether the score comes from the MAP run of {@link RbmLaplace#score}. */
  public boolean fromMapRun() {
    return this == LAPLACE || this == LAPLACE0 || this == MAP;
  }

  /** Whether the score is a sample-based estimator on posterior draws (harmonic1 … dic). */
  public boolean sampleBased() {
    return ordinal() >= HARMONIC1.ordinal();
  }

  /** Parses a method name (case-insensitive). */
  public static RbmMethod parse(String name) {
    return MethodNames.parse(RbmMethod.class, RbmMethod::label, "RBM", name);
  }

  /** Parses a comma-separated list, keeping order and dropping repeats. */
  public static List<RbmMethod> parseList(String list) {
    return MethodNames.parseList(RbmMethod.class, RbmMethod::label, "RBM", list);
  }

  /** All names, comma-separated. */
  public static String names() {
    return MethodNames.names(RbmMethod.class, RbmMethod::label);
  }
}
