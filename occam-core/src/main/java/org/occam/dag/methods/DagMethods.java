package org.occam.dag.methods;

import java.util.List;
import org.occam.dag.DagProblem;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;

/**
 * The evidence methods for discrete DAGs with hidden variables (Beal 2003, chapter 6), in the order
 * help texts list them. Adding a method is one class and one line here.
 */
public final class DagMethods {
  /** The slack a lower bound may exceed the exact evidence by (rounding of sums of thousands of terms). */
  static final double BOUND_SLACK = 1e-9;
  /**
   * What BIC is held to on the reference models (random DAGs of 2–3 rows to 8 rows with one or two
   * hidden variables, d up to 20, where the exact evidence can be enumerated): the largest error
   * measured there was 38.5 nats below. BIC drops terms that are O(1) in n but grow with d; with d
   * comparable to n they dominate. These scores are for large n, not for the reference models.
   */
  static final double BIC_TOLERANCE = 42;
  /**
   * As {@link #BIC_TOLERANCE} for BICp: the largest error measured was 13.3 nats below (a 3-row model
   * where ln p(θ̂) − (d/2) ln n is positive and capped at 0; 11.5 before the cap).
   */
  static final double BICP_TOLERANCE = 15;
  /** As {@link #BIC_TOLERANCE} for CS†: the largest error measured was 18.4 nats above. */
  static final double CS_DAGGER_TOLERANCE = 20;

  /**
   * The diagnostic of {@code cs} and {@code cs-dagger}: how far apart CS is, in nats, over the MAP-EM
   * restarts that reached the best objective (within {@link DagProblem#RESTART_AGREEMENT_NATS}); 0
   * when only the best did. Large where the optimum is flat in parameters the data do not identify.
   */
  public static final String CS_RANGE_AT_BEST = "csRangeAtBest";
  /** A {@link #CS_RANGE_AT_BEST} above this is reported: CS there depends on where EM stopped. */
  public static final double CS_RANGE_NOTED = 1.0;

  /** Every DAG method. */
  public static final MethodRegistry<DagProblem> REGISTRY = new MethodRegistry<>("DAG", List.of(
      new DagExact(),
      new DagMap(),
      new Bic(),
      new Bicp(),
      new CheesemanStutz(),
      new CheesemanStutzDagger(),
      new VariationalBayes(),
      new DagAis()));

  private DagMethods() {}

  /** The method of that name (case-insensitive). */
  public static EvidenceMethod<DagProblem> get(String name) {
    return REGISTRY.get(name);
  }

  /** A comma-separated list of names. */
  public static List<EvidenceMethod<DagProblem>> parseList(String list) {
    return REGISTRY.parseList(list);
  }
}
