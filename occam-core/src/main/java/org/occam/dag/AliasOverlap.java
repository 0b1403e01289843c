package org.occam.dag;

import java.util.ArrayList;
import java.util.List;
import org.occam.math.GammaFunctions;
import org.occam.math.LogSpace;

/**
 * How much of Beal's alias correction ln S a posterior earns: the S relabellings of the hidden
 * states (section 6.3.2) give S aliases of a posterior only where they are distinct and do not
 * overlap. On degenerate data — one row, identical rows — every state of a hidden variable is
 * fitted to the same rows, the aliases coincide, and adding ln S lifts a score above the exact
 * evidence (Beal's VB and CS then exceed ln p(y | m), BIC exceeds 0).
 *
 * <p>For a posterior {@code q(θ) = Π_jl Dir(θ_jl | a_jl)} — the VBEM posterior, or the complete-data
 * posterior {@code Dir(λ + ŝ)} of the Cheeseman–Stutz score — the mixture of its S relabellings
 * {@code q_g} has entropy at least {@code H(q) + ln S − ln Σ_g BC(q, q_g)}, where BC is the
 * Bhattacharyya coefficient (Kolchinsky &amp; Tracey 2017, "Estimating mixture entropy with
 * pairwise distances", the Chernoff-α bound at α = ½). The expected log joint is the same under
 * every relabelling, so for any bound F = E_q[ln p(y, s, θ)] + H(q) (the VB bound, and CS, which is
 * F at q(s) = p(s | y, θ̂), q(θ) = Dir(λ + ŝ))
 *
 * <pre>  F + ln S_eff ≤ ln p(y | m),   ln S_eff = ln S − ln Σ_g BC(q, q_g)  ∈ [0, ln S]</pre>
 *
 * <p>(the bound on the joint mixture over θ and s is at least this one, since the coefficients of
 * the s-part are at most 1). Well separated aliases have BC ≈ 0 for every g but the identity, so
 * ln S_eff = ln S; coinciding ones have BC = 1 for all g, so ln S_eff = 0. For two Dirichlets,
 * {@code BC = B((a + b)/2) / √(B(a) B(b))} with B the multivariate Beta function; over a product of
 * CPT rows the coefficients multiply. Only rows of observed and likelihood-relevant hidden variables
 * are compared (the others' coefficients are at most 1, so leaving them out keeps the bound).
 *
 * <p>The group is enumerated: up to {@link #MAX_ENUMERATED} elements (7! — a latent class with 7
 * states takes ~0.1 s per posterior, 8! ~2.5 s); beyond that the overlap is not checked, Beal's
 * ln S is added and the result says so ({@code aliasOverlapChecked} false).
 *
 * @param logEffectiveCount ln S_eff, the correction earned (ln S when not checked)
 * @param checked whether the overlap was computed (false when the group was too large to enumerate)
 * @param groupSize the number of relabellings compared (S)
 */
public record AliasOverlap(double logEffectiveCount, boolean checked, long groupSize) {
  /** The largest number of relabellings enumerated. */
  public static final long MAX_ENUMERATED = 5_040;

  /**
   * The overlap of the aliases of {@code q(θ) = Π Dir(a_jl)}.
   *
   * @param s the structure
   * @param alias its alias count
   * @param dirichlet the posterior's Dirichlet parameters a, flat in the structure's layout (not
   *     modified)
   */
  public static AliasOverlap of(DagStructure s, AliasCount alias, double[] dirichlet) {
    if (alias.log() == 0) {
      return new AliasOverlap(0, true, 1);
    }
    if (alias.count().bitLength() > 62 || alias.count().longValue() > MAX_ENUMERATED) {
      return new AliasOverlap(alias.log(), false, alias.count().bitLength() > 62 ? Long.MAX_VALUE
          : alias.count().longValue());
    }
    List<int[]> cellMaps = relabellings(s);
    boolean[] compared = comparedVariables(s);
    double[] logBc = new double[cellMaps.size()];
    double[] moved = new double[dirichlet.length];
    for (int g = 0; g < cellMaps.size(); g++) {
      int[] map = cellMaps.get(g);
      for (int c = 0; c < map.length; c++) {
        moved[map[c]] = dirichlet[c];
      }
      double sum = 0;
      for (int j = 0; j < s.size(); j++) {
        if (!compared[j]) {
          continue;
        }
        int k = s.cardinality(j);
        for (int l = 0; l < s.parentConfigurations(j); l++) {
          sum += logBhattacharyya(dirichlet, moved, s.offset(j) + l * k, k);
        }
      }
      logBc[g] = Math.min(0, sum);
    }
    double logEff = alias.log() - LogSpace.logSumExp(logBc);
    return new AliasOverlap(Math.max(0, Math.min(alias.log(), logEff)), true, cellMaps.size());
  }

  /** ln BC(Dir(a), Dir(b)) for one row of k entries from {@code from}. */
  static double logBhattacharyya(double[] a, double[] b, int from, int k) {
    boolean same = true;
    for (int x = 0; x < k && same; x++) {
      same = a[from + x] == b[from + x];
    }
    if (same) {
      return 0;
    }
    double mid = 0;
    double half = 0;
    double sumA = 0;
    double sumB = 0;
    for (int x = 0; x < k; x++) {
      double ax = a[from + x];
      double bx = b[from + x];
      mid += GammaFunctions.logGamma(0.5 * (ax + bx));
      half += 0.5 * (GammaFunctions.logGamma(ax) + GammaFunctions.logGamma(bx));
      sumA += ax;
      sumB += bx;
    }
    mid -= GammaFunctions.logGamma(0.5 * (sumA + sumB));
    half -= 0.5 * (GammaFunctions.logGamma(sumA) + GammaFunctions.logGamma(sumB));
    return mid - half;
  }

  /** Observed variables and hidden ones with an observed descendant. */
  private static boolean[] comparedVariables(DagStructure s) {
    boolean[] compared = new boolean[s.size()];
    for (int j : s.observedVariables()) {
      compared[j] = true;
    }
    for (int j : AliasCount.relevantHidden(s)) {
      compared[j] = true;
    }
    return compared;
  }

  /**
   * Every relabelling g = (π, σ) — a structure-preserving permutation π of the relevant hidden
   * variables and a permutation σ_j of the states of each — as a map of CPT cells: the cell of
   * θ_v at family states x goes to the cell of θ_π(v) at the relabelled states, so that
   * p(x | θ) = p(g x | g θ). Cells of irrelevant hidden variables stay put.
   */
  static List<int[]> relabellings(DagStructure s) {
    List<Integer> relevant = AliasCount.relevantHidden(s);
    List<List<int[]>> statePerms = new ArrayList<>();
    for (int j : relevant) {
      statePerms.add(permutations(s.cardinality(j)));
    }
    List<int[]> out = new ArrayList<>();
    for (int[] image : AliasCount.relevantAutomorphisms(s)) {
      int[] choice = new int[relevant.size()];
      while (true) {
        int[][] sigma = new int[s.size()][];
        for (int i = 0; i < relevant.size(); i++) {
          sigma[relevant.get(i)] = statePerms.get(i).get(choice[i]);
        }
        out.add(cellMap(s, image, sigma));
        int i = 0;
        while (i < choice.length && ++choice[i] == statePerms.get(i).size()) {
          choice[i++] = 0;
        }
        if (i == choice.length) {
          break;
        }
      }
    }
    return out;
  }

  private static int[] cellMap(DagStructure s, int[] image, int[][] sigma) {
    int[] map = new int[s.tableSize()];
    int[] x = new int[s.size()];
    int[] y = new int[s.size()];
    for (int v = 0; v < s.size(); v++) {
      int k = s.cardinality(v);
      int[] pa = s.parents(v);
      for (int c = 0; c < s.parentConfigurations(v) * k; c++) {
        x[v] = c % k;
        int l = c / k;
        for (int a = pa.length - 1; a >= 0; a--) {
          x[pa[a]] = l % s.cardinality(pa[a]);
          l /= s.cardinality(pa[a]);
        }
        y[image[v]] = sigma[v] == null ? x[v] : sigma[v][x[v]];
        for (int q : pa) {
          y[image[q]] = sigma[q] == null ? x[q] : sigma[q][x[q]];
        }
        map[s.offset(v) + c] = s.flatIndex(image[v], y);
      }
    }
    return map;
  }

  /** All permutations of 0..k−1, the identity first. */
  private static List<int[]> permutations(int k) {
    List<int[]> out = new ArrayList<>();
    permute(new int[k], new boolean[k], 0, out);
    return out;
  }

  private static void permute(int[] current, boolean[] used, int at, List<int[]> out) {
    if (at == current.length) {
      out.add(current.clone());
      return;
    }
    for (int x = 0; x < current.length; x++) {
      if (!used[x]) {
        used[x] = true;
        current[at] = x;
        permute(current, used, at + 1, out);
        used[x] = false;
      }
    }
  }
}
