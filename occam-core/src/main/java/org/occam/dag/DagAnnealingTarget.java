package org.occam.dag;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.numbers.gamma.LogGamma;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.GammaVariates;
import org.occam.sampling.AnnealedImportanceSampler;
import org.occam.sampling.AnnealingSchedule;

/**
 * Annealed importance sampling over the CPTs of a DAG (Beal 2003, section 6.3.5, Algorithm 6.1):
 * the {@link AnnealedImportanceSampler} target with {@code f_k(θ) = p(θ | m) p(y | θ)^τ(k)}.
 *
 * <p>Each temperature makes one Metropolis–Hastings sweep. By default every CPT row in turn gets a
 * proposal {@code θ'_jl ~ Dir(α θ_jl)} centred on the current row, accepted with probability
 * {@code min(1, f(θ')/f(θ) · Dir(θ_jl | α θ'_jl)/Dir(θ'_jl | α θ_jl))} (6.59, Hastings ratio
 * included: the proposal is not symmetric). Proposing one row at a time lets the likelihood
 * update incrementally: the products {@code Π_j θ(z_j | z_pa)} of every (distinct row, hidden
 * configuration) pair are kept, and a move recomputes only those that use the changed row, then
 * the affected rows' normalisers. Beal's original move — all rows proposed at once and the
 * likelihood recomputed — is the {@link Proposal#ALL_AT_ONCE} option.
 *
 * <p>The proposal strength is fixed (Beal's runs) or {@code α = α₀ + n τ(k) / L_j} (his section
 * 6.5.1 suggestion: the posterior precision of a row grows with the data it sees, n τ spread over
 * the L_j parent configurations of variable j). A proposal with a component below the smallest
 * normal double is rejected (its density cannot be evaluated); rows whose likelihood underflows
 * make the chain fall back to full log-space recomputation.
 */
public final class DagAnnealingTarget implements AnnealedImportanceSampler.Target {
  /** How a sweep proposes. */
  public enum Proposal {
    /** One proposal per CPT row, incremental likelihood (default). */
    ROW_SWEEP,
    /** One proposal for all rows together (Beal's runs). */
    ALL_AT_ONCE
  }

  /**
   * @param steps K, the number of temperatures (Beal: 16384)
   * @param scheduleE e_τ of Beal's schedule (0.2)
   * @param runs G, independent runs averaged (Beal: 5)
   * @param proposal row sweep or all at once
   * @param scaledStrength α = α₀ + nτ/L_j instead of a fixed α
   * @param strength α (fixed) or α₀ (scaled)
   */
  public record Settings(int steps, double scheduleE, int runs, Proposal proposal, boolean scaledStrength,
      double strength) {
    /** Beal's number of temperatures. */
    public static final int DEFAULT_STEPS = 16384;
    /** Beal's e_τ. */
    public static final double DEFAULT_SCHEDULE_E = 0.2;
    /** Beal's number of runs averaged. */
    public static final int DEFAULT_RUNS = 5;
    /** α₀ of the scaled proposal strength. */
    public static final double DEFAULT_STRENGTH = 10.0;

    public Settings {
      if (steps < 1 || runs < 1 || !(scheduleE > 0) || !(strength > 0)) {
        throw new IllegalArgumentException("AIS needs steps >= 1, runs >= 1, e > 0 and strength > 0");
      }
    }

    /** K = 16384, e = 0.2, G = 5, row sweeps, α = 10 + nτ/L_j. */
    public static Settings defaults() {
      return new Settings(DEFAULT_STEPS, DEFAULT_SCHEDULE_E, DEFAULT_RUNS, Proposal.ROW_SWEEP, true, DEFAULT_STRENGTH);
    }

    public AnnealingSchedule schedule() {
      return AnnealingSchedule.beal(steps, scheduleE);
    }

    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("steps", steps);
      m.put("schedule", schedule().toString());
      m.put("runs", runs);
      m.put("proposal", proposal.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
      m.put("strength", scaledStrength ? "alpha0 + n*tau/L_j with alpha0 = " + strength : "fixed " + strength);
      m.put("transitionsPerTemperature", "one Metropolis-Hastings sweep");
      return m;
    }
  }

  private static final double UNDERFLOW_GUARD = 1e-250;

  private final HiddenStateEnumeration data;
  private final DirichletPrior prior;
  private final Settings settings;
  private final DagStructure s;
  // Known (fully observed) part
  private final double[] knownCounts;
  private final int[] knownCells;
  // (distinct row, configuration) pairs
  private final double[] rowWeight; // n_g
  private final int[] pairStart; // per g, CSR into pairs
  private final int[] pairCellStart; // per pair, CSR into pairCells
  private final int[] pairCells;
  private final int[] pairRow;
  private final int[] cellPairStart; // per cell, CSR into cellPairs
  private final int[] cellPairs;

  public DagAnnealingTarget(HiddenStateEnumeration data, DirichletPrior prior, Settings settings) {
    this.data = data;
    this.prior = prior;
    this.settings = settings;
    this.s = data.structure();
    knownCounts = data.completeCounts();
    knownCells = java.util.stream.IntStream.range(0, knownCounts.length).filter(i -> knownCounts[i] != 0).toArray();
    int g = 0;
    int pairs = 0;
    int cells = 0;
    for (var p : data.patterns()) {
      g += p.rowCount.length;
      pairs += p.rowCount.length * p.configurations;
      cells += p.rowCount.length * p.configurations * p.involved.length;
    }
    rowWeight = new double[g];
    pairStart = new int[g + 1];
    pairCellStart = new int[pairs + 1];
    pairCells = new int[cells];
    pairRow = new int[pairs];
    int[] cellUse = new int[s.tableSize()];
    int gi = 0;
    int q = 0;
    int c0 = 0;
    for (var p : data.patterns()) {
      int ni = p.involved.length;
      for (int i = 0; i < p.rowCount.length; i++, gi++) {
        rowWeight[gi] = p.rowCount[i];
        pairStart[gi] = q;
        for (int c = 0; c < p.configurations; c++, q++) {
          pairRow[q] = gi;
          pairCellStart[q] = c0;
          for (int t = 0; t < ni; t++) {
            int cell = p.rowBase[i * ni + t] + p.configOffset[c * ni + t];
            pairCells[c0++] = cell;
            cellUse[cell]++;
          }
        }
      }
    }
    pairStart[g] = q;
    pairCellStart[pairs] = c0;
    cellPairStart = new int[s.tableSize() + 1];
    for (int i = 0; i < s.tableSize(); i++) {
      cellPairStart[i + 1] = cellPairStart[i] + cellUse[i];
    }
    cellPairs = new int[cellPairStart[s.tableSize()]];
    int[] fill = Arrays.copyOf(cellPairStart, s.tableSize());
    for (int pq = 0; pq < pairs; pq++) {
      for (int a = pairCellStart[pq]; a < pairCellStart[pq + 1]; a++) {
        cellPairs[fill[pairCells[a]]++] = pq;
      }
    }
  }

  public Settings settings() {
    return settings;
  }

  /** A draw from the prior: every CPT row from its Dirichlet. */
  @Override
  public AnnealedImportanceSampler.Chain start(UniformRandomProvider rng) {
    return new Chain(rng);
  }

  private static double logDirichlet(double alpha, double[] mean, int meanFrom, double[] x, int xFrom, int k) {
    double s = LogGamma.value(alpha);
    for (int i = 0; i < k; i++) {
      double a = alpha * mean[meanFrom + i];
      s += (a - 1) * Math.log(x[xFrom + i]) - LogGamma.value(a);
    }
    return s;
  }

  final class Chain implements AnnealedImportanceSampler.Chain {
    private final UniformRandomProvider rng;
    private final GammaVariates gamma;
    private double[] theta;
    private double[] w;
    private double[] z;
    private double logLikelihood;
    private long accepted;
    private long proposed;
    private boolean slow;
    private int sinceRefresh;
    // scratch
    private final double[] oldRow;
    private final double[] alphaRow;
    private final double[] proposalRow;
    private final double[] newW;
    private final int[] touchedPairs;
    private final double[] dz;
    private final boolean[] marked;
    private final int[] touchedRows;
    private double[] proposalTheta;

    Chain(UniformRandomProvider rng) {
      this.rng = rng;
      this.gamma = new GammaVariates(rng);
      int maxK = s.variables().stream().mapToInt(v -> v.cardinality()).max().orElse(1);
      oldRow = new double[maxK];
      alphaRow = new double[maxK];
      proposalRow = new double[maxK];
      newW = new double[pairRow.length];
      touchedPairs = new int[pairRow.length];
      dz = new double[rowWeight.length];
      marked = new boolean[rowWeight.length];
      touchedRows = new int[rowWeight.length];
      theta = new double[s.tableSize()];
      for (int r = 0; r < s.cptRows(); r++) {
        int k = s.cardinality(s.rowVariable(r));
        Arrays.fill(alphaRow, 0, k, prior.lambda(s.rowVariable(r)));
        while (!gamma.dirichlet(alphaRow, k, theta, s.rowStart(r))) {
          // a component underflowed: redraw (measure-zero event for the prior itself)
        }
      }
      w = new double[pairRow.length];
      z = new double[rowWeight.length];
      refresh();
    }

    /** Recomputes every product, normaliser and the log likelihood from θ. */
    private void refresh() {
      slow = false;
      for (int q = 0; q < w.length; q++) {
        double prod = 1;
        for (int a = pairCellStart[q]; a < pairCellStart[q + 1]; a++) {
          prod *= theta[pairCells[a]];
        }
        w[q] = prod;
      }
      double ll = 0;
      for (int i : knownCells) {
        ll += knownCounts[i] * Math.log(theta[i]);
      }
      for (int g = 0; g < z.length; g++) {
        double sum = 0;
        for (int q = pairStart[g]; q < pairStart[g + 1]; q++) {
          sum += w[q];
        }
        z[g] = sum;
        slow |= !(sum >= UNDERFLOW_GUARD);
        ll += rowWeight[g] * Math.log(sum);
      }
      logLikelihood = slow ? data.logLikelihood(theta) : ll;
      sinceRefresh = 0;
    }

    @Override
    public double logLikelihood() {
      return logLikelihood;
    }

    /** The current parameters (a copy; for tests). */
    double[] parameters() {
      return theta.clone();
    }

    @Override
    public long accepted() {
      return accepted;
    }

    @Override
    public long proposed() {
      return proposed;
    }

    private double strength(int row, double tau) {
      return settings.scaledStrength()
          ? settings.strength() + data.dataSize() * tau / s.parentConfigurations(s.rowVariable(row))
          : settings.strength();
    }

    @Override
    public void transition(double tau) {
      if (settings.proposal() == Proposal.ALL_AT_ONCE) {
        allAtOnce(tau);
      } else {
        for (int r = 0; r < s.cptRows(); r++) {
          if (s.cardinality(s.rowVariable(r)) > 1) {
            rowMove(r, tau);
          }
        }
      }
      if (++sinceRefresh >= 256) {
        refresh();
      }
    }

    private void rowMove(int r, double tau) {
      proposed++;
      int from = s.rowStart(r);
      int k = s.cardinality(s.rowVariable(r));
      double alpha = strength(r, tau);
      System.arraycopy(theta, from, oldRow, 0, k);
      for (int x = 0; x < k; x++) {
        alphaRow[x] = alpha * oldRow[x];
      }
      double[] proposal = proposalRow;
      if (!gamma.dirichlet(alphaRow, k, proposal, 0)) {
        return;
      }
      double logHastings = logDirichlet(alpha, proposal, 0, oldRow, 0, k) - logDirichlet(alpha, oldRow, 0, proposal, 0, k);
      double lambda = prior.lambda(s.rowVariable(r));
      double logPrior = 0;
      double deltaKnown = 0;
      for (int x = 0; x < k; x++) {
        double d = Math.log(proposal[x]) - Math.log(oldRow[x]);
        logPrior += (lambda - 1) * d;
        deltaKnown += knownCounts[from + x] * d;
      }
      System.arraycopy(proposal, 0, theta, from, k);
      double delta;
      int nPairs = 0;
      int nRows = 0;
      if (slow) {
        delta = data.logLikelihood(theta) - logLikelihood;
      } else {
        delta = deltaKnown;
        for (int x = 0; x < k; x++) {
          int cell = from + x;
          for (int a = cellPairStart[cell]; a < cellPairStart[cell + 1]; a++) {
            int q = cellPairs[a];
            double prod = 1;
            for (int b = pairCellStart[q]; b < pairCellStart[q + 1]; b++) {
              prod *= theta[pairCells[b]];
            }
            newW[nPairs] = prod;
            touchedPairs[nPairs++] = q;
            int g = pairRow[q];
            if (!marked[g]) {
              marked[g] = true;
              dz[g] = 0;
              touchedRows[nRows++] = g;
            }
            dz[g] += prod - w[q];
          }
        }
        for (int i = 0; i < nRows; i++) {
          int g = touchedRows[i];
          double zNew = z[g] + dz[g];
          if (!(zNew >= UNDERFLOW_GUARD)) {
            delta = Double.NaN; // underflow: decide in log space below
            break;
          }
          delta += rowWeight[g] * Math.log(zNew / z[g]);
        }
        if (Double.isNaN(delta)) {
          delta = data.logLikelihood(theta) - logLikelihood;
        }
      }
      double logAccept = tau * delta + logPrior + logHastings;
      boolean accept = logAccept >= 0 || Math.log(rng.nextDouble()) < logAccept;
      if (accept && delta > Double.NEGATIVE_INFINITY) {
        accepted++;
        logLikelihood += delta;
        if (!slow) {
          for (int i = 0; i < nPairs; i++) {
            w[touchedPairs[i]] = newW[i];
          }
          for (int i = 0; i < nRows; i++) {
            int g = touchedRows[i];
            double sum = 0;
            for (int q = pairStart[g]; q < pairStart[g + 1]; q++) {
              sum += w[q];
            }
            z[g] = sum;
            slow |= !(sum >= UNDERFLOW_GUARD);
          }
        }
      } else {
        System.arraycopy(oldRow, 0, theta, from, k);
      }
      for (int i = 0; i < nRows; i++) {
        marked[touchedRows[i]] = false;
      }
    }

    private void allAtOnce(double tau) {
      proposed++;
      if (proposalTheta == null) {
        proposalTheta = new double[theta.length];
      }
      double logRatio = 0;
      for (int r = 0; r < s.cptRows(); r++) {
        int from = s.rowStart(r);
        int k = s.cardinality(s.rowVariable(r));
        if (k == 1) {
          proposalTheta[from] = 1.0;
          continue;
        }
        double alpha = strength(r, tau);
        for (int x = 0; x < k; x++) {
          alphaRow[x] = alpha * theta[from + x];
        }
        if (!gamma.dirichlet(alphaRow, k, proposalTheta, from)) {
          return;
        }
        logRatio += logDirichlet(alpha, proposalTheta, from, theta, from, k)
            - logDirichlet(alpha, theta, from, proposalTheta, from, k);
        double lambda = prior.lambda(s.rowVariable(r));
        for (int x = 0; x < k; x++) {
          logRatio += (lambda - 1) * (Math.log(proposalTheta[from + x]) - Math.log(theta[from + x]));
        }
      }
      double newLogLikelihood = data.logLikelihood(proposalTheta);
      double delta = newLogLikelihood - logLikelihood;
      double logAccept = tau * delta + logRatio;
      if (logAccept >= 0 || Math.log(rng.nextDouble()) < logAccept) {
        accepted++;
        double[] t = theta;
        theta = proposalTheta;
        proposalTheta = t;
        refresh();
      }
    }
  }
}
