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
   * What BIC, BICp and CS† are held to on the reference models (a few rows, d up to about 10): the
   * largest error measured there was 10.6 nats (bic).
   */
  static final double BIC_TOLERANCE = 16;

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
