package org.occam.search;

import org.occam.data.InvalidInputException;
import java.util.Locale;

/**
 * A prior over structures: uniform, or the edge penalty {@code p(m) ∝ exp(−κ·|E(m)|)} where
 * {@code |E(m)|} counts the arcs of a DAG or the edges of an MRF. κ = ln 2 halves a structure's prior
 * probability per edge; the uniform prior is κ = 0. Normalised over the candidate set by
 * {@link ModelAveraging}, so only differences of {@link #logWeight} matter.
 *
 * @param edgePenalty κ ≥ 0
 */
public record StructurePrior(double edgePenalty) {
  public StructurePrior {
    if (!(edgePenalty >= 0) || Double.isInfinite(edgePenalty)) {
      throw new InvalidInputException("the edge penalty κ must be a finite number >= 0, got " + edgePenalty);
    }
  }

  /** The uniform prior over the candidate structures. */
  public static StructurePrior uniform() {
    return new StructurePrior(0);
  }

  /** {@code p(m) ∝ exp(−κ·|E(m)|)}. */
  public static StructurePrior edgePenalty(double kappa) {
    return new StructurePrior(kappa);
  }

  /** The unnormalised log prior of a structure with {@code edges} arcs or edges: {@code −κ·edges}. */
  public double logWeight(int edges) {
    return edgePenalty == 0 ? 0 : -edgePenalty * edges;
  }

  /** {@code uniform} or {@code edge-penalty:κ}; {@link #parse} reads it back. */
  @Override
  public String toString() {
    return edgePenalty == 0 ? "uniform" : "edge-penalty:" + String.format(Locale.ROOT, "%s", edgePenalty);
  }

  /**
   * Reads {@code uniform} or {@code edge-penalty:κ} (κ a number ≥ 0).
   *
   * @throws IllegalArgumentException with a one-line message for anything else
   */
  public static StructurePrior parse(String text) {
    String t = text.trim();
    if (t.equals("uniform")) {
      return uniform();
    }
    String prefix = "edge-penalty:";
    if (t.startsWith(prefix)) {
      double k;
      try {
        k = Double.parseDouble(t.substring(prefix.length()));
      } catch (NumberFormatException e) {
        throw new InvalidInputException("structure prior '" + text + "': κ after 'edge-penalty:' is not a number");
      }
      return edgePenalty(k);
    }
    throw new InvalidInputException("unknown structure prior '" + text + "'; expected uniform or edge-penalty:κ");
  }
}
