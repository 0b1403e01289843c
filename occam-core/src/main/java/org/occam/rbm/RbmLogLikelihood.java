package org.occam.rbm;

import org.occam.data.InvalidInputException;
import org.occam.math.Logistic;
import org.occam.math.Parallel;
import java.util.Arrays;
import org.occam.math.DifferentiableFunction;

/**
 * The exact log likelihood of an {@link Rbm}'s parameters for data x_1…x_N and its gradient
 * (Chen &amp; Welling 2013, eqn 2; {@code docs/notes/laplace-family.md}),
 *
 * <pre>
 *   L(λ)  = Σ_n c_n log Z(x_n, λ) − N log Z(λ)
 *   ∇L(λ) = Σ_n c_n E[f | x_n, λ] − N E_λ[f]
 * </pre>
 *
 * <p>over the distinct data rows x_n with counts c_n (N = Σ c_n), for the many λ an annealing chain
 * visits. The data term has the hidden units summed out in closed form,
 * {@code log Z(x, λ) = αᵀx + Σ_k softplus(β_k + Σ_i x_i W_ik)}. The model term enumerates the
 * smaller side s (m = min(V, K) units, 2^m states) and sums the other side u (n units) in closed
 * form, as {@link RbmEnumeration} does:
 *
 * <pre>
 *   log Z(λ) = log Σ_s exp( ownᵀs + Σ_u softplus(a_u(s)) ),     a_u(s) = other_u + Σ_j s_j w_ju
 *   E[s_j] = Σ_s p(s) s_j,   E[u] = Σ_s p(s) σ(a_u(s)),   E[s_j u] = Σ_s p(s) s_j σ(a_u(s))
 * </pre>
 *
 * <p><b>Why it is fast.</b> Term by term, the 2^m·n softplus and logistic terms would cost two
 * transcendental calls each (51 200 of each for V = 100, K = 9). Instead, with
 *
 * <pre>  softplus(a) = a/2 + log(e^{a/2} + e^{−a/2}),</pre>
 *
 * the linear parts add up to {@code Σ_u other_u / 2 + Σ_j s_j Σ_u w_ju / 2}, which is folded into
 * the enumerated units' biases, and what is left per state is the product over u of
 * {@code e^{a/2} + e^{−a/2}}. The state index is split into its low {@value #LOW_BITS} bits and the
 * rest, and {@code e^{±a/2}} are products of a table over the low bits and one over the high bits,
 * built by doubling from the exponentials of the weights (taken once per evaluation); so a state
 * costs three multiplications and an addition per summed unit, and the products are logged only
 * when they could next overflow (once per evaluation at typical λ). The weights p(s) take one exp
 * per state, and the logistic terms {@code p(s) σ(a) = p(s) / (1 + e^{−a})} one division each. The
 * value loop runs over states for one summed unit at a time and the gradient loop over summed
 * units for one state at a time, so that neither has a reduction in its inner loop and C2
 * vectorises both. The tables are exact to a few ulps only while e^{±a} stays a normal double: a
 * summed unit with {@code |other_u| + Σ_j |w_ju|} above {@value #TABLE_RANGE} (only ever far out
 * in a diverging HMC trajectory) is evaluated term by term.
 *
 * <p>The data term runs over fixed chunks of {@value RowChunks#ROWS} distinct rows whose sums are added
 * in chunk order, and log Z and the chunks are independent tasks, so an evaluation may use several
 * threads ({@link #valueAndGradient(double[], double[], Parallel.Workers)}) and gives the same
 * numbers on any number of them: on SpamAssassin's 4,939 distinct rows (K = 9) one evaluation with
 * its gradient took 1.4–1.6 ms on one thread and 0.94–1.17 ms on two (2026-11-29, warmed up).
 *
 * <p>Not thread-safe: an instance holds O(2^m + 2^{@value #LOW_BITS}·n) scratch. {@link #copy()}
 * gives another evaluator of the same data for another thread. A non-finite λ gives NaN (value
 * and gradient), which a sampler rejects.
 *
 * <p>Example:
 *
 * <pre>{@code
 * RbmLogLikelihood l = new RbmLogLikelihood(9, rows);  // rows: int[N][V] of 0/1
 * double[] gradient = new double[l.dimension()];
 * double logLikelihood = l.valueAndGradient(rbm.parameters(), gradient);
 * }</pre>
 */
public final class RbmLogLikelihood implements DifferentiableFunction {
  /** The limit on min(V, K): 2^20 states per evaluation. */
  public static final int MAX_ENUMERATED_UNITS = 20;
  /** Bound on |a_u(s)| for the product tables (e^{±600} is well inside the normal doubles). */
  static final double TABLE_RANGE = 600;
  /** Bits of the state index in the inner loop over states (64 states, eight 8-wide vectors). */
  static final int LOW_BITS = 6;
  private static final double LN_2 = Math.log(2);
  /**
   * The products are logged before they could exceed e^680: with at most 2^20 states no sum of
   * weights overflows either.
   */
  private static final double PRODUCT_LOG_BOUND = 680;
  /** Factors in (1, 2] of the data term multiplied before they are logged (≤ 2^512). */
  private static final int DATA_PRODUCT_TERMS = 512;

  private final Data data;
  private final boolean enumeratesHidden;
  /** m, the enumerated units; n, the summed units. */
  private final int m;
  private final int n;
  private final int lowBits;
  private final int low;
  private final int high;

  /*
   * Arrays over states are [high bits][low bits] and arrays over summed units are [·][u]: every
   * inner loop then reads and writes rows at one index, which C2 vectorises (with flat arrays,
   * table[lo] against row[base + lo] might alias, and it does not).
   */
  /**
   * e^{±w_ju / 2} and e^{−w_ju}, [j][u], and e^{±other_u / 2}, e^{−other_u}, for tabulated units
   * (1 for the others).
   */
  private final double[][] halfExpWeight;
  private final double[][] inverseHalfExpWeight;
  private final double[][] inverseExpWeight;
  private final double[] halfExpOther;
  private final double[] inverseHalfExpOther;
  private final double[] inverseExpOther;
  /** |other_u| + Σ_j |w_ju|, a bound on |a_u(s)|. */
  private final double[] unitBound;
  /** Whether unit u is within {@link #TABLE_RANGE}. */
  private final boolean[] tabulated;
  /** Σ_j s_j (own_j + Σ_u w_ju / 2) over the low and over the high bits of s. */
  private final double[] ownLow;
  private final double[] ownHigh;
  /**
   * Per state: the logs folded from {@link #product} and the untabulated units'
   * {@code log(2 cosh(a/2))}; then the biases added.
   */
  private final double[][] logBase;
  /** Per state: the product of {@code e^{a/2} + e^{−a/2}} over the units since the last fold. */
  private final double[][] product;
  /** Per state: p(s). */
  private final double[][] weight;
  /** One unit's a and e^{±a/2} over the low bits and over the high bits (with other_u). */
  private final double[] lowA;
  private final double[] lowE;
  private final double[] lowR;
  private final double[] highA;
  private final double[] highE;
  private final double[] highR;
  /** e^{−a_u} over the low bits, [lo][u], and over the high bits with other_u, [hi][u]. */
  private final double[][] inverseLow;
  private final double[][] inverseHigh;
  /** Σ p(s) σ(a_u(s)) over the states with low bits lo, [lo][u], and with high bits hi, [hi][u]. */
  private final double[][] columnMoments;
  private final double[][] blockMoments;
  /** E[u] and E[s_j u], [j][u]. */
  private final double[] unitMeans;
  private final double[][] pairMeans;
  private final double[][] stateScratch;
  private final double[] column;
  private final double[] block;
  private final double[] bitSums;
  private final double[] foldScratch;
  private final double[] hiddenField;
  private final double[] modelMeans;
  /** Each chunk's part of the data term's value. */
  private final double[] chunkValues;
  /** Each chunk's part of the data term's W and β gradient (W then β, then padding), made at the first gradient. */
  private double[][] chunkSums;
  /** Per chunk: each row's {@code c_n σ(b_n)}, K per row, made with {@link #chunkSums}. */
  private double[][] chunkSigmas;

  /** Every row counted once. */
  public RbmLogLikelihood(int hiddenCount, int[][] rows) {
    this(hiddenCount, rows, null);
  }

  /**
   * @param hiddenCount K ≥ 1
   * @param rows data rows of V 0/1 values (not modified); repeated rows are merged
   * @param counts how often each row occurs (≥ 0, not all 0), or null for once each (not modified)
   * @throws IllegalArgumentException if min(V, K) &gt; {@value #MAX_ENUMERATED_UNITS}, or the data are
   *     not 0/1 rows of one length
   */
  public RbmLogLikelihood(int hiddenCount, int[][] rows, long[] counts) {
    this(Data.of(hiddenCount, RbmData.of(rows, counts)));
  }

  /**
   * On the distinct rows of {@code data} as they are: no merge and no copy of the table, where the
   * constructors on rows copy and merge them first. The values are the same to the bit.
   */
  public RbmLogLikelihood(int hiddenCount, RbmData data) {
    this(Data.of(hiddenCount, data));
  }

  private RbmLogLikelihood(Data data) {
    this.data = data;
    int v = data.visibleCount;
    int k = data.hiddenCount;
    enumeratesHidden = k <= v;
    m = Math.min(v, k);
    n = Math.max(v, k);
    if (m > MAX_ENUMERATED_UNITS) {
      throw new InvalidInputException("the exact likelihood of an RBM with V=" + v + ", K=" + k + " enumerates 2^"
          + m + " states of its smaller side per evaluation, above the limit of min(V, K) <= " + MAX_ENUMERATED_UNITS
          + "; use an approximation (e.g. Laplace with AIS for log Z) instead");
    }
    lowBits = Math.min(m, LOW_BITS);
    low = 1 << lowBits;
    high = 1 << (m - lowBits);
    halfExpWeight = new double[m][n];
    inverseHalfExpWeight = new double[m][n];
    inverseExpWeight = new double[m][n];
    halfExpOther = new double[n];
    inverseHalfExpOther = new double[n];
    inverseExpOther = new double[n];
    unitBound = new double[n];
    tabulated = new boolean[n];
    ownLow = new double[low];
    ownHigh = new double[high];
    logBase = new double[high][low];
    product = new double[high][low];
    weight = new double[high][low];
    lowA = new double[low];
    lowE = new double[low];
    lowR = new double[low];
    highA = new double[high];
    highE = new double[high];
    highR = new double[high];
    inverseLow = new double[low][n];
    inverseHigh = new double[high][n];
    columnMoments = new double[low][n];
    blockMoments = new double[high][n];
    unitMeans = new double[n];
    pairMeans = new double[m][n];
    stateScratch = new double[high][low];
    column = new double[low];
    block = new double[high];
    bitSums = new double[m];
    foldScratch = new double[Math.max(low, high)];
    hiddenField = new double[k];
    modelMeans = new double[data.featureCount];
    chunkValues = new double[RowChunks.count(data.distinct())];
  }

  /** Another evaluator of the same data with its own scratch (for another thread). */
  public RbmLogLikelihood copy() {
    return new RbmLogLikelihood(data);
  }

  /** V. */
  public int visibleCount() {
    return data.visibleCount;
  }

  /** K. */
  public int hiddenCount() {
    return data.hiddenCount;
  }

  /** F = V·K + V + K, the dimension of λ. */
  public int dimension() {
    return data.featureCount;
  }

  /** N, the number of data items (counts included). */
  public long dataCount() {
    return data.total;
  }

  /** The number of distinct data rows. */
  public int distinctRowCount() {
    return data.distinct();
  }

  /** True when log Z sums over the 2^K hidden states (K ≤ V), false when over the 2^V visible ones. */
  public boolean enumeratesHidden() {
    return enumeratesHidden;
  }

  /** L(λ) of an RBM of this shape. */
  public double value(Rbm rbm) {
    if (rbm.visibleCount() != data.visibleCount || rbm.hiddenCount() != data.hiddenCount) {
      throw new InvalidInputException("the data are for V=" + data.visibleCount + ", K=" + data.hiddenCount
          + ", not " + rbm);
    }
    return value(rbm.parameters());
  }

  /**
   * L(λ).
   *
   * @param lambda λ in {@link Rbm}'s feature order, length F. Not modified.
   */
  public double value(double[] lambda) {
    return value(lambda, null);
  }

  /**
   * L(λ), the data term's chunks and log Z on {@code workers}' threads (the same number on any
   * number of threads).
   *
   * @param lambda λ in {@link Rbm}'s feature order, length F. Not modified.
   * @param workers threads to use, or null for the calling thread alone; this evaluator is still
   *     not thread-safe: one call at a time
   */
  public double value(double[] lambda, Parallel.Workers workers) {
    checkLength(lambda);
    if (!DifferentiableFunction.allFinite(lambda)) {
      return Double.NaN;
    }
    return evaluate(lambda, null, workers);
  }

  /**
   * L(λ), with ∇L written into {@code gradOut}.
   *
   * @param lambda λ in {@link Rbm}'s feature order, length F. Not modified.
   * @param gradOut length F. Modified.
   */
  @Override
  public double valueAndGradient(double[] lambda, double[] gradOut) {
    return valueAndGradient(lambda, gradOut, null);
  }

  /**
   * L(λ), with ∇L written into {@code gradOut}, the data term's chunks and log Z on {@code workers}'
   * threads (the same numbers on any number of threads).
   *
   * @param lambda λ in {@link Rbm}'s feature order, length F. Not modified.
   * @param gradOut length F. Modified.
   * @param workers threads to use, or null for the calling thread alone; this evaluator is still
   *     not thread-safe: one call at a time
   */
  public double valueAndGradient(double[] lambda, double[] gradOut, Parallel.Workers workers) {
    checkLength(lambda);
    checkLength(gradOut);
    if (!DifferentiableFunction.allFinite(lambda)) {
      Arrays.fill(gradOut, Double.NaN);
      return Double.NaN;
    }
    return evaluate(lambda, gradOut, workers);
  }

  /**
   * {@code Σ_n c_n log Z(x_n, λ) − N log Z(λ)}, and its gradient into {@code gradOut} unless null.
   * Task 0 is log Z (this evaluator's enumeration scratch), tasks 1 … C the data term's chunks
   * (their own sums): independent, so they run on any threads in any order, and the chunks' sums are
   * then added in chunk order.
   */
  private double evaluate(double[] lambda, double[] gradOut, Parallel.Workers workers) {
    boolean gradient = gradOut != null;
    if (gradient && chunkSums == null) {
      chunkSums = RowChunks.sums(chunkValues.length, data.visibleCount, data.hiddenCount);
      chunkSigmas = new double[chunkValues.length][RowChunks.ROWS * data.hiddenCount + RowChunks.PADDING];
    }
    double logZ;
    if (workers == null || workers.threads() == 1) {
      // no task objects or scratch per call: an AIS or HMC chain evaluates small data millions of times
      logZ = logPartition(lambda, gradient ? modelMeans : null);
      for (int c = 0; c < chunkValues.length; c++) {
        dataChunk(c, lambda, gradient, hiddenField);
      }
    } else {
      double[] pooledLogZ = new double[1];
      workers.forEach(1 + chunkValues.length, i -> {
        if (i == 0) {
          pooledLogZ[0] = logPartition(lambda, gradient ? modelMeans : null);
        } else {
          // the calling thread's own scratch, not a small array beside another chunk's
          dataChunk(i - 1, lambda, gradient, new double[data.hiddenCount]);
        }
      });
      logZ = pooledLogZ[0];
    }
    int v = data.visibleCount;
    int k = data.hiddenCount;
    int vk = v * k;
    double value = 0;
    for (int i = 0; i < v; i++) {
      value += data.visibleTotals[i] * lambda[vk + i];
    }
    for (double chunkValue : chunkValues) {
      value += chunkValue;
    }
    double total = data.total;
    if (gradient) {
      // Σ_n c_n E[f | x_n]: the chunks' W and β sums in chunk order, and the α part N·mean(x)
      RowChunks.combine(chunkSums, v, k, data.visibleTotals, gradOut);
      for (int a = 0; a < gradOut.length; a++) {
        gradOut[a] -= total * modelMeans[a];
      }
    }
    return value - total * logZ;
  }

  /**
   * Chunk c of the data term: {@code Σ c_n softplus terms} of its rows into {@code chunkValues[c]}
   * and, with {@code gradient}, {@code Σ c_n σ(b_n)} into the β part and {@code Σ c_n x_n σ(b_n)ᵀ}
   * into the W part of {@code chunkSums[c]}, the W part unit by unit ({@link RowChunks.Columns}). The product of the {@code 1 + e^{−|b|}} of a row is
   * logged once.
   *
   * @param b scratch of length K (overwritten)
   */
  private void dataChunk(int c, double[] lambda, boolean gradient, double[] b) {
    int v = data.visibleCount;
    int k = data.hiddenCount;
    int vk = v * k;
    double[] sum = gradient ? chunkSums[c] : null;
    double[] sigma = gradient ? chunkSigmas[c] : null;
    if (gradient) {
      Arrays.fill(sum, 0, vk + k, 0.0);
    }
    double value = 0;
    int end = RowChunks.end(c, data.distinct());
    for (int r = c * RowChunks.ROWS; r < end; r++) {
      double count = data.counts[r];
      Rbm.fieldsOfOnes(lambda, v, k, data.onesIndex, data.onesStart[r], data.onesStart[r + 1], b);
      double positive = 0;
      double logOfProducts = 0;
      double prod = 1;
      for (int h = 0; h < k; h++) {
        double bh = b[h];
        double e = Math.exp(-Math.abs(bh));
        double onePlus = 1 + e;
        positive += Math.max(bh, 0);
        prod *= onePlus;
        if ((h + 1) % DATA_PRODUCT_TERMS == 0) {
          logOfProducts += Math.log(prod);
          prod = 1;
        }
        if (gradient) {
          // σ(b) = 1/(1 + e^{−b}), written with e = e^{−|b|} ≤ 1.
          b[h] = count * (bh >= 0 ? 1 / onePlus : e / onePlus);
        }
      }
      value += count * (positive + logOfProducts + Math.log(prod));
      if (gradient) {
        int at = (r - c * RowChunks.ROWS) * k;
        for (int h = 0; h < k; h++) {
          sum[vk + h] += b[h];
          sigma[at + h] = b[h];
        }
      }
    }
    if (gradient) {
      data.columns.addW(c, sigma, k, sum);
    }
    chunkValues[c] = value;
  }

  /**
   * log Z(λ), with E_λ[f] written into {@code meansOut} when it is not null.
   *
   * @param lambda finite, length F. Not modified.
   * @param meansOut length F, or null. Modified.
   */
  double logPartition(double[] lambda, double[] meansOut) {
    exponentials(lambda);
    double linear = fillOwnSums(lambda);
    for (int hi = 0; hi < high; hi++) {
      Arrays.fill(logBase[hi], 0.0);
      Arrays.fill(product[hi], 1.0);
    }
    double productLogBound = 0;
    for (int u = 0; u < n; u++) {
      if (tabulated[u]) {
        // e^{a/2} + e^{−a/2} ≤ 2 e^{bound/2}
        double unitLogBound = 0.5 * unitBound[u] + LN_2;
        if (productLogBound + unitLogBound > PRODUCT_LOG_BOUND) {
          foldProducts();
          productLogBound = 0;
        }
        productLogBound += unitLogBound;
        multiplyCoshes(u);
      } else {
        addLogCoshes(lambda, u);
      }
    }
    foldProducts();
    double maxBase = Double.NEGATIVE_INFINITY;
    for (int hi = 0; hi < high; hi++) {
      double[] base = logBase[hi];
      double own = ownHigh[hi];
      for (int lo = 0; lo < low; lo++) {
        double b = base[lo] + (own + ownLow[lo]);
        base[lo] = b;
        maxBase = Math.max(maxBase, b);
      }
    }
    double sum = 0;
    for (int hi = 0; hi < high; hi++) {
      double[] base = logBase[hi];
      double[] w = weight[hi];
      for (int lo = 0; lo < low; lo++) {
        w[lo] = Math.exp(base[lo] - maxBase);
      }
      sum += sum(w, 0, low);
    }
    double logZ = linear + maxBase + Math.log(sum);
    if (meansOut == null) {
      return logZ;
    }
    double inverse = 1 / sum;
    for (double[] w : weight) {
      for (int lo = 0; lo < low; lo++) {
        w[lo] *= inverse;
      }
    }
    bitSums(weight);
    for (int j = 0; j < m; j++) {
      meansOut[ownIndex(j)] = bitSums[j];
    }
    logisticMoments();
    for (int u = 0; u < n; u++) {
      if (!tabulated[u]) {
        logisticMomentsTermByTerm(lambda, u);
      }
      meansOut[otherIndex(u)] = unitMeans[u];
      for (int j = 0; j < m; j++) {
        meansOut[pairIndex(j, u)] = pairMeans[j][u];
      }
    }
    return logZ;
  }

  /** The bounds of every unit and, for those within the table range, the exponentials. */
  private void exponentials(double[] lambda) {
    for (int u = 0; u < n; u++) {
      double c = lambda[otherIndex(u)];
      double bound = Math.abs(c);
      for (int j = 0; j < m; j++) {
        bound += Math.abs(lambda[pairIndex(j, u)]);
      }
      unitBound[u] = bound;
      tabulated[u] = bound <= TABLE_RANGE;
      if (tabulated[u]) {
        double e = Math.exp(0.5 * c);
        double r = 1 / e;
        halfExpOther[u] = e;
        inverseHalfExpOther[u] = r;
        inverseExpOther[u] = r * r;
        for (int j = 0; j < m; j++) {
          double ew = Math.exp(0.5 * lambda[pairIndex(j, u)]);
          double rw = 1 / ew;
          halfExpWeight[j][u] = ew;
          inverseHalfExpWeight[j][u] = rw;
          inverseExpWeight[j][u] = rw * rw;
        }
      } else {
        halfExpOther[u] = 1;
        inverseHalfExpOther[u] = 1;
        inverseExpOther[u] = 1;
        for (int j = 0; j < m; j++) {
          halfExpWeight[j][u] = 1;
          inverseHalfExpWeight[j][u] = 1;
          inverseExpWeight[j][u] = 1;
        }
      }
    }
  }

  /**
   * Σ_j s_j (own_j + Σ_u w_ju / 2) over the low bits and over the high bits of s, by doubling;
   * returns the constant Σ_u other_u / 2.
   */
  private double fillOwnSums(double[] lambda) {
    ownLow[0] = 0;
    ownHigh[0] = 0;
    for (int j = 0; j < m; j++) {
      double w = lambda[ownIndex(j)];
      for (int u = 0; u < n; u++) {
        w += 0.5 * lambda[pairIndex(j, u)];
      }
      double[] table = j < lowBits ? ownLow : ownHigh;
      int h = 1 << (j < lowBits ? j : j - lowBits);
      for (int s = 0; s < h; s++) {
        table[s + h] = table[s] + w;
      }
    }
    double linear = 0;
    for (int u = 0; u < n; u++) {
      linear += 0.5 * lambda[otherIndex(u)];
    }
    return linear;
  }

  /** Multiplies every state's product by {@code e^{a_u/2} + e^{−a_u/2}} (a tabulated unit u). */
  private void multiplyCoshes(int u) {
    fillExpTables(u);
    for (int hi = 0; hi < high; hi++) {
      double[] prod = product[hi];
      double eh = highE[hi];
      double rh = highR[hi];
      for (int lo = 0; lo < low; lo++) {
        prod[lo] *= eh * lowE[lo] + rh * lowR[lo];
      }
    }
  }

  /** Adds {@code log(2 cosh(a_u/2)) = |a|/2 + log(1 + e^{−|a|})} to every state (an untabulated unit u). */
  private void addLogCoshes(double[] lambda, int u) {
    fillATables(lambda, u);
    for (int hi = 0; hi < high; hi++) {
      double[] base = logBase[hi];
      double ah = highA[hi];
      for (int lo = 0; lo < low; lo++) {
        double a = Math.abs(ah + lowA[lo]);
        base[lo] += 0.5 * a + Math.log1p(Math.exp(-a));
      }
    }
  }

  /** Unit u's e^{±a/2} over the low bits and over the high bits (starting at e^{±other_u/2}), by doubling. */
  private void fillExpTables(int u) {
    lowE[0] = 1;
    lowR[0] = 1;
    for (int j = 0; j < lowBits; j++) {
      double e = halfExpWeight[j][u];
      double r = inverseHalfExpWeight[j][u];
      int h = 1 << j;
      for (int s = 0; s < h; s++) {
        lowE[s + h] = lowE[s] * e;
        lowR[s + h] = lowR[s] * r;
      }
    }
    highE[0] = halfExpOther[u];
    highR[0] = inverseHalfExpOther[u];
    for (int j = lowBits; j < m; j++) {
      double e = halfExpWeight[j][u];
      double r = inverseHalfExpWeight[j][u];
      int h = 1 << (j - lowBits);
      for (int s = 0; s < h; s++) {
        highE[s + h] = highE[s] * e;
        highR[s + h] = highR[s] * r;
      }
    }
  }

  /** Unit u's a over the low bits and over the high bits (starting at other_u), by doubling. */
  private void fillATables(double[] lambda, int u) {
    lowA[0] = 0;
    for (int j = 0; j < lowBits; j++) {
      double w = lambda[pairIndex(j, u)];
      int h = 1 << j;
      for (int s = 0; s < h; s++) {
        lowA[s + h] = lowA[s] + w;
      }
    }
    highA[0] = lambda[otherIndex(u)];
    for (int j = lowBits; j < m; j++) {
      double w = lambda[pairIndex(j, u)];
      int h = 1 << (j - lowBits);
      for (int s = 0; s < h; s++) {
        highA[s + h] = highA[s] + w;
      }
    }
  }

  /** Moves log(product) into logBase, so that the next units cannot overflow a product. */
  private void foldProducts() {
    for (int hi = 0; hi < high; hi++) {
      double[] base = logBase[hi];
      double[] prod = product[hi];
      for (int lo = 0; lo < low; lo++) {
        base[lo] += Math.log(prod[lo]);
        prod[lo] = 1;
      }
    }
  }

  /**
   * E[σ(a_u)] into {@link #unitMeans} and E[s_j σ(a_u)] into {@link #pairMeans} for every unit,
   * with {@link #weight} holding p(s): state by state, {@code p(s) / (1 + e^{−a_u(s)})} for all u at
   * once, summed into the state's low-bit column and high-bit block; the bit sums then add whole
   * rows. (Untabulated units get numbers here that {@link #logisticMomentsTermByTerm} replaces.)
   */
  private void logisticMoments() {
    Arrays.fill(inverseLow[0], 1.0);
    for (int j = 0; j < lowBits; j++) {
      doubleRows(inverseLow, 1 << j, inverseExpWeight[j]);
    }
    System.arraycopy(inverseExpOther, 0, inverseHigh[0], 0, n);
    for (int j = lowBits; j < m; j++) {
      doubleRows(inverseHigh, 1 << (j - lowBits), inverseExpWeight[j]);
    }
    for (double[] row : columnMoments) {
      Arrays.fill(row, 0.0);
    }
    for (int hi = 0; hi < high; hi++) {
      double[] rh = inverseHigh[hi];
      double[] blockRow = blockMoments[hi];
      Arrays.fill(blockRow, 0.0);
      double[] w = weight[hi];
      for (int lo = 0; lo < low; lo++) {
        double p = w[lo];
        double[] rl = inverseLow[lo];
        double[] columnRow = columnMoments[lo];
        for (int u = 0; u < n; u++) {
          double q = p / (1 + rh[u] * rl[u]);
          columnRow[u] += q;
          blockRow[u] += q;
        }
      }
    }
    Arrays.fill(unitMeans, 0.0);
    for (double[] row : blockMoments) {
      addRow(unitMeans, row);
    }
    for (int j = 0; j < m; j++) {
      double[] out = pairMeans[j];
      Arrays.fill(out, 0.0);
      double[][] rows = j < lowBits ? columnMoments : blockMoments;
      int bit = 1 << (j < lowBits ? j : j - lowBits);
      for (int t = 0; t < rows.length; t++) {
        if ((t & bit) != 0) {
          addRow(out, rows[t]);
        }
      }
    }
  }

  /** rows[t + h] = rows[t] ⊙ factor for t &lt; h. */
  private void doubleRows(double[][] rows, int h, double[] factor) {
    for (int t = 0; t < h; t++) {
      double[] from = rows[t];
      double[] to = rows[t + h];
      for (int u = 0; u < n; u++) {
        to[u] = from[u] * factor[u];
      }
    }
  }

  private void addRow(double[] sum, double[] row) {
    for (int u = 0; u < n; u++) {
      sum[u] += row[u];
    }
  }

  /** The moments of an untabulated unit u, with σ term by term. */
  private void logisticMomentsTermByTerm(double[] lambda, int u) {
    fillATables(lambda, u);
    for (int hi = 0; hi < high; hi++) {
      double[] w = weight[hi];
      double[] q = stateScratch[hi];
      double ah = highA[hi];
      for (int lo = 0; lo < low; lo++) {
        q[lo] = w[lo] * Logistic.sigmoid(ah + lowA[lo]);
      }
    }
    unitMeans[u] = bitSums(stateScratch);
    for (int j = 0; j < m; j++) {
      pairMeans[j][u] = bitSums[j];
    }
  }

  /**
   * Σ_s x[s], returned, and Σ_{s: s_j = 1} x[s] for every enumerated unit j into {@link #bitSums}:
   * column sums over the high bits give the low bits' sums, row sums over the low bits the high
   * bits'.
   */
  private double bitSums(double[][] x) {
    Arrays.fill(column, 0.0);
    for (int hi = 0; hi < high; hi++) {
      double[] row = x[hi];
      for (int lo = 0; lo < low; lo++) {
        column[lo] += row[lo];
      }
      block[hi] = sum(row, 0, low);
    }
    foldBits(column, lowBits, 0);
    return foldBits(block, m - lowBits, lowBits);
  }

  /**
   * For t of size 2^bits: the sum over indices with bit j set into bitSums[offset + j], for each j;
   * returns the total. t is not modified (a copy is halved in place, top bit first).
   */
  private double foldBits(double[] t, int bits, int offset) {
    double[] f = foldScratch;
    System.arraycopy(t, 0, f, 0, 1 << bits);
    for (int j = bits - 1; j >= 0; j--) {
      int h = 1 << j;
      bitSums[offset + j] = sum(f, h, 2 * h);
      for (int s = 0; s < h; s++) {
        f[s] += f[s + h];
      }
    }
    return f[0];
  }

  /** Σ x[from..to) with four partial sums (independent chains of additions). */
  private static double sum(double[] x, int from, int to) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int i = from;
    for (; i + 3 < to; i += 4) {
      s0 += x[i];
      s1 += x[i + 1];
      s2 += x[i + 2];
      s3 += x[i + 3];
    }
    for (; i < to; i++) {
      s0 += x[i];
    }
    return (s0 + s1) + (s2 + s3);
  }

  /** λ index of W between enumerated unit j and summed unit u. */
  private int pairIndex(int j, int u) {
    return enumeratesHidden ? u * data.hiddenCount + j : j * data.hiddenCount + u;
  }

  /** λ index of enumerated unit j's bias. */
  private int ownIndex(int j) {
    int vk = data.visibleCount * data.hiddenCount;
    return enumeratesHidden ? vk + data.visibleCount + j : vk + j;
  }

  /** λ index of summed unit u's bias. */
  private int otherIndex(int u) {
    int vk = data.visibleCount * data.hiddenCount;
    return enumeratesHidden ? vk + u : vk + data.visibleCount + u;
  }

  private void checkLength(double[] a) {
    if (a.length != data.featureCount) {
      throw new InvalidInputException("an RBM with V=" + data.visibleCount + ", K=" + data.hiddenCount + " has "
          + data.featureCount + " parameters, got a vector of length " + a.length);
    }
  }


  @Override
  public String toString() {
    return "RbmLogLikelihood[V=" + data.visibleCount + ", K=" + data.hiddenCount + ", N=" + data.total + ", distinct="
        + data.distinct() + ", enumerated=" + (enumeratesHidden ? "hidden" : "visible") + "]";
  }

  /**
   * The distinct data rows, shared by copies: the indices of each row's ones, its count, and
   * {@code Σ_n c_n x_n} (the constant part of the data term's α gradient).
   */
  /**
   * The distinct rows' ones, row d's in {@code onesIndex[onesStart[d] … onesStart[d + 1] − 1]}
   * ascending, their counts, and the same ones by column ({@link RowChunks.Columns}).
   */
  private record Data(int visibleCount, int hiddenCount, int featureCount, int[] onesStart, int[] onesIndex,
      double[] counts, long total, double[] visibleTotals, RowChunks.Columns columns) {
    int distinct() {
      return counts.length;
    }

    static Data of(int hiddenCount, RbmData merged) {
      if (hiddenCount < 1) {
        throw new InvalidInputException("an RBM needs at least one hidden unit, got K=" + hiddenCount);
      }
      int v = merged.visibleCount();
      long f = (long) v * hiddenCount + v + hiddenCount;
      if (f > Integer.MAX_VALUE - 8) {
        throw new InvalidInputException("an RBM with V=" + v + ", K=" + hiddenCount + " has too many parameters");
      }
      int distinct = merged.distinctRowCount();
      RowChunks.Sparse sparse = merged.sparse();
      int[] onesStart = sparse.onesStart();
      int[] onesIndex = sparse.onesIndex();
      double[] c = new double[distinct];
      double[] totals = new double[v];
      for (int d = 0; d < distinct; d++) {
        c[d] = merged.count(d);
        for (int p = onesStart[d]; p < onesStart[d + 1]; p++) {
          totals[onesIndex[p]] += c[d];
        }
      }
      return new Data(v, hiddenCount, (int) f, onesStart, onesIndex, c, merged.size(), totals, sparse.columns());
    }
  }
}
