package org.occam.search;

import org.occam.data.InvalidInputException;

/**
 * Which arcs a DAG structure search may draw between hidden and observed variables.
 *
 * <ul>
 *   <li>{@link #BIPARTITE}: Beal's class (2003, section 6.4): arcs only from a hidden to an observed
 *       variable, so hidden variables stay parentless and observed ones have only hidden parents.
 *   <li>{@link #GENERAL}: any arc except from an observed variable into a hidden one. Hidden
 *       variables are latent causes (their parents, if any, are hidden); observed variables may have
 *       observed and hidden parents. Without hidden variables every arc is allowed.
 * </ul>
 */
public enum DagArcConstraint {
  BIPARTITE,
  GENERAL;

  /** Whether an arc from a variable to another may be drawn, given which of them are hidden. */
  public boolean allows(boolean fromHidden, boolean toHidden) {
    return switch (this) {
      case BIPARTITE -> fromHidden && !toHidden;
      case GENERAL -> fromHidden || !toHidden;
    };
  }

  /** The lower-case name used on the command line. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Parses {@code bipartite} or {@code general} (case-insensitive). */
  public static DagArcConstraint parse(String name) {
    for (DagArcConstraint c : values()) {
      if (c.label().equalsIgnoreCase(name.trim())) {
        return c;
      }
    }
    throw new InvalidInputException("unknown structure class '" + name + "' (expected bipartite or general)");
  }
}
