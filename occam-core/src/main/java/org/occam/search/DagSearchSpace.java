package org.occam.search;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.occam.dag.DagStructure;
import org.occam.data.Variable;

/**
 * The structures a DAG search moves through: a fixed set of variables (some hidden), an
 * {@link DagArcConstraint}, and a maximum number of parents per variable. Its neighbourhood is
 * Heckerman, Geiger &amp; Chickering (1995)'s: every single-arc addition, removal and reversal that
 * keeps the graph acyclic, the arc allowed and the in-degree within the limit.
 *
 * <p>Structures are identified up to a permutation of interchangeable hidden variables (hidden
 * variables of equal cardinality, which no data can tell apart), as in
 * {@link org.occam.dag.BipartiteStructureClass}: {@link #key} is the smallest relabelling of the
 * parent sets over those permutations. With more than {@value #MAX_PERMUTATIONS} permutations only
 * the labelled graph is used as the key (equivalent structures are then scored separately).
 *
 * <p>Inside the search a structure is an array of parent bit masks ({@code masks[j]} has bit i set
 * when i is a parent of j), so at most 63 variables. Immutable and thread-safe.
 */
public final class DagSearchSpace {
  /** The most hidden-variable permutations tried when canonicalising a structure. */
  public static final int MAX_PERMUTATIONS = 720;

  private final List<Variable> variables;
  private final boolean[] hidden;
  private final DagArcConstraint constraint;
  private final int maxParents;
  private final int[][] permutations;

  /**
   * @param variables every variable, hidden and observed, in the order of the structures built
   * @param hidden which of them are hidden
   * @param maxParents the largest in-degree (≥ 0)
   */
  public DagSearchSpace(List<Variable> variables, boolean[] hidden, DagArcConstraint constraint, int maxParents) {
    if (variables.size() != hidden.length) {
      throw new IllegalArgumentException("need one hidden flag per variable");
    }
    if (variables.size() > 63) {
      throw new InvalidInputException("structure search handles at most 63 variables, got " + variables.size());
    }
    if (maxParents < 0) {
      throw new InvalidInputException("the maximum number of parents must be >= 0, got " + maxParents);
    }
    this.variables = List.copyOf(variables);
    this.hidden = hidden.clone();
    this.constraint = java.util.Objects.requireNonNull(constraint, "constraint");
    this.maxParents = maxParents;
    // Validates names once (duplicates are rejected by DagStructure).
    DagStructure.of(this.variables, this.hidden, new int[variables.size()][0]);
    this.permutations = hiddenPermutations();
  }

  /** The space over hidden variables followed by observed ones (the layout of Beal's class). */
  public static DagSearchSpace of(List<Variable> hiddenVariables, List<Variable> observedVariables,
      DagArcConstraint constraint, int maxParents) {
    List<Variable> all = new ArrayList<>(hiddenVariables);
    all.addAll(observedVariables);
    boolean[] h = new boolean[all.size()];
    Arrays.fill(h, 0, hiddenVariables.size(), true);
    return new DagSearchSpace(all, h, constraint, maxParents);
  }

  public int size() {
    return variables.size();
  }

  public Variable variable(int j) {
    return variables.get(j);
  }

  public List<Variable> variables() {
    return variables;
  }

  public boolean isHidden(int j) {
    return hidden[j];
  }

  public DagArcConstraint constraint() {
    return constraint;
  }

  public int maxParents() {
    return maxParents;
  }

  /** The structure without arcs. */
  public DagStructure empty() {
    return structure(new long[size()]);
  }

  /** The structure whose parent masks are given. */
  public DagStructure structure(long[] masks) {
    int[][] parents = new int[size()][];
    for (int j = 0; j < size(); j++) {
      parents[j] = bits(masks[j]);
    }
    return DagStructure.of(variables, hidden, parents);
  }

  /**
   * The parent masks of a structure over this space's variables (same names, states and hidden
   * flags, in the same order).
   *
   * @throws IllegalArgumentException if the structure is over other variables, or breaks the arc
   *     constraint or the in-degree limit
   */
  public long[] masks(DagStructure s) {
    if (s.size() != size()) {
      throw new InvalidInputException("the structure has " + s.size() + " variables, the search space " + size());
    }
    long[] m = new long[size()];
    for (int j = 0; j < size(); j++) {
      if (!s.variable(j).equals(variables.get(j)) || s.isHidden(j) != hidden[j]) {
        throw new InvalidInputException("variable " + (j + 1) + " of the structure (" + s.name(j)
            + ") differs from the search space's (" + variables.get(j).name() + ")");
      }
      int[] pa = s.parents(j);
      if (pa.length > maxParents) {
        throw new InvalidInputException(s.name(j) + " has " + pa.length + " parents, more than the limit "
            + maxParents);
      }
      for (int q : pa) {
        if (!constraint.allows(hidden[q], hidden[j])) {
          throw new InvalidInputException("arc " + s.name(q) + "->" + s.name(j) + " is not allowed in the "
              + constraint.label() + " class");
        }
        m[j] |= 1L << q;
      }
    }
    return m;
  }

  /**
   * The same graph over this space's variables: variables are matched by name (e.g. a true model
   * read from a file, whose variables may be listed in another order).
   *
   * @throws IllegalArgumentException if the variables' names, states or hidden flags differ, or the
   *     graph is outside the space (see {@link #masks})
   */
  public DagStructure structureLike(DagStructure other) {
    if (other.size() != size()) {
      throw new InvalidInputException("the structure has " + other.size() + " variables, the search space "
          + size());
    }
    long[] m = new long[size()];
    for (int j = 0; j < size(); j++) {
      int o = other.indexOf(variables.get(j).name());
      if (o < 0) {
        throw new InvalidInputException("the structure has no variable " + variables.get(j).name());
      }
      if (other.isHidden(o) != hidden[j] || other.cardinality(o) != variables.get(j).cardinality()) {
        throw new InvalidInputException("variable " + variables.get(j).name() + " differs in states or in being"
            + " hidden");
      }
      for (int q : other.parents(o)) {
        m[j] |= 1L << indexOf(other.name(q));
      }
    }
    DagStructure s = structure(m);
    masks(s); // checks the constraint and the in-degree
    return s;
  }

  private int indexOf(String name) {
    for (int j = 0; j < size(); j++) {
      if (variables.get(j).name().equals(name)) {
        return j;
      }
    }
    throw new InvalidInputException("no variable " + name);
  }

  /** The legal moves from a structure, in the search's fixed order. */
  public List<DagMove> moves(DagStructure s) {
    return moves(masks(s));
  }

  /** The structure after a move (which must be legal). */
  public DagStructure apply(DagStructure s, DagMove move) {
    return structure(apply(masks(s), move));
  }

  /**
   * The legal moves, ordered by child, then parent, then kind (remove before reverse): the order
   * in which ties between equally scored candidates are broken.
   */
  List<DagMove> moves(long[] masks) {
    List<DagMove> out = new ArrayList<>();
    int p = size();
    for (int to = 0; to < p; to++) {
      for (int from = 0; from < p; from++) {
        if (from == to) {
          continue;
        }
        if ((masks[to] & (1L << from)) != 0) {
          out.add(new DagMove(DagMove.Kind.REMOVE, from, to));
          if (constraint.allows(hidden[to], hidden[from]) && Long.bitCount(masks[from]) < maxParents
              && !reaches(masks, from, to, true)) {
            out.add(new DagMove(DagMove.Kind.REVERSE, from, to));
          }
        } else if ((masks[from] & (1L << to)) == 0 && constraint.allows(hidden[from], hidden[to])
            && Long.bitCount(masks[to]) < maxParents && !reaches(masks, to, from, false)) {
          out.add(new DagMove(DagMove.Kind.ADD, from, to));
        }
      }
    }
    return out;
  }

  long[] apply(long[] masks, DagMove move) {
    long[] m = masks.clone();
    long fromBit = 1L << move.from();
    switch (move.kind()) {
      case ADD -> m[move.to()] |= fromBit;
      case REMOVE -> m[move.to()] &= ~fromBit;
      case REVERSE -> {
        m[move.to()] &= ~fromBit;
        m[move.from()] |= 1L << move.to();
      }
      default -> throw new IllegalStateException();
    }
    return m;
  }

  /**
   * Whether there is a directed path {@code a ⇝ b}; with {@code skipDirect}, not counting the arc
   * a → b itself (a reversal of a → b makes a cycle exactly when another path a ⇝ b exists).
   */
  static boolean reaches(long[] masks, int a, int b, boolean skipDirect) {
    // Walk up from b through parents looking for a.
    long seen = 0;
    long frontier = masks[b];
    if (skipDirect) {
      frontier &= ~(1L << a);
    }
    while (frontier != 0) {
      int v = Long.numberOfTrailingZeros(frontier);
      frontier &= frontier - 1;
      if (v == a) {
        return true;
      }
      if ((seen & (1L << v)) == 0) {
        seen |= 1L << v;
        frontier |= masks[v] & ~seen;
      }
    }
    return false;
  }

  /** A canonical key of a structure: equal exactly for structures equal up to interchangeable hidden variables. */
  public Key key(DagStructure s) {
    return key(masks(s));
  }

  Key key(long[] masks) {
    long[] best = null;
    long[] relabelled = new long[masks.length];
    for (int[] perm : permutations) {
      for (int j = 0; j < masks.length; j++) {
        long m = masks[j];
        long r = 0;
        while (m != 0) {
          int q = Long.numberOfTrailingZeros(m);
          m &= m - 1;
          r |= 1L << perm[q];
        }
        relabelled[perm[j]] = r;
      }
      if (best == null || Arrays.compare(relabelled, best) < 0) {
        best = relabelled.clone();
      }
    }
    return new Key(best);
  }

  /** A structure's canonical parent masks, compared by content. */
  public static final class Key {
    private final long[] masks;

    Key(long[] masks) {
      this.masks = masks;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(masks, k.masks);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(masks);
    }

    @Override
    public String toString() {
      return Arrays.toString(masks);
    }
  }

  static int[] bits(long mask) {
    int[] out = new int[Long.bitCount(mask)];
    int a = 0;
    while (mask != 0) {
      out[a++] = Long.numberOfTrailingZeros(mask);
      mask &= mask - 1;
    }
    return out;
  }

  /** Permutations of the variables that only exchange hidden variables of equal cardinality. */
  private int[][] hiddenPermutations() {
    int p = size();
    List<int[]> groups = new ArrayList<>();
    boolean[] grouped = new boolean[p];
    long count = 1;
    for (int j = 0; j < p; j++) {
      if (!hidden[j] || grouped[j]) {
        continue;
      }
      List<Integer> g = new ArrayList<>();
      for (int k = j; k < p; k++) {
        if (hidden[k] && !grouped[k] && variables.get(k).cardinality() == variables.get(j).cardinality()) {
          g.add(k);
          grouped[k] = true;
        }
      }
      for (int f = 2; f <= g.size(); f++) {
        count *= f;
      }
      groups.add(g.stream().mapToInt(Integer::intValue).toArray());
    }
    int[] identity = java.util.stream.IntStream.range(0, p).toArray();
    if (count > MAX_PERMUTATIONS) {
      return new int[][] {identity};
    }
    List<int[]> out = new ArrayList<>();
    out.add(identity);
    for (int[] g : groups) {
      List<int[]> next = new ArrayList<>();
      for (int[] base : out) {
        for (int[] order : orderings(g.length)) {
          int[] perm = base.clone();
          for (int a = 0; a < g.length; a++) {
            perm[g[a]] = base[g[order[a]]];
          }
          next.add(perm);
        }
      }
      out = next;
    }
    return out.toArray(new int[0][]);
  }

  private static List<int[]> orderings(int n) {
    List<int[]> out = new ArrayList<>();
    permute(java.util.stream.IntStream.range(0, n).toArray(), 0, out);
    return out;
  }

  private static void permute(int[] a, int k, List<int[]> out) {
    if (k == a.length) {
      out.add(a.clone());
      return;
    }
    for (int i = k; i < a.length; i++) {
      int t = a[k];
      a[k] = a[i];
      a[i] = t;
      permute(a, k + 1, out);
      a[i] = a[k];
      a[k] = t;
    }
  }
}
