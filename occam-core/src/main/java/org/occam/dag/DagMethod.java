package org.occam.dag;

import java.util.List;
import org.occam.evidence.MethodNames;

/** The DAG scores, by the names the papers and the command line use. */
public enum DagMethod {
  /**
   * The exact evidence: closed form (6.9) for complete data, else the sum over all completions of
   * the unobserved variables ({@link ExactEvidence}; small data sets only).
   */
  EXACT("exact"),
  /** {@code ln p(y|θ̂) + ln p(θ̂)} at the MAP estimate: not an evidence estimate, a reference. */
  MAP("map"),
  /** {@code ln p(y|θ̂) − (d/2) ln n} (6.26). */
  BIC("bic"),
  /** BIC plus {@code ln p(θ̂ | m)}. */
  BICP("bicp"),
  /** Cheeseman–Stutz (6.31), a lower bound on the evidence. */
  CS("cs"),
  /** CS + ((d' − d)/2) ln n with d, d' from Algorithm 6.2 (section 6.5.2). */
  CS_DAGGER("cs-dagger"),
  /** The variational Bayesian lower bound F (section 6.3.4). */
  VB("vb"),
  /** Annealed importance sampling over the CPTs (section 6.3.5): unbiased for p(y | m). */
  AIS("ais");

  private final String label;

  DagMethod(String label) {
    this.label = label;
  }

  /** The lower-case name used in results and on the command line. */
  public String label() {
    return label;
  }

  /** Whether the score is computed from the MAP-EM run. */
  public boolean usesMapEm() {
    return this == MAP || this == BIC || this == BICP || this == CS || this == CS_DAGGER;
  }

  /**
   * Whether an alias correction is added (Beal: BIC, BICp, CS, VB; MAP is not an evidence estimate,
   * and the exact evidence already integrates over every alias): ln S_eff ≤ ln S, the part the
   * aliases earn by not overlapping ({@link AliasOverlap}).
   */
  public boolean aliasCorrected() {
    return this == BIC || this == BICP || this == CS || this == CS_DAGGER || this == VB;
  }

  /** Parses a method name (case-insensitive). */
  public static DagMethod parse(String name) {
    return MethodNames.parse(DagMethod.class, DagMethod::label, "DAG", name);
  }

  /** Parses a comma-separated list, keeping order and dropping repeats. */
  public static List<DagMethod> parseList(String list) {
    return MethodNames.parseList(DagMethod.class, DagMethod::label, "DAG", list);
  }

  /** All names, comma-separated. */
  public static String names() {
    return MethodNames.names(DagMethod.class, DagMethod::label);
  }
}
