package org.occam.search;

import org.occam.data.InvalidInputException;
import org.occam.dag.DagStructure;

/**
 * Markov equivalence of DAGs over the same variables (Verma &amp; Pearl 1990): two DAGs imply the
 * same conditional independences exactly when they have the same skeleton and the same
 * v-structures (a → c ← b with a and b not adjacent). Complete-data BDe with a uniform prior gives
 * equivalent structures nearly equal scores, so a search can only be asked to find the class.
 */
public final class DagEquivalence {
  private DagEquivalence() {}

  /**
   * Whether two structures are Markov equivalent. Variables are matched by index and must have
   * the same names.
   */
  public static boolean equivalent(DagStructure a, DagStructure b) {
    if (a.size() != b.size()) {
      throw new InvalidInputException("the structures have " + a.size() + " and " + b.size() + " variables");
    }
    for (int j = 0; j < a.size(); j++) {
      if (!a.name(j).equals(b.name(j))) {
        throw new InvalidInputException("variable " + (j + 1) + " is " + a.name(j) + " in one structure and "
            + b.name(j) + " in the other");
      }
    }
    boolean[][] pa = parentMatrix(a);
    boolean[][] pb = parentMatrix(b);
    int p = a.size();
    for (int i = 0; i < p; i++) {
      for (int j = 0; j < p; j++) {
        if (adjacent(pa, i, j) != adjacent(pb, i, j)) {
          return false;
        }
        for (int c = 0; c < p; c++) {
          if (vStructure(pa, i, c, j) != vStructure(pb, i, c, j)) {
            return false;
          }
        }
      }
    }
    return true;
  }

  /** The number of v-structures a → c ← b (a &lt; b, not adjacent), for reports. */
  public static int vStructures(DagStructure s) {
    boolean[][] m = parentMatrix(s);
    int count = 0;
    for (int i = 0; i < s.size(); i++) {
      for (int j = i + 1; j < s.size(); j++) {
        for (int c = 0; c < s.size(); c++) {
          if (vStructure(m, i, c, j)) {
            count++;
          }
        }
      }
    }
    return count;
  }

  /** {@code m[c][a]}: a is a parent of c. */
  private static boolean[][] parentMatrix(DagStructure s) {
    boolean[][] m = new boolean[s.size()][s.size()];
    for (int c = 0; c < s.size(); c++) {
      for (int q : s.parents(c)) {
        m[c][q] = true;
      }
    }
    return m;
  }

  private static boolean adjacent(boolean[][] m, int i, int j) {
    return m[i][j] || m[j][i];
  }

  private static boolean vStructure(boolean[][] m, int a, int c, int b) {
    return a != b && m[c][a] && m[c][b] && !adjacent(m, a, b);
  }
}
