package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.occam.data.Dataset;
import org.occam.math.LogSpace;

/**
 * Exact inference over the unobserved variables of a DAG by enumerating their joint
 * configurations, for every distinct data row at once. The unobserved variables of a row are the
 * hidden ones plus any observed variable whose cell is missing, so missing cells are summed out
 * exactly, as hidden variables are.
 *
 * <p>Built once per (structure, data) pair, it compiles each distinct row into flat CPT offsets:
 * the index of θ_j for row r in configuration c is {@code rowBase[r][j] + configOffset[c][j]},
 * because the flat index is linear in each family member's state. Rows are grouped by which
 * variables they miss; variables whose whole family is observed contribute a constant factor and
 * constant counts, which are computed once. The E step ({@link #eStep}) is then a product–sum
 * over primitive arrays, in linear space with a log-space fallback for rows whose likelihood would
 * underflow.
 *
 * <p>For the exact evidence only, {@link #withoutBarrenNodes()} compiles the same rows with each
 * row's barren variables left out: unobserved variables (hidden, or observed but missing in that
 * row) none of whose descendants is observed in that row. Summing such a variable out contributes
 * a factor 1 to that row's term, so its family takes no part in the row at all (see
 * {@code barren(DagStructure, boolean[])}). EM, VBEM and the scores built on them use the
 * instances made by the constructors, which keep every unobserved variable.
 *
 * <p>Thread-safe: instances are immutable after construction (the barren-free compilation is made
 * on first use and cached; a race only builds an equal copy twice).
 */
public final class HiddenStateEnumeration {
  /** The default refusal limit on joint configurations of a row's unobserved variables. */
  public static final long DEFAULT_CONFIGURATION_LIMIT = 1L << 20;

  private static final double UNDERFLOW_GUARD = 1e-200;

  private final DagStructure structure;
  private final Dataset data;
  private final double dataSize;
  private final int distinctRows;
  /** Counts of fully observed families, accumulated once: the complete-data part of N_jlk. */
  private final double[] knownCounts;
  private final int[] knownIndices;
  private final Pattern[] patterns;
  private final int maxConfigurations;
  private final long configurationLimit;
  private final boolean barrenDropped;
  private volatile HiddenStateEnumeration withoutBarren;

  /**
   * Refuses data that carry no information: no rows (or weights summing to 0), or rows in which every
   * cell is missing. Every score of such data would be ln p(∅) = 0 whatever the model — a number
   * that says nothing and, to a user who meant to give data, looks like a perfect fit.
   *
   * @throws InvalidInputException naming what is missing
   */
  static void requireSomeObservation(Dataset data) {
    if (!(data.size() > 0)) {
      throw new InvalidInputException("the data have no rows (total weight " + data.size()
          + "): there is nothing to score");
    }
    for (int r = 0; r < data.distinctRows(); r++) {
      for (int cell : data.row(r)) {
        if (cell != Dataset.MISSING) {
          return;
        }
      }
    }
    throw new InvalidInputException("every cell of the data is missing (" + data.variables().size()
        + " columns, n = " + data.size() + "): the data carry no information and every score would be 0");
  }

  static final byte NO_PAIRS = -1;
  static final byte PAIRS_01 = 0;
  static final byte PAIRS_02 = 1;

  /** Rows that leave the same variables unobserved. */
  static final class Pattern {
    int[] involved; // variables whose family has an unobserved member
    int configurations;
    int[] configOffset; // [c * involved.length + t]
    int[] configOffsetByFamily; // the same, family-major: [t * configurations + c]
    int[] rowBase; // [r * involved.length + t]
    double[] rowCount;
    /**
     * The leading families whose base is the same in every row (those of hidden variables with no
     * observed parent): their factors are the same for every row.
     */
    int sharedFamilies;
    /**
     * With four configurations, when the first two families are shared and each pairs the
     * configurations (Beal's two binary hidden variables without parents): how, per family,
     * {@link #PAIRS_01} for {0, 1} and {2, 3} (the family of the first of the two binary unknown
     * variables) or {@link #PAIRS_02} for {0, 2} and {1, 3} (the second); else null.
     */
    byte[] sharedPairing;
    /** With four configurations: every row's entries, [(r * involved.length + t) * 4 + c]; else null. */
    int[] rowEntries;
  }

  /**
   * @param structure the DAG; its observed variables are matched to data columns by name
   * @param data the distinct rows
   * @param configurationLimit the largest number of joint configurations of one row's
   *     unobserved variables that will be enumerated
   * @throws IllegalArgumentException if the data's columns are not exactly the structure's
   *     observed variables (with equal cardinalities), or a row needs more configurations than
   *     the limit
   */
  public HiddenStateEnumeration(DagStructure structure, Dataset data, long configurationLimit) {
    this(structure, data, configurationLimit, false);
  }

  /**
   * The data compiled with each row's barren variables left out (see
   * {@code barren(DagStructure, boolean[])}): the form the exact evidence sums over. Only the exact evidence may use it; its likelihoods and counts
   * are not those of the full model (a barren family contributes no counts).
   *
   * @param configurationLimit the largest number of joint configurations of one row's
   *     unobserved variables that are not barren
   * @throws IllegalArgumentException as the constructor
   */
  public static HiddenStateEnumeration withoutBarrenNodes(DagStructure structure, Dataset data,
      long configurationLimit) {
    return new HiddenStateEnumeration(structure, data, configurationLimit, true);
  }

  private HiddenStateEnumeration(DagStructure structure, Dataset data, long configurationLimit,
      boolean dropBarren) {
    this.configurationLimit = configurationLimit;
    this.barrenDropped = dropBarren;
    this.structure = structure;
    this.data = data;
    this.dataSize = data.size();
    this.distinctRows = data.distinctRows();
    int p = structure.size();
    int[] column = new int[p];
    for (int j = 0; j < p; j++) {
      column[j] = -1;
      if (structure.isHidden(j)) {
        if (data.indexOf(structure.name(j)) >= 0) {
          throw new InvalidInputException("the data has a column for hidden variable " + structure.name(j));
        }
        continue;
      }
      int c = data.indexOf(structure.name(j));
      if (c < 0) {
        throw new InvalidInputException("the data has no column for observed variable " + structure.name(j));
      }
      if (data.variables().get(c).cardinality() != structure.cardinality(j)) {
        throw new InvalidInputException("variable " + structure.name(j) + " has " + structure.cardinality(j)
            + " states in the model but " + data.variables().get(c).cardinality() + " in the data");
      }
      column[j] = c;
    }
    for (var v : data.variables()) {
      int j = structure.indexOf(v.name());
      if (j < 0) {
        throw new InvalidInputException("data column " + v.name() + " is not a variable of the model");
      }
    }

    requireSomeObservation(data);
    double[] known = new double[structure.tableSize()];
    Map<String, List<Integer>> groups = new HashMap<>();
    List<boolean[]> groupUnknown = new ArrayList<>();
    List<String> groupOrder = new ArrayList<>();
    for (int r = 0; r < data.distinctRows(); r++) {
      boolean[] unknown = new boolean[p];
      int[] row = data.row(r);
      for (int j = 0; j < p; j++) {
        unknown[j] = column[j] < 0 || row[column[j]] == Dataset.MISSING;
      }
      String key = Arrays.toString(unknown);
      List<Integer> g = groups.get(key);
      if (g == null) {
        g = new ArrayList<>();
        groups.put(key, g);
        groupUnknown.add(unknown);
        groupOrder.add(key);
      }
      g.add(r);
    }
    List<Pattern> compiled = new ArrayList<>();
    int maxC = 1;
    for (int gi = 0; gi < groupOrder.size(); gi++) {
      boolean[] unknown = groupUnknown.get(gi);
      boolean[] dropped = dropBarren ? barren(structure, unknown) : new boolean[p];
      Pattern pat = compile(structure, data, column, unknown, dropped, groups.get(groupOrder.get(gi)),
          known, configurationLimit);
      if (pat != null) {
        compiled.add(pat);
        maxC = Math.max(maxC, pat.configurations);
      }
    }
    this.patterns = compiled.toArray(new Pattern[0]);
    this.maxConfigurations = maxC;
    this.knownIndices = java.util.stream.IntStream.range(0, known.length).filter(i -> known[i] != 0).toArray();
    this.knownCounts = known;
  }

  /** With the default configuration limit. */
  public HiddenStateEnumeration(DagStructure structure, Dataset data) {
    this(structure, data, DEFAULT_CONFIGURATION_LIMIT);
  }

  /**
   * This data compiled without each row's barren variables ({@link
   * #withoutBarrenNodes(DagStructure, Dataset, long)}, same configuration limit), made once and
   * cached; {@code this} if it already is. For the exact evidence only.
   */
  public HiddenStateEnumeration withoutBarrenNodes() {
    if (barrenDropped) {
      return this;
    }
    HiddenStateEnumeration w = withoutBarren;
    if (w == null) {
      w = withoutBarrenNodes(structure, data, configurationLimit);
      withoutBarren = w;
    }
    return w;
  }

  /** Whether each row's barren variables were left out ({@link #withoutBarrenNodes()}). */
  public boolean barrenNodesDropped() {
    return barrenDropped;
  }

  /**
   * The barren variables of a row whose unobserved variables are {@code unknown}: an unobserved
   * variable is barren when every child is barren (so an unobserved leaf is barren, and no barren
   * variable has an observed descendant in the row).
   *
   * <p>Why they can be dropped from the exact evidence: given θ, summing a barren leaf x_j out of
   * {@code p(y_i | θ)} gives {@code Σ_k θ_j(k | pa_j) = 1} whatever its parents' states, and then its
   * barren parents are leaves in turn; so {@code p(y_i | θ)} is the product over the row's other
   * families alone, and so is {@code p(y | m) = ∫ p(θ) Π_i p(y_i | θ) dθ}. In the Pólya-urn terms
   * of {@link ExactEvidence}: the data are exchangeable, so put this datum last; the sum over a barren
   * leaf of its predictive {@code p(x_j = k | parents, every other datum)} is 1. Either way every
   * barren family of the row contributes no counts and needs no enumeration. The children of a
   * barren variable are barren, so no remaining family has a dropped parent.
   *
   * @param unknown whether each variable is unobserved in the row (hidden, or missing)
   * @return whether each variable is barren in the row
   */
  static boolean[] barren(DagStructure s, boolean[] unknown) {
    int[] order = s.topologicalOrder();
    boolean[] barren = new boolean[s.size()];
    for (int a = order.length - 1; a >= 0; a--) {
      int j = order[a];
      boolean b = unknown[j];
      for (int c : s.children(j)) {
        b &= barren[c];
      }
      barren[j] = b;
    }
    return barren;
  }

  private static Pattern compile(DagStructure s, Dataset data, int[] column, boolean[] unknown,
      boolean[] dropped, List<Integer> rows, double[] known, long limit) {
    int p = s.size();
    int[] unknownVars = java.util.stream.IntStream.range(0, p).filter(j -> unknown[j] && !dropped[j]).toArray();
    long configs = 1;
    for (int u : unknownVars) {
      configs *= s.cardinality(u);
      if (configs > limit) {
        List<String> names = new ArrayList<>();
        for (int v : unknownVars) {
          names.add(s.name(v) + "(" + s.cardinality(v) + ")");
        }
        throw new InvalidInputException("exact inference would enumerate more than " + limit
            + " joint configurations of the unobserved variables " + names
            + " for one data row; raise the configuration limit (--configuration-limit on the command line) or use a"
            + " smaller model");
      }
    }
    List<Integer> involvedList = new ArrayList<>();
    for (int j = 0; j < p; j++) {
      if (dropped[j]) {
        continue; // a barren family takes no part in these rows
      }
      boolean inv = unknown[j];
      for (int q : s.parentsView(j)) {
        inv |= unknown[q];
      }
      if (inv) {
        involvedList.add(j);
      }
    }
    int[] involved = involvedList.stream().mapToInt(Integer::intValue).toArray();
    // Known families: constant counts.
    for (int r : rows) {
      int[] row = data.row(r);
      for (int j = 0; j < p; j++) {
        if (dropped[j] || involvedList.contains(j)) {
          continue;
        }
        int idx = s.offset(j) + row[column[j]];
        for (int q : s.parentsView(j)) {
          idx += s.stride(j, q) * row[column[q]];
        }
        known[idx] += data.count(r);
      }
    }
    if (involved.length == 0) {
      return null;
    }
    int ni = involved.length;
    int c = (int) configs;
    Pattern pat = new Pattern();
    pat.involved = involved;
    pat.configurations = c;
    pat.configOffset = new int[Math.multiplyExact(c, ni)];
    int[] state = new int[p];
    for (int cfg = 0; cfg < c; cfg++) {
      // Mixed radix over the unknown variables, the last varying fastest.
      int rest = cfg;
      for (int a = unknownVars.length - 1; a >= 0; a--) {
        int card = s.cardinality(unknownVars[a]);
        state[unknownVars[a]] = rest % card;
        rest /= card;
      }
      for (int t = 0; t < ni; t++) {
        int j = involved[t];
        int off = unknown[j] ? state[j] : 0;
        for (int q : s.parentsView(j)) {
          if (unknown[q]) {
            off += s.stride(j, q) * state[q];
          }
        }
        pat.configOffset[cfg * ni + t] = off;
      }
    }
    pat.configOffsetByFamily = new int[pat.configOffset.length];
    for (int cfg = 0; cfg < c; cfg++) {
      for (int t = 0; t < ni; t++) {
        pat.configOffsetByFamily[t * c + cfg] = pat.configOffset[cfg * ni + t];
      }
    }
    // Rows that agree on every involved family have the same posterior: merge them, so sparse
    // structures run over far fewer rows than the data has.
    Map<List<Integer>, Integer> merged = new HashMap<>();
    List<int[]> bases = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    for (int r : rows) {
      int[] row = data.row(r);
      int[] b = new int[ni];
      for (int t = 0; t < ni; t++) {
        int j = involved[t];
        int base = s.offset(j) + (unknown[j] ? 0 : row[column[j]]);
        for (int q : s.parentsView(j)) {
          if (!unknown[q]) {
            base += s.stride(j, q) * row[column[q]];
          }
        }
        b[t] = base;
      }
      List<Integer> key = Arrays.stream(b).boxed().toList();
      Integer at = merged.get(key);
      if (at == null) {
        merged.put(key, bases.size());
        bases.add(b);
        weights.add(data.count(r));
      } else {
        weights.set(at, weights.get(at) + data.count(r));
      }
    }
    pat.rowBase = new int[bases.size() * ni];
    pat.rowCount = new double[bases.size()];
    for (int i = 0; i < bases.size(); i++) {
      System.arraycopy(bases.get(i), 0, pat.rowBase, i * ni, ni);
      pat.rowCount[i] = weights.get(i);
    }
    int shared = 0;
    while (shared < ni && sameInEveryRow(bases, shared)) {
      shared++;
    }
    pat.sharedFamilies = shared;
    if (c == 4) {
      pat.rowEntries = new int[bases.size() * ni * 4];
      for (int i = 0, k = 0; i < bases.size(); i++) {
        for (int t = 0; t < ni; t++) {
          for (int cf = 0; cf < 4; cf++) {
            pat.rowEntries[k++] = pat.rowBase[i * ni + t] + pat.configOffsetByFamily[t * 4 + cf];
          }
        }
      }
    }
    if (c == 4 && shared >= 2) {
      byte[] pairing = {pairing(pat.configOffsetByFamily, 0), pairing(pat.configOffsetByFamily, 4)};
      pat.sharedPairing = pairing[0] != NO_PAIRS && pairing[1] != NO_PAIRS ? pairing : null;
    }
    return pat;
  }

  private static boolean sameInEveryRow(List<int[]> bases, int t) {
    for (int[] b : bases) {
      if (b[t] != bases.get(0)[t]) {
        return false;
      }
    }
    return true;
  }

  /** How a family's four configuration offsets from {@code at} pair up ({@link Pattern#sharedPairing}), or {@link #NO_PAIRS}. */
  private static byte pairing(int[] offsets, int at) {
    int o0 = offsets[at];
    int o1 = offsets[at + 1];
    int o2 = offsets[at + 2];
    int o3 = offsets[at + 3];
    if (o0 == o1 && o2 == o3 && o0 != o2) {
      return PAIRS_01;
    }
    if (o0 == o2 && o1 == o3 && o0 != o1) {
      return PAIRS_02;
    }
    return NO_PAIRS;
  }

  public DagStructure structure() {
    return structure;
  }

  /** The data this was compiled from. */
  public Dataset data() {
    return data;
  }

  /** The total data weight n. */
  public double dataSize() {
    return dataSize;
  }

  /** The number of distinct data rows. */
  public int distinctRows() {
    return distinctRows;
  }

  /**
   * Whether every variable of every row is observed (no hidden variables, no missing cells); when
   * {@linkplain #barrenNodesDropped() barren variables are dropped}, whether every variable that is
   * not barren is.
   */
  public boolean isComplete() {
    return patterns.length == 0;
  }

  /** The counts N_jlk of families that are observed in full (a copy); all counts when complete. */
  public double[] completeCounts() {
    return knownCounts.clone();
  }

  /**
   * One E step at parameters θ (Beal's eqns 6.16, 6.22; or the VBE step 6.43 when θ holds the
   * sub-normalised θ̃): returns {@code Σ_r n_r ln Σ_{s} Π_j θ(z_j | z_pa(j))}, which is the log
   * likelihood {@code ln p(y | θ)} for normalised θ, and {@code Σ_i ln Z̃_i} for θ̃. When
   * {@code expectedCounts} is given it is overwritten with the expected counts N_jlk under the
   * posterior over the unobserved variables.
   *
   * @param theta flat parameters (not modified)
   * @param expectedCounts output array of {@link DagStructure#tableSize()} entries (modified), or
   *     {@code null}
   */
  public double eStep(double[] theta, double[] expectedCounts) {
    double ll = 0;
    for (int i : knownIndices) {
      ll += knownCounts[i] * Math.log(theta[i]);
    }
    if (expectedCounts != null) {
      System.arraycopy(knownCounts, 0, expectedCounts, 0, knownCounts.length);
    }
    double[] w = new double[maxConfigurations];
    for (Pattern pat : patterns) {
      ll += eStepPattern(pat, theta, expectedCounts, w);
    }
    return ll;
  }

  private static final double LN2 = Math.log(2);

  /**
   * The E step over one pattern's rows. Every number is computed as by the plain loops (per row, for
   * each configuration c the product over the families t in ascending order, starting from 1; z summed
   * over c ascending; then for each c and t the count entry of (t, c) increased by w_c · scale), but the
   * configurations are taken four at a time, their four products in locals with the families in the
   * inner loop ({@code w0 *= θ[base_t + offset_t(c)]}, …, reading the family-major offsets): each
   * configuration keeps its order of multiplications, and four independent chains run side by side.
   * The counts are added four configurations at a time with the families inside too: the entries of
   * different families are different (each family has its own table), so each entry still receives
   * its additions in the order (row, c) as before. The old loops skipped w_c · scale = 0; adding it
   * instead changes no bit, since no count entry is ever −0 (they start at +0 or a positive weight, and
   * a sum is −0 only when both terms are), and x + (±0) = x for every other x.
   * HiddenStateEnumerationBitIdentityTest checks all of this against a copy of the old loops.
   */
  private static double eStepPattern(Pattern pat, double[] theta, double[] counts, double[] w) {
    final int ni = pat.involved.length;
    final int nc = pat.configurations;
    if (nc == 4) {
      return eStepPattern4(pat, theta, counts);
    }
    final int blocked = nc & ~3; // configurations taken four at a time, the rest one at a time
    final int[] cfg = pat.configOffsetByFamily;
    final int[] base = pat.rowBase;
    final double[] rowCount = pat.rowCount;
    RowLogSum ll = new RowLogSum();
    for (int r = 0; r < rowCount.length; r++) {
      final int b = r * ni;
      double z = 0;
      int c = 0;
      for (; c < blocked; c += 4) {
        double w0 = 1;
        double w1 = 1;
        double w2 = 1;
        double w3 = 1;
        for (int t = 0; t < ni; t++) {
          final int bt = base[b + t];
          final int o = t * nc + c;
          w0 *= theta[bt + cfg[o]];
          w1 *= theta[bt + cfg[o + 1]];
          w2 *= theta[bt + cfg[o + 2]];
          w3 *= theta[bt + cfg[o + 3]];
        }
        w[c] = w0;
        w[c + 1] = w1;
        w[c + 2] = w2;
        w[c + 3] = w3;
        z += w0;
        z += w1;
        z += w2;
        z += w3;
      }
      for (; c < nc; c++) {
        double prod = 1;
        for (int t = 0; t < ni; t++) {
          prod *= theta[base[b + t] + cfg[t * nc + c]];
        }
        w[c] = prod;
        z += prod;
      }
      double n = rowCount[r];
      double scale;
      if (z >= UNDERFLOW_GUARD && z < Double.POSITIVE_INFINITY) {
        ll.add(n, z);
        scale = n / z;
      } else {
        double logZ = logSpaceRow(theta, base, b, cfg, ni, nc, w);
        ll.addLog(n, logZ);
        if (logZ == Double.NEGATIVE_INFINITY) {
          continue; // impossible row under θ: likelihood −∞, no posterior to count
        }
        scale = n;
      }
      if (counts != null) {
        c = 0;
        for (; c < blocked; c += 4) {
          final double w0 = w[c] * scale;
          final double w1 = w[c + 1] * scale;
          final double w2 = w[c + 2] * scale;
          final double w3 = w[c + 3] * scale;
          for (int t = 0; t < ni; t++) {
            final int bt = base[b + t];
            final int o = t * nc + c;
            counts[bt + cfg[o]] += w0;
            counts[bt + cfg[o + 1]] += w1;
            counts[bt + cfg[o + 2]] += w2;
            counts[bt + cfg[o + 3]] += w3;
          }
        }
        for (; c < nc; c++) {
          final double wc = w[c] * scale;
          for (int t = 0; t < ni; t++) {
            counts[base[b + t] + cfg[t * nc + c]] += wc;
          }
        }
      }
    }
    return ll.value();
  }

  /**
   * {@link #eStepPattern} for four configurations (two binary hidden variables and no missing cell,
   * the case of Beal's study), with the four products in locals: the same operations in the same
   * order. Three things are done once where the plain loops repeat them, each leaving every number
   * as it was:
   *
   * <ul>
   *   <li>Each row's entries (its base plus each configuration's offset, per family) are added up
   *       once, when the pattern is compiled ({@link Pattern#rowEntries}), and read in sequence.
   *   <li>The shared families' factors ({@link Pattern#sharedFamilies}) are multiplied once, not once
   *       per row: every row's products start from the same partial products, formed in the same
   *       order.
   *   <li>When the first two families are shared and pair the configurations ({@link
   *       Pattern#sharedPairing}), their four count entries, the same in every row, are kept in
   *       locals for the whole pattern and stored once at the end: each still receives its additions
   *       in the order (row, c), and no other family writes to them (each family has its own table).
   * </ul>
   *
   * <p>(Reading a pairing family's two distinct entries once each, in the products and in the
   * counts, was measured slower: the branch on each family's kind costs more than the loads saved.)
   */
  private static double eStepPattern4(Pattern pat, double[] theta, double[] counts) {
    final int ni = pat.involved.length;
    final int[] cfg = pat.configOffsetByFamily;
    final int[] base = pat.rowBase;
    final double[] rowCount = pat.rowCount;
    final byte[] pairing = counts == null ? null : pat.sharedPairing;
    final int[] entries = pat.rowEntries;
    final boolean anyShared = pat.sharedFamilies > 0;
    final int from = Math.max(1, pat.sharedFamilies); // the first family's factor starts each product
    double p0 = theta[base[0] + cfg[0]];
    double p1 = theta[base[0] + cfg[1]];
    double p2 = theta[base[0] + cfg[2]];
    double p3 = theta[base[0] + cfg[3]];
    for (int t = 1; t < from; t++) {
      final int bt = base[t];
      final int o = 4 * t;
      p0 *= theta[bt + cfg[o]];
      p1 *= theta[bt + cfg[o + 1]];
      p2 *= theta[bt + cfg[o + 2]];
      p3 *= theta[bt + cfg[o + 3]];
    }
    final boolean inLocals = pairing != null;
    final boolean firstAcross = inLocals && pairing[0] == PAIRS_01;
    final boolean secondAcross = inLocals && pairing[1] == PAIRS_01;
    final int ea0 = inLocals ? base[0] + cfg[0] : 0;
    final int ea1 = inLocals ? base[0] + cfg[3] : 0;
    final int eb0 = inLocals ? base[1] + cfg[4] : 0;
    final int eb1 = inLocals ? base[1] + cfg[7] : 0;
    double a0 = inLocals ? counts[ea0] : 0;
    double a1 = inLocals ? counts[ea1] : 0;
    double b0 = inLocals ? counts[eb0] : 0;
    double b1 = inLocals ? counts[eb1] : 0;
    final int countsFrom = inLocals ? 2 : 0;
    RowLogSum ll = new RowLogSum();
    double[] w = null;
    for (int r = 0; r < rowCount.length; r++) {
      final int b = r * ni;
      double w0 = p0;
      double w1 = p1;
      double w2 = p2;
      double w3 = p3;
      if (!anyShared) {
        final int first = base[b];
        w0 = theta[first + cfg[0]];
        w1 = theta[first + cfg[1]];
        w2 = theta[first + cfg[2]];
        w3 = theta[first + cfg[3]];
      }
      for (int k = 4 * (b + from), end = 4 * (b + ni); k < end; k += 4) {
        w0 *= theta[entries[k]];
        w1 *= theta[entries[k + 1]];
        w2 *= theta[entries[k + 2]];
        w3 *= theta[entries[k + 3]];
      }
      double z = 0;
      z += w0;
      z += w1;
      z += w2;
      z += w3;
      double n = rowCount[r];
      double scale;
      if (z >= UNDERFLOW_GUARD && z < Double.POSITIVE_INFINITY) {
        ll.add(n, z);
        scale = n / z;
      } else {
        if (w == null) {
          w = new double[4];
        }
        double logZ = logSpaceRow(theta, base, b, cfg, ni, 4, w);
        ll.addLog(n, logZ);
        if (logZ == Double.NEGATIVE_INFINITY) {
          continue;
        }
        w0 = w[0];
        w1 = w[1];
        w2 = w[2];
        w3 = w[3];
        scale = n;
      }
      if (counts != null) {
        w0 *= scale;
        w1 *= scale;
        w2 *= scale;
        w3 *= scale;
        if (inLocals) {
          // c = 0 goes to the first entry and c = 3 to the second; c = 1 and c = 2 to the first and
          // second when the family pairs {0, 1} and {2, 3}, the other way round when {0, 2} and {1, 3}
          a0 += w0;
          a0 += firstAcross ? w1 : w2;
          a1 += firstAcross ? w2 : w1;
          a1 += w3;
          b0 += w0;
          b0 += secondAcross ? w1 : w2;
          b1 += secondAcross ? w2 : w1;
          b1 += w3;
        }
        for (int k = 4 * (b + countsFrom), end = 4 * (b + ni); k < end; k += 4) {
          counts[entries[k]] += w0;
          counts[entries[k + 1]] += w1;
          counts[entries[k + 2]] += w2;
          counts[entries[k + 3]] += w3;
        }
      }
    }
    if (inLocals) {
      counts[ea0] = a0;
      counts[ea1] = a1;
      counts[eb0] = b0;
      counts[eb1] = b1;
    }
    return ll.value();
  }

  /**
   * {@code Σ_r n_r ln z_r} over a pattern's rows, added in row order: a row seen once (n = 1, the
   * usual case) multiplies into a running product kept in [1, 2) × 2^exponent, logged once at the
   * end (one log per pattern instead of one per row); any other row adds n ln z at once.
   */
  private static final class RowLogSum {
    private double sum;
    private double product = 1;
    private long exponent;

    void add(double n, double z) {
      if (n == 1) {
        product *= z;
        int e = (int) ((Double.doubleToRawLongBits(product) >>> 52) & 0x7ff) - 1023;
        exponent += e;
        product *= Double.longBitsToDouble((long) (1023 - e) << 52);
      } else {
        sum += n * Math.log(z);
      }
    }

    /** A row whose ln z was found in log space. */
    void addLog(double n, double logZ) {
      sum += n * logZ;
    }

    double value() {
      return sum + Math.log(product) + exponent * LN2;
    }
  }

  /**
   * The log-space fallback for a row whose product underflowed (many tiny probabilities): writes
   * each configuration's posterior probability into {@code w[0..nc)} and returns ln z. Each
   * configuration's log sum runs over the families in ascending order, from 0.
   */
  private static double logSpaceRow(double[] theta, int[] base, int b, int[] cfg, int ni, int nc, double[] w) {
    for (int c = 0; c < nc; c++) {
      double s = 0;
      for (int t = 0; t < ni; t++) {
        s += Math.log(theta[base[b + t] + cfg[t * nc + c]]);
      }
      w[c] = s;
    }
    double logZ = LogSpace.logSumExp(w, 0, nc);
    if (logZ != Double.NEGATIVE_INFINITY) {
      for (int c = 0; c < nc; c++) {
        w[c] = Math.exp(w[c] - logZ);
      }
    }
    return logZ;
  }

  /** The compiled rows with unobserved variables, by pattern (not copies: do not modify). */
  Pattern[] patterns() {
    return patterns;
  }

  /** {@code ln p(y | θ)} without counts. */
  public double logLikelihood(double[] theta) {
    return eStep(theta, null);
  }
}
