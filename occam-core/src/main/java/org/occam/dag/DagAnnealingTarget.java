package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.GammaFunctions;
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
   * @param reverse whether each run is followed by a reverse run (twice the time) for the
   *     forward/reverse discrepancy
   * @param stdErrorTarget the standard error of ln p(y | m) (nats) to reach by adding runs
   *     ({@link AnnealedImportanceSampler#estimateToTarget}), or empty (the default) for exactly G runs
   * @param maxRuns the run budget with a target, at least G; 0 for {@value #DEFAULT_BUDGET_FACTOR} G.
   *     Unused without a target.
   */
  public record Settings(int steps, double scheduleE, int runs, Proposal proposal, boolean scaledStrength,
      double strength, boolean reverse, java.util.OptionalDouble stdErrorTarget, int maxRuns)
      implements java.io.Serializable {
    /** Serialised as {@link SerialForm} (an OptionalDouble is not serialisable). */
    private Object writeReplace() {
      return new SerialForm(steps, scheduleE, runs, proposal, scaledStrength, strength, reverse,
          stdErrorTarget.isPresent(), stdErrorTarget.orElse(0), maxRuns);
    }

    /** The settings with the target as a flag and a value, for serialisation. */
    private record SerialForm(int steps, double scheduleE, int runs, Proposal proposal, boolean scaledStrength,
        double strength, boolean reverse, boolean hasTarget, double target, int maxRuns)
        implements java.io.Serializable {
      private Object readResolve() {
        return new Settings(steps, scheduleE, runs, proposal, scaledStrength, strength, reverse,
            hasTarget ? java.util.OptionalDouble.of(target) : java.util.OptionalDouble.empty(), maxRuns);
      }
    }

    /** Beal's number of temperatures. */
    public static final int DEFAULT_STEPS = 16384;
    /** Beal's e_τ. */
    public static final double DEFAULT_SCHEDULE_E = 0.2;
    /** Beal's number of runs averaged. */
    public static final int DEFAULT_RUNS = 5;
    /** α₀ of the scaled proposal strength. */
    public static final double DEFAULT_STRENGTH = 10.0;
    /** The run budget with a standard-error target and no explicit budget: this many times G. */
    public static final int DEFAULT_BUDGET_FACTOR = 8;

    /** Checks every setting; a target needs G ≥ 2 (one run has no standard error) and a budget ≥ G. */
    public Settings {
      if (steps < 1 || runs < 1 || !(scheduleE > 0) || !(strength > 0)) {
        throw new InvalidInputException("AIS needs steps >= 1, runs >= 1, e > 0 and strength > 0");
      }
      if (stdErrorTarget == null) {
        throw new InvalidInputException("stdErrorTarget (possibly empty) is required");
      }
      if (stdErrorTarget.isPresent()) {
        double t = stdErrorTarget.getAsDouble();
        if (!(t > 0) || Double.isInfinite(t)) {
          throw new InvalidInputException("the standard-error target must be positive and finite, got " + t);
        }
        if (runs < 2) {
          throw new InvalidInputException("a standard-error target needs runs >= 2 (one run has no standard error),"
              + " got " + runs);
        }
      }
      if (maxRuns < 0 || (maxRuns > 0 && maxRuns < runs)) {
        throw new InvalidInputException("the run budget must be 0 (" + DEFAULT_BUDGET_FACTOR + " x runs) or at least"
            + " runs = " + runs + ", got " + maxRuns);
      }
    }

    /** No standard-error target: exactly G runs. */
    public Settings(int steps, double scheduleE, int runs, Proposal proposal, boolean scaledStrength, double strength,
        boolean reverse) {
      this(steps, scheduleE, runs, proposal, scaledStrength, strength, reverse, java.util.OptionalDouble.empty(), 0);
    }

    /** Forward runs only. */
    public Settings(int steps, double scheduleE, int runs, Proposal proposal, boolean scaledStrength, double strength) {
      this(steps, scheduleE, runs, proposal, scaledStrength, strength, false);
    }

    /** The same settings with or without reverse runs. */
    public Settings withReverse(boolean withReverse) {
      return new Settings(steps, scheduleE, runs, proposal, scaledStrength, strength, withReverse, stdErrorTarget,
          maxRuns);
    }

    /** The same settings with another number of runs (the first batch, when a target is set). */
    public Settings withRuns(int g) {
      return new Settings(steps, scheduleE, g, proposal, scaledStrength, strength, reverse, stdErrorTarget, maxRuns);
    }

    /** The same settings with another number of temperatures. */
    public Settings withSteps(int k) {
      return new Settings(k, scheduleE, runs, proposal, scaledStrength, strength, reverse, stdErrorTarget, maxRuns);
    }

    /**
     * The same settings with a target standard error of ln p(y | m), in nats: runs are added (their
     * number doubled each time) until it holds or {@link #runBudget()} runs are made.
     */
    public Settings withStdErrorTarget(double se) {
      return new Settings(steps, scheduleE, runs, proposal, scaledStrength, strength, reverse,
          java.util.OptionalDouble.of(se), maxRuns);
    }

    /** These settings with a checked target and budget ({@link org.occam.sampling.AisTarget}); unchanged without one. */
    public Settings withTarget(org.occam.sampling.AisTarget target) {
      return target.target().isEmpty() ? this
          : withStdErrorTarget(target.target().getAsDouble()).withMaxRuns(target.maxRuns());
    }

    /** The same settings with a run budget for the target: at most {@code max} runs (≥ G), or 0 for 8 G. */
    public Settings withMaxRuns(int max) {
      return new Settings(steps, scheduleE, runs, proposal, scaledStrength, strength, reverse, stdErrorTarget, max);
    }

    /** The most runs an estimate makes: G without a target; with one, {@code maxRuns} or 8 G when that is 0. */
    public int runBudget() {
      if (stdErrorTarget.isEmpty()) {
        return runs;
      }
      return maxRuns > 0 ? maxRuns : (int) Math.min(Integer.MAX_VALUE, (long) DEFAULT_BUDGET_FACTOR * runs);
    }

    /** K = 16384, e = 0.2, G = 5, row sweeps, α = 10 + nτ/L_j. */
    public static Settings defaults() {
      return new Settings(DEFAULT_STEPS, DEFAULT_SCHEDULE_E, DEFAULT_RUNS, Proposal.ROW_SWEEP, true, DEFAULT_STRENGTH);
    }

    /** Beal's schedule of K temperatures with this e. */
    public AnnealingSchedule schedule() {
      return AnnealingSchedule.beal(steps, scheduleE);
    }

    /** The settings by name, for reports (the target and budget only when a target is set). */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("steps", steps);
      m.put("schedule", schedule().toString());
      m.put("runs", runs);
      m.put("proposal", proposal.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
      m.put("strength", scaledStrength ? "alpha0 + n*tau/L_j with alpha0 = " + strength : "fixed " + strength);
      m.put("transitionsPerTemperature", "one Metropolis-Hastings sweep");
      m.put("reverse", reverse);
      if (stdErrorTarget.isPresent()) {
        // only with a target, so that the settings of a run without one read as they always did
        m.put("stdErrorTarget", stdErrorTarget.getAsDouble());
        m.put("maxRuns", runBudget());
      }
      return m;
    }
  }

  private static final double UNDERFLOW_GUARD = 1e-250;
  /** A normaliser that shrinks by more than this factor in one move is re-summed, not updated. */
  private static final double CANCELLATION_GUARD = 1e-6;
  /**
   * Ratios z'_g/z_g raised to a whole n_g ≤ this are multiplied rather than logged (one log per
   * move instead of one per data row): the product of each weight class is reduced to a mantissa
   * m in [1, 4) before it is raised to n_g, so m^n_g < 4^MAX_POWER. (Larger bounds were no faster:
   * the heavy classes hold a row or two each, and the chain of n_g multiplications costs a log.)
   */
  private static final int MAX_POWER = 8;
  private static final double LN2 = Math.log(2);
  private static final double RATIO_RANGE = 1e4;
  private static final long MANTISSA_BITS = 0x000f_ffff_ffff_ffffL;
  private static final long ONE_BITS = 0x3ff0_0000_0000_0000L;

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
  private final int[][] rowTouched; // per CPT row: the distinct data rows g whose normaliser it changes
  /** Per CPT row: g₀ when its touched data rows are g₀, g₀+1, … in slot order, else −1. */
  private final int[] rowTouchedFrom;
  // Per CPT row r, CSR by touched data row t: the pairs (row, configuration) using a cell of r,
  // and which cell of the row (0…k−1) each uses. Grouping by data row lets a move accumulate each
  // normaliser's change in a register.
  private final int[][] rowEntryStart;
  private final int[][] rowEntryPair;
  private final int[][] rowEntryCell;
  /** Per CPT row: the number of entries of every touched data row when it is the same for all (usual), else 0. */
  private final int[] rowEntriesPerSlot;
  /** n_g as an int when it is a small whole number (≤ {@link #MAX_POWER}), else 0: see {@link Chain#logRatioSum}. */
  private final int[] smallIntegerWeight;
  /**
   * Per CPT row: its touched data rows are ordered by weight class (n_g = 1, 2, …, {@link #MAX_POWER},
   * then all others), so the product of ratios needs no branch on the weight. rowClassWeight lists
   * the small whole weights present, class c taking slots [rowClassBound[c], rowClassBound[c+1]);
   * the other weights take the slots from rowClassBound[last] on.
   */
  private final int[][] rowClassWeight;
  private final int[][] rowClassBound;

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
    // Distinct rows are numbered by weight class (see rowClassWeight), so that a CPT row used by every
    // data row touches them in the order 0, 1, …: its normalisers are then contiguous.
    HiddenStateEnumeration.Pattern[] patterns = data.patterns();
    int[][] order = new int[g][];
    for (int pi = 0, o = 0; pi < patterns.length; pi++) {
      for (int i = 0; i < patterns[pi].rowCount.length; i++) {
        order[o++] = new int[] {pi, i};
      }
    }
    Arrays.sort(order, java.util.Comparator.comparingInt(
        (int[] o) -> weightClass(smallWeight(patterns[o[0]].rowCount[o[1]]))));
    int q = 0;
    int c0 = 0;
    for (int gi = 0; gi < g; gi++) {
      var p = patterns[order[gi][0]];
      int i = order[gi][1];
      int ni = p.involved.length;
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
    rowTouched = new int[s.cptRows()][];
    rowTouchedFrom = new int[s.cptRows()];
    rowEntryStart = new int[s.cptRows()][];
    rowEntryPair = new int[s.cptRows()][];
    rowEntryCell = new int[s.cptRows()][];
    rowEntriesPerSlot = new int[s.cptRows()];
    rowClassWeight = new int[s.cptRows()][];
    rowClassBound = new int[s.cptRows()][];
    smallIntegerWeight = new int[g];
    for (int i = 0; i < g; i++) {
      smallIntegerWeight[i] = smallWeight(rowWeight[i]);
    }
    int[] slotOf = new int[g];
    Arrays.fill(slotOf, -1);
    for (int r = 0; r < s.cptRows(); r++) {
      int from = s.rowStart(r);
      int to = from + s.cardinality(s.rowVariable(r));
      int[] touched = new int[g];
      int m = 0;
      for (int a = cellPairStart[from]; a < cellPairStart[to]; a++) {
        int row = pairRow[cellPairs[a]];
        if (slotOf[row] < 0) {
          slotOf[row] = m;
          touched[m++] = row;
        }
      }
      // slots by weight class, then by data row
      touched = java.util.stream.IntStream.of(Arrays.copyOf(touched, m)).boxed()
          .sorted(java.util.Comparator.<Integer>comparingInt(i -> weightClass(smallIntegerWeight[i]))
              .thenComparingInt(i -> i))
          .mapToInt(Integer::intValue).toArray();
      int[] perSlot = new int[m];
      int[] classEnd = new int[MAX_POWER + 2];
      for (int t = 0; t < m; t++) {
        slotOf[touched[t]] = t;
        classEnd[weightClass(smallIntegerWeight[touched[t]]) + 1]++;
      }
      for (int c = 1; c < classEnd.length; c++) {
        classEnd[c] += classEnd[c - 1];
      }
      int classes = 0;
      for (int c = 0; c < MAX_POWER; c++) {
        classes += classEnd[c + 1] > classEnd[c] ? 1 : 0;
      }
      rowClassWeight[r] = new int[classes];
      rowClassBound[r] = new int[classes + 1];
      for (int c = 0, i = 0; c < MAX_POWER; c++) {
        if (classEnd[c + 1] > classEnd[c]) {
          rowClassWeight[r][i] = c + 1;
          rowClassBound[r][i] = classEnd[c];
          i++;
        }
      }
      rowClassBound[r][classes] = classEnd[MAX_POWER];
      for (int a = cellPairStart[from]; a < cellPairStart[to]; a++) {
        perSlot[slotOf[pairRow[cellPairs[a]]]]++;
      }
      int[] start = new int[m + 1];
      for (int t = 0; t < m; t++) {
        start[t + 1] = start[t] + perSlot[t];
      }
      int[] pairsOfRow = new int[start[m]];
      int[] cellsOfRow = new int[start[m]];
      int[] next = Arrays.copyOf(start, m);
      for (int cell = from; cell < to; cell++) {
        for (int a = cellPairStart[cell]; a < cellPairStart[cell + 1]; a++) {
          int e = next[slotOf[pairRow[cellPairs[a]]]]++;
          pairsOfRow[e] = cellPairs[a];
          cellsOfRow[e] = cell - from;
        }
      }
      rowTouched[r] = touched;
      boolean contiguous = m > 0;
      for (int t = 0; t < m && contiguous; t++) {
        contiguous = touched[t] == touched[0] + t;
      }
      rowTouchedFrom[r] = contiguous ? touched[0] : -1;
      rowEntryStart[r] = start;
      rowEntryPair[r] = pairsOfRow;
      rowEntryCell[r] = cellsOfRow;
      int per = m == 0 ? 0 : start[1];
      for (int t = 0; t < m && per > 0; t++) {
        if (start[t + 1] - start[t] != per) {
          per = 0;
        }
      }
      rowEntriesPerSlot[r] = per;
      for (int t = 0; t < m; t++) {
        slotOf[touched[t]] = -1;
      }
    }
  }

  private static int smallWeight(double n) {
    return n == Math.rint(n) && n >= 1 && n <= MAX_POWER ? (int) n : 0;
  }

  /** Slot class of a data row: n − 1 for a small whole weight n, {@link #MAX_POWER} for the others. */
  private static int weightClass(int smallWeight) {
    return smallWeight == 0 ? MAX_POWER : smallWeight - 1;
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
    double s = GammaFunctions.logGamma(alpha);
    for (int i = 0; i < k; i++) {
      double a = alpha * mean[meanFrom + i];
      s += (a - 1) * Math.log(x[xFrom + i]) - GammaFunctions.logGamma(a);
    }
    return s;
  }

  final class Chain implements AnnealedImportanceSampler.Chain {
    private final UniformRandomProvider rng;
    private final GammaVariates gamma;
    private double[] theta;
    private double[] w;
    private double[] z;
    private double[] zInverse; // 1/z_g, so a proposal multiplies instead of dividing
    private double[] logTheta; // ln θ, kept with θ
    private double logLikelihood;
    private long accepted;
    private long proposed;
    private boolean slow;
    private int sinceRefresh;
    // scratch
    private final double[] oldRow;
    private final double[] alphaRow;
    private final double[] proposalRow;
    private final double[] ratio;
    private final double[] ratioMinusOne;
    private final double[] logProposal;
    private final double[] alphaProposal;
    private final double[] logAlphaRow; // ln(α θ_x) = ln α + ln θ_x
    private final double[] logAlphaProposal;
    private final double[] dz;
    private final double[] strengthOf; // α of each variable at the current temperature
    private final double[] logStrengthOf;
    private double[] proposalTheta;

    Chain(UniformRandomProvider rng) {
      this.rng = rng;
      this.gamma = new GammaVariates(rng);
      int maxK = s.variables().stream().mapToInt(v -> v.cardinality()).max().orElse(1);
      oldRow = new double[maxK];
      alphaRow = new double[maxK];
      proposalRow = new double[maxK];
      ratio = new double[maxK];
      ratioMinusOne = new double[maxK];
      logProposal = new double[maxK];
      alphaProposal = new double[maxK];
      logAlphaRow = new double[maxK];
      logAlphaProposal = new double[maxK];
      strengthOf = new double[s.size()];
      logStrengthOf = new double[s.size()];
      dz = new double[rowWeight.length];
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
      zInverse = new double[rowWeight.length];
      logTheta = new double[theta.length];
      refresh();
    }

    /** Recomputes every product, normaliser and the log likelihood from θ. */
    private void refresh() {
      for (int i = 0; i < theta.length; i++) {
        logTheta[i] = Math.log(theta[i]);
      }
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
        zInverse[g] = 1 / sum;
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
        for (int v = 0; v < strengthOf.length; v++) {
          double alpha = settings.scaledStrength()
              ? settings.strength() + data.dataSize() * tau / s.parentConfigurations(v)
              : settings.strength();
          strengthOf[v] = alpha;
          logStrengthOf[v] = Math.log(alpha);
        }
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
      int variable = s.rowVariable(r);
      int k = s.cardinality(variable);
      double alpha = strengthOf[variable];
      double logAlpha = logStrengthOf[variable];
      System.arraycopy(theta, from, oldRow, 0, k);
      for (int x = 0; x < k; x++) {
        alphaRow[x] = alpha * oldRow[x];
      }
      double[] proposal = proposalRow;
      if (!gamma.dirichlet(alphaRow, k, proposal, 0)) {
        return;
      }
      // log Dir(old | α·proposal) − log Dir(proposal | α·old): the Γ(α) terms cancel.
      double logHastings = 0;
      double lambda = prior.lambda(s.rowVariable(r));
      double logPrior = 0;
      double deltaKnown = 0;
      for (int x = 0; x < k; x++) {
        double logNew = Math.log(proposal[x]);
        double logOld = logTheta[from + x];
        logProposal[x] = logNew;
        double aNew = alpha * proposal[x];
        alphaProposal[x] = aNew;
        logAlphaRow[x] = logAlpha + logOld;
        logAlphaProposal[x] = logAlpha + logNew;
        logHastings += (aNew - 1) * logOld - (alphaRow[x] - 1) * logNew;
        double d = logNew - logOld;
        logPrior += (lambda - 1) * d;
        deltaKnown += knownCounts[from + x] * d;
        ratio[x] = proposal[x] / oldRow[x];
      }
      logHastings += GammaFunctions.logGammaDifferenceSum(alphaRow, logAlphaRow, alphaProposal, logAlphaProposal, k);
      System.arraycopy(proposal, 0, theta, from, k);
      double delta;
      int nRows = 0;
      boolean resum = false;
      if (slow) {
        delta = data.logLikelihood(theta) - logLikelihood;
      } else {
        // A (row, configuration) pair uses at most one cell of a CPT row, so its product changes
        // by that cell's ratio: dz_g = Σ_pairs w_q (ratio − 1). refresh() recomputes every product
        // from θ each 256 sweeps, so rounding does not accumulate.
        int[] touched = rowTouched[r];
        nRows = touched.length;
        for (int x = 0; x < k; x++) {
          ratioMinusOne[x] = ratio[x] - 1;
        }
        delta = deltaKnown + logRatioSum(r);
        if (Double.isNaN(delta)) {
          // underflow or cancellation in some normaliser: decide in log space
          delta = data.logLikelihood(theta) - logLikelihood;
          resum = true;
        }
      }
      double logAccept = tau * delta + logPrior + logHastings;
      boolean accept = logAccept >= 0 || Math.log(rng.nextDouble()) < logAccept;
      if (accept && delta > Double.NEGATIVE_INFINITY) {
        accepted++;
        logLikelihood += delta;
        if (!slow) {
          int[] pairsOfRow = rowEntryPair[r];
          int[] cellsOfRow = rowEntryCell[r];
          for (int e = 0; e < pairsOfRow.length; e++) {
            w[pairsOfRow[e]] *= ratio[cellsOfRow[e]];
          }
          int g0 = rowTouchedFrom[r];
          if (g0 >= 0 && !resum) {
            // contiguous normalisers: plain loops the compiler can vectorise (the divisions dominate)
            for (int t = 0; t < nRows; t++) {
              z[g0 + t] += dz[t];
            }
            for (int t = 0; t < nRows; t++) {
              zInverse[g0 + t] = 1 / z[g0 + t];
            }
            boolean ok = true;
            for (int t = 0; t < nRows; t++) {
              ok &= z[g0 + t] >= UNDERFLOW_GUARD;
            }
            slow |= !ok;
            nRows = 0;
          }
          int[] touched = rowTouched[r];
          for (int t = 0; t < nRows; t++) {
            int g = touched[t];
            if (resum) {
              double sum = 0;
              for (int q = pairStart[g]; q < pairStart[g + 1]; q++) {
                sum += w[q];
              }
              z[g] = sum;
            } else {
              z[g] += dz[t];
            }
            zInverse[g] = 1 / z[g];
            slow |= !(z[g] >= UNDERFLOW_GUARD);
          }
        }
        System.arraycopy(logProposal, 0, logTheta, from, k);
      } else {
        System.arraycopy(oldRow, 0, theta, from, k);
      }
    }

    /**
     * Σ_g n_g ln(z'_g / z_g) over the data rows touched by CPT row r, with
     * {@code z'_g = z_g + dz_g}, {@code dz_g = Σ w_q (ratio_x − 1)} over the pairs of g using cell x
     * of r (stored in dz by slot for the update). Whole small n_g multiply into one running product
     * (rescaled by powers of two to stay in range) that is logged once; other weights are logged one
     * by one. NaN if some z'_g underflows or cancels (below {@link #CANCELLATION_GUARD} z_g).
     */
    private double logRatioSum(int r) {
      int[] touched = rowTouched[r];
      int[] start = rowEntryStart[r];
      int[] pairsOfRow = rowEntryPair[r];
      int[] cellsOfRow = rowEntryCell[r];
      int per = rowEntriesPerSlot[r];
      // dz_g first (a regular layout for the usual case of the same number of pairs per data row)
      if (per == 1) {
        for (int t = 0; t < touched.length; t++) {
          dz[t] = w[pairsOfRow[t]] * ratioMinusOne[cellsOfRow[t]];
        }
      } else if (per == 2) {
        for (int t = 0, e = 0; t < touched.length; t++, e += 2) {
          dz[t] = w[pairsOfRow[e]] * ratioMinusOne[cellsOfRow[e]]
              + w[pairsOfRow[e + 1]] * ratioMinusOne[cellsOfRow[e + 1]];
        }
      } else if (per == 4) {
        // same summation order as the general loop below (0 + e0 + e1 + e2 + e3), so results do not
        // depend on which loop ran
        for (int t = 0, e = 0; t < touched.length; t++, e += 4) {
          double d = 0;
          d += w[pairsOfRow[e]] * ratioMinusOne[cellsOfRow[e]];
          d += w[pairsOfRow[e + 1]] * ratioMinusOne[cellsOfRow[e + 1]];
          d += w[pairsOfRow[e + 2]] * ratioMinusOne[cellsOfRow[e + 2]];
          d += w[pairsOfRow[e + 3]] * ratioMinusOne[cellsOfRow[e + 3]];
          dz[t] = d;
        }
      } else {
        for (int t = 0; t < touched.length; t++) {
          double d = 0;
          for (int e = start[t]; e < start[t + 1]; e++) {
            d += w[pairsOfRow[e]] * ratioMinusOne[cellsOfRow[e]];
          }
          dz[t] = d;
        }
      }
      // Speculative pass: the ratios are checked against [1e-4, 1e4] without branching, and the rare
      // move with an extreme ratio is redone with one log per data row. Slots come in weight classes
      // (n = 1, 2, …, then the rest), so each class is one branch-free product, kept in two
      // accumulators to halve the multiplication chain; every 16 data rows both are reduced to a
      // mantissa in [1, 2) and a binary exponent (exact), so nothing overflows.
      int[] classWeight = rowClassWeight[r];
      int[] bound = rowClassBound[r];
      boolean inRange = true;
      double product = 1;
      long exponent = 0;
      for (int c = 0; c < classWeight.length; c++) {
        int n = classWeight[c];
        int a = bound[c];
        int b = bound[c + 1];
        double p0 = 1;
        double p1 = 1;
        long e = 0;
        for (int t0 = a; t0 < b; t0 += 16) {
          int t1 = Math.min(b, t0 + 16);
          int t = t0;
          for (; t + 1 < t1; t += 2) {
            double r0 = 1 + dz[t] * zInverse[touched[t]];
            double r1 = 1 + dz[t + 1] * zInverse[touched[t + 1]];
            inRange &= r0 >= 1 / RATIO_RANGE & r0 <= RATIO_RANGE & r1 >= 1 / RATIO_RANGE & r1 <= RATIO_RANGE;
            p0 *= r0;
            p1 *= r1;
          }
          if (t < t1) {
            double r0 = 1 + dz[t] * zInverse[touched[t]];
            inRange &= r0 >= 1 / RATIO_RANGE & r0 <= RATIO_RANGE;
            p0 *= r0;
          }
          long bits0 = Double.doubleToRawLongBits(p0);
          long bits1 = Double.doubleToRawLongBits(p1);
          e += ((bits0 >>> 52) & 0x7ff) + ((bits1 >>> 52) & 0x7ff) - 2 * 1023;
          p0 = Double.longBitsToDouble(bits0 & MANTISSA_BITS | ONE_BITS);
          p1 = Double.longBitsToDouble(bits1 & MANTISSA_BITS | ONE_BITS);
        }
        // (p0 p1)^n < 4^MAX_POWER = 2^128, times a product kept in [1, 2)
        double m = p0 * p1;
        double f = m;
        for (int i = 1; i < n; i++) {
          f *= m;
        }
        long bits = Double.doubleToRawLongBits(product * f);
        exponent += n * e + ((bits >>> 52) & 0x7ff) - 1023;
        product = Double.longBitsToDouble(bits & MANTISSA_BITS | ONE_BITS);
      }
      double logs = 0;
      for (int t = bound[classWeight.length]; t < touched.length; t++) {
        int g = touched[t];
        double rg = 1 + dz[t] * zInverse[g];
        inRange &= rg >= 1 / RATIO_RANGE & rg <= RATIO_RANGE;
        logs += rowWeight[g] * Math.log(rg);
      }
      if (!inRange) {
        for (int t = 0; t < touched.length; t++) {
          double rg = 1 + dz[t] * zInverse[touched[t]];
          if (!(rg >= CANCELLATION_GUARD)) {
            return Double.NaN; // underflow, cancellation or NaN
          }
        }
        return logRatioSumByLogs(touched);
      }
      return logs + Math.log(product) + exponent * LN2;
    }

    /** The same sum with one log per data row (for moves with extreme ratios). */
    private double logRatioSumByLogs(int[] touched) {
      double logs = 0;
      for (int t = 0; t < touched.length; t++) {
        int g = touched[t];
        logs += rowWeight[g] * Math.log1p(dz[t] * zInverse[g]);
      }
      return logs;
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
