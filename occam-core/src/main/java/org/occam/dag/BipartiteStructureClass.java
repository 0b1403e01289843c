package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.occam.data.Variable;

/**
 * The bipartite structure class of Beal's experiments (section 6.4): k hidden variables without
 * parents, p observed variables whose parents are any subset of the hidden ones. There are
 * 2^(kp) labelled graphs; hidden variables of equal cardinality are interchangeable, so graphs
 * that differ only by a permutation of them are one structure (k = 2, p = 4: 136).
 *
 * <p>A structure is identified by each hidden variable's set of children (a bit mask over the
 * observed variables); its canonical key sorts these masks within each group of equal
 * cardinality. Structures are listed in the order of their canonical keys, and each observed
 * variable's parents are listed in hidden-variable order.
 */
public final class BipartiteStructureClass {
  private final List<Variable> hidden;
  private final List<Variable> observed;
  private final List<DagStructure> structures;

  /**
   * @param hidden the hidden variables (they come first in every structure)
   * @param observed the observed variables
   */
  public BipartiteStructureClass(List<Variable> hidden, List<Variable> observed) {
    this.hidden = List.copyOf(hidden);
    this.observed = List.copyOf(observed);
    int k = hidden.size();
    int p = observed.size();
    if ((long) k * p > 30) {
      throw new InvalidInputException("the bipartite class with " + k + " hidden and " + p
          + " observed variables has 2^" + (k * p) + " labelled graphs: too many to enumerate");
    }
    List<DagStructure> list = new ArrayList<>();
    int[] masks = new int[k];
    enumerate(0, masks, list);
    this.structures = List.copyOf(list);
  }

  private void enumerate(int h, int[] masks, List<DagStructure> out) {
    int k = hidden.size();
    if (h == k) {
      out.add(build(masks));
      return;
    }
    int full = 1 << observed.size();
    // Canonical: within a run of interchangeable hidden variables, masks are non-decreasing.
    int start = 0;
    for (int g = h - 1; g >= 0; g--) {
      if (hidden.get(g).cardinality() == hidden.get(h).cardinality()) {
        start = masks[g];
        break;
      }
    }
    for (int m = start; m < full; m++) {
      masks[h] = m;
      enumerate(h + 1, masks, out);
    }
  }

  private DagStructure build(int[] masks) {
    int k = hidden.size();
    int p = observed.size();
    List<Variable> vars = new ArrayList<>(hidden);
    vars.addAll(observed);
    boolean[] isHidden = new boolean[k + p];
    Arrays.fill(isHidden, 0, k, true);
    int[][] parents = new int[k + p][];
    for (int h = 0; h < k; h++) {
      parents[h] = new int[0];
    }
    for (int v = 0; v < p; v++) {
      int vv = v;
      parents[k + v] = java.util.stream.IntStream.range(0, k).filter(h -> (masks[h] & (1 << vv)) != 0).toArray();
    }
    return DagStructure.of(vars, isHidden, parents);
  }

  /** All structures of the class, one per equivalence class. */
  public List<DagStructure> structures() {
    return structures;
  }

  /**
   * The index in {@link #structures()} of the structure equivalent to {@code s}, which must have
   * the class's observed variables (matched by name) and the same multiset of hidden
   * cardinalities, with hidden variables parentless and observed variables having only hidden
   * parents; −1 if it does not belong to the class.
   */
  public int indexOf(DagStructure s) {
    int[] sHidden = s.hiddenVariables();
    if (sHidden.length != hidden.size() || s.size() != hidden.size() + observed.size()) {
      return -1;
    }
    int[] key = canonicalKey(s);
    if (key == null) {
      return -1;
    }
    for (int i = 0; i < structures.size(); i++) {
      if (Arrays.equals(key, canonicalKey(structures.get(i)))) {
        return i;
      }
    }
    return -1;
  }

  /** Sorted (cardinality, children-mask) pairs of the hidden variables, or null outside the class. */
  private int[] canonicalKey(DagStructure s) {
    int[] hid = s.hiddenVariables();
    long[] pairs = new long[hid.length];
    for (int a = 0; a < hid.length; a++) {
      int h = hid[a];
      if (s.parentsView(h).length > 0) {
        return null;
      }
      int mask = 0;
      for (int v = 0; v < observed.size(); v++) {
        int j = s.indexOf(observed.get(v).name());
        if (j < 0 || s.isHidden(j) || s.cardinality(j) != observed.get(v).cardinality()) {
          return null;
        }
        for (int q : s.parentsView(j)) {
          if (!s.isHidden(q)) {
            return null;
          }
          if (q == h) {
            mask |= 1 << v;
          }
        }
      }
      pairs[a] = ((long) s.cardinality(h) << 32) | mask;
    }
    Arrays.sort(pairs);
    int[] key = new int[2 * pairs.length];
    for (int a = 0; a < pairs.length; a++) {
      key[2 * a] = (int) (pairs[a] >>> 32);
      key[2 * a + 1] = (int) pairs[a];
    }
    return key;
  }
}
