package org.occam.dag;

import org.occam.data.InvalidInputException;
import org.apache.commons.numbers.gamma.LogGamma;

/**
 * The exact evidence {@code ln p(y | m)} of a discrete DAG with hidden variables or missing cells
 * (Beal 2003, eqn 6.12): the complete-data marginal likelihood (6.9) summed over every completion
 * of the unobserved variables of every data point.
 *
 * <p>Identical rows are grouped: for a distinct row seen n_r times whose unobserved variables have
 * C_r joint configurations, only how many copies take each configuration matters (the counts are
 * exchangeable), so the row contributes the compositions m of n_r into C_r parts, each with
 * multinomial weight {@code n_r! / Π_c m_c!}. The number of terms is
 * {@code Π_r binom(n_r + C_r − 1, C_r − 1)}, estimated before any work and refused above a limit.
 * Along the depth-first enumeration the complete-data evidence is updated one observation at a
 * time by the Pólya-urn identity: adding an observation to cell (j, l, k) adds
 * {@code ln(λ_j + N_jlk) − ln(λ⁰_j + N_jl)}.
 *
 * <p>Before counting terms, each row's barren variables are dropped ({@link
 * HiddenStateEnumeration#withoutBarrenNodes()}): unobserved variables with no observed descendant
 * in that row. With this row last in the Pólya-urn order (the data are exchangeable), the sum of a
 * barren leaf's predictive over its states is 1, so a barren family contributes a factor 1 and
 * nothing else; dropping them leaves the sum exact and can shrink it enormously (a naive-Bayes model
 * whose missing cells are all leaves has one term).
 *
 * <p>Counts must be whole numbers. The cost grows exponentially with n, so this is ground truth for
 * small data sets, not a score for large ones.
 */
public final class ExactEvidence {
  /** The default most terms summed. */
  public static final double DEFAULT_TERM_LIMIT = 2e8;

  private final DagStructure s;
  private final DirichletPrior prior;
  private final double[] counts;
  private final double[] rowCounts;
  private final int[][] rowCells; // per distinct unobserved row: [c * ni + t] flat cells
  private final int[] rowConfigs;
  private final int[] rowInvolved;
  private final int[] rowN;
  private final double[] logFactorial;
  private double max = Double.NEGATIVE_INFINITY;
  private double sum;

  /** @param data already without barren nodes */
  private ExactEvidence(HiddenStateEnumeration data, DirichletPrior prior) {
    this.s = data.structure();
    this.prior = prior;
    counts = data.completeCounts();
    rowCounts = new double[s.cptRows()];
    for (int i = 0; i < counts.length; i++) {
      rowCounts[s.rowOfCell(i)] += counts[i];
    }
    int rows = 0;
    for (var p : data.patterns()) {
      rows += p.rowCount.length;
    }
    rowCells = new int[rows][];
    rowConfigs = new int[rows];
    rowInvolved = new int[rows];
    rowN = new int[rows];
    int r = 0;
    int maxN = 0;
    for (var p : data.patterns()) {
      int ni = p.involved.length;
      for (int i = 0; i < p.rowCount.length; i++, r++) {
        double n = p.rowCount[i];
        if (n != Math.rint(n) || n > Integer.MAX_VALUE) {
          throw new InvalidInputException("exact evidence needs whole-number row counts, found " + n);
        }
        rowN[r] = (int) n;
        maxN = Math.max(maxN, rowN[r]);
        rowConfigs[r] = p.configurations;
        rowInvolved[r] = ni;
        int[] cells = new int[p.configurations * ni];
        for (int c = 0; c < p.configurations; c++) {
          for (int t = 0; t < ni; t++) {
            cells[c * ni + t] = p.rowBase[i * ni + t] + p.configOffset[c * ni + t];
          }
        }
        rowCells[r] = cells;
      }
    }
    logFactorial = new double[maxN + 1];
    for (int i = 2; i <= maxN; i++) {
      logFactorial[i] = logFactorial[i - 1] + Math.log(i);
    }
  }

  /**
   * The number of terms the exact sum has: {@code Π_r binom(n_r + C_r − 1, C_r − 1)} over distinct
   * rows with unobserved variables, C_r counting only the row's variables that are not barren
   * (as a double; it can be astronomically large).
   *
   * @param data the data as compiled for the other methods, or already without barren nodes
   */
  public static double termCount(HiddenStateEnumeration data) {
    double logTerms = 0;
    for (var p : data.withoutBarrenNodes().patterns()) {
      int c = p.configurations;
      for (double n : p.rowCount) {
        logTerms += LogGamma.value(n + c) - LogGamma.value(n + 1) - LogGamma.value(c);
      }
    }
    return Math.rint(Math.exp(logTerms));
  }

  /**
   * Refuses, with the number of terms in the message, a sum larger than {@code termLimit}.
   *
   * @throws IllegalArgumentException above the limit
   */
  public static void requireWithinLimit(HiddenStateEnumeration data, double termLimit) {
    double terms = termCount(data);
    if (terms > termLimit) {
      throw new InvalidInputException(String.format(java.util.Locale.ROOT,
          "exact evidence would sum %.3g terms (completions of the unobserved variables, grouped by distinct "
              + "row), more than the limit %.3g; use fewer rows or raise the limit", terms, termLimit));
    }
  }

  /**
   * {@code ln p(y | m)}, exactly.
   *
   * @param data the data as compiled for the other methods (each row's barren variables are dropped
   *     here), or already without barren nodes
   * @param termLimit the most terms to sum
   * @throws IllegalArgumentException above the limit (the message gives the number of terms), or
   *     for fractional counts
   */
  public static double logEvidence(HiddenStateEnumeration data, DirichletPrior prior, double termLimit) {
    requireWithinLimit(data, termLimit);
    ExactEvidence e = new ExactEvidence(data.withoutBarrenNodes(), prior);
    double start = CompleteDataEvidence.logEvidence(data.structure(), prior, e.counts);
    e.row(0, start);
    return e.max + Math.log(e.sum);
  }

  private void accumulate(double logTerm) {
    if (logTerm > max) {
      sum = sum * Math.exp(max - logTerm) + 1.0;
      max = logTerm;
    } else {
      sum += Math.exp(logTerm - max);
    }
  }

  /** Starts distinct row r. */
  private void row(int r, double value) {
    if (r == rowN.length) {
      accumulate(value);
      return;
    }
    config(r, 0, rowN[r], value + logFactorial[rowN[r]]);
  }

  /** Distributes {@code remaining} copies of row r over its configurations c, c+1, …. */
  private void config(int r, int c, int remaining, double value) {
    if (c == rowConfigs[r] - 1) {
      double v = value - logFactorial[remaining];
      for (int m = 0; m < remaining; m++) {
        v += add(r, c);
      }
      row(r + 1, v);
      for (int m = 0; m < remaining; m++) {
        remove(r, c);
      }
      return;
    }
    double v = value;
    int m = 0;
    while (true) {
      config(r, c + 1, remaining - m, v - logFactorial[m]);
      if (m == remaining) {
        break;
      }
      v += add(r, c);
      m++;
    }
    for (int i = 0; i < m; i++) {
      remove(r, c);
    }
  }

  /** Adds one copy of row r in configuration c; returns the change of ln p(z | m). */
  private double add(int r, int c) {
    int ni = rowInvolved[r];
    int[] cells = rowCells[r];
    double delta = 0;
    for (int t = 0; t < ni; t++) {
      int i = cells[c * ni + t];
      int row = s.rowOfCell(i);
      int j = s.rowVariable(row);
      double lambda = prior.lambda(j);
      delta += Math.log(lambda + counts[i]) - Math.log(s.cardinality(j) * lambda + rowCounts[row]);
      counts[i] += 1;
      rowCounts[row] += 1;
    }
    return delta;
  }

  private void remove(int r, int c) {
    int ni = rowInvolved[r];
    int[] cells = rowCells[r];
    for (int t = ni - 1; t >= 0; t--) {
      int i = cells[c * ni + t];
      counts[i] -= 1;
      rowCounts[s.rowOfCell(i)] -= 1;
    }
  }
}
