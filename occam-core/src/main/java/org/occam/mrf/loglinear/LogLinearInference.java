package org.occam.mrf.loglinear;

/**
 * An exact inference engine for a {@link LogLinearStructure}: log Z(λ), E[f | λ] and, if asked,
 * Cov[f | λ]. Implementations are immutable after construction and safe to share between threads.
 */
public interface LogLinearInference {
  LogLinearStructure structure();

  /** log Z, E[f] and, when {@code covariance}, Cov[f]. */
  LogLinearEnumeration.Result run(double[] lambda, boolean covariance);

  /** Exact draws of full assignments from p(x | λ), rows × V state indices. */
  int[][] sample(double[] lambda, int rows, org.apache.commons.rng.UniformRandomProvider rng);

  /** What the engine is, for diagnostics ("enumeration of 729 joint states", "junction tree …"). */
  String describe();

  /**
   * The cheaper exact engine for a structure: enumeration when the joint states are no more than the
   * junction tree's total clique table size (or few in any case), else the junction tree.
   *
   * @throws org.occam.data.InvalidInputException if both are too large
   */
  static LogLinearInference of(LogLinearStructure structure) {
    return choose(structure, true);
  }

  /**
   * Refuses, without building anything, a structure that neither engine can hold (the check of
   * {@link #of}).
   *
   * @throws org.occam.data.InvalidInputException if both are too large
   */
  static void require(LogLinearStructure structure) {
    choose(structure, false);
  }

  private static LogLinearInference choose(LogLinearStructure structure, boolean build) {
    double states = structure.jointStates();
    if (states <= 4096) {
      return build ? new LogLinearEnumeration(structure) : null;
    }
    LogLinearJunctionTree.Shape shape = LogLinearJunctionTree.shape(structure);
    if (states <= LogLinearEnumeration.MAX_STATES && states <= shape.tableEntries()) {
      return build ? new LogLinearEnumeration(structure) : null;
    }
    if (!build) {
      LogLinearJunctionTree.requireSize(structure, shape);
      return null;
    }
    return new LogLinearJunctionTree(structure, shape);
  }
}
