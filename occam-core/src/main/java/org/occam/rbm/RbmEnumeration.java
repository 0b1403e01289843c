package org.occam.rbm;

import org.occam.data.InvalidInputException;
import org.occam.math.Logistic;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import org.occam.math.LogSpace;

/**
 * Exact {@code log Z(λ)}, {@code E[f]} and (optionally) {@code C = Cov(f)} of a small {@link Rbm}
 * by enumerating the smaller side only. Given the enumerated side s the other side u is
 * independent Bernoulli, so with the hidden side enumerated
 * {@code log Z(λ) = log Σ_z exp(βᵀ z + Σ_i softplus(α_i + W_i z))} (and symmetrically with the
 * visible side enumerated, {@code Σ_x exp(log Z(x, λ))}); this costs 2^min(V,K) · max(V,K)
 * instead of 2^(V+K).
 *
 * <p>States are visited in Gray-code order, so each step flips one enumerated unit and updates the
 * other side's fields by one row of W; the fields are recomputed from scratch every
 * {@value #REANCHOR_INTERVAL} steps so rounding cannot drift. Sums run in log space with a running
 * maximum. The 2^m states are cut into a fixed number of contiguous ranges ({@value #RANGE_COUNT},
 * or fewer for tiny models), independent of the thread count; each range is summed on its own and
 * the ranges are combined in index order, so the result is bit-identical for any number of threads.
 *
 * <p>The means and covariance use the conditional moments in closed form and the law of total
 * covariance, {@code C = E_s[Cov(f | s)] + Cov_s(E[f | s])}, in two further passes (means, then
 * centred second moments) after log Z is known.
 */
public final class RbmEnumeration {
  /** The default limit on min(V, K), the number of enumerated units (2^30 ≈ 1.1e9 states). */
  public static final int DEFAULT_MAX_ENUMERATED_UNITS = 30;
  /** The number of independent summation ranges (fixed so results do not depend on threads). */
  public static final int RANGE_COUNT = 32;
  /** Gray-code steps between recomputations of the fields from scratch. */
  public static final int REANCHOR_INTERVAL = 1 << 12;
  private static final int HARD_LIMIT = 62;

  private final Rbm model;
  private final double logZ;
  private final double[] means;
  private final double[][] covariance;
  private final boolean enumeratesHidden;

  private RbmEnumeration(Rbm model, double logZ, double[] means, double[][] covariance, boolean enumeratesHidden) {
    this.model = model;
    this.logZ = logZ;
    this.means = means;
    this.covariance = covariance;
    this.enumeratesHidden = enumeratesHidden;
  }

  /** Exact log Z(λ) with the default limit. */
  public static double logPartition(Rbm rbm, int threads) {
    return logPartition(rbm, threads, DEFAULT_MAX_ENUMERATED_UNITS);
  }

  /**
   * Exact log Z(λ).
   *
   * @param threads worker threads (≥ 1); the result does not depend on it
   * @param maxEnumeratedUnits refuse models with min(V, K) above this (≤ 62)
   * @throws IllegalArgumentException if min(V, K) exceeds {@code maxEnumeratedUnits}
   */
  public static double logPartition(Rbm rbm, int threads, int maxEnumeratedUnits) {
    Side side = Side.of(rbm, maxEnumeratedUnits);
    checkThreads(threads);
    return side.logPartition(threads);
  }

  /**
   * The Hessian of the exact negative log posterior {@code −Σ_n c_n log p(x_n | λ) − log p(λ)} under
   * the prior N(0, I/priorPrecision): {@code N C − Σ_n c_n Cov(f | x_n, λ) + priorPrecision I} (eqn 7
   * of Chen &amp; Welling with exact moments), C by enumerating the smaller side ({@link #covariance}).
   *
   * <p>Given x the hidden units are independent, so {@link Rbm#conditionalFeatureCovariance}'s only
   * nonzero entries pair {@code x_i z_k} and {@code z_k} with {@code x_j z_k} and {@code z_k} for the
   * ones i, j of x and the same k, all equal to {@code σ_k (1 − σ_k)}: the data part is subtracted
   * from those, (|x| + 1)² K entries a row instead of F². Each entry gets the rows' terms in row
   * order, as a subtraction of the dense matrices would, which subtracts only zeros besides: the same
   * numbers to the bit (tested).
   *
   * @param rows the distinct rows (read, not written)
   * @param counts their counts (N is their sum)
   */
  public static double[][] posteriorHessian(Rbm rbm, int[][] rows, long[] counts, double priorPrecision,
      int threads) {
    int f = rbm.featureCount();
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    double[][] a = run(rbm, threads, true).covariance();
    for (int p = 0; p < f; p++) {
      for (int q = 0; q < f; q++) {
        a[p][q] *= total;
      }
      a[p][p] += priorPrecision;
    }
    int v = rbm.visibleCount();
    int k = rbm.hiddenCount();
    int hb = v * k + v;
    double[] sigma = new double[k];
    int[] ones = new int[v];
    for (int n = 0; n < rows.length; n++) {
      if (counts[n] == 0) {
        continue;
      }
      int[] x = rows[n];
      int m = 0;
      for (int i = 0; i < v; i++) {
        if (x[i] != 0) {
          ones[m++] = i;
        }
      }
      rbm.hiddenPosteriorMeans(x, sigma);
      for (int h = 0; h < k; h++) {
        double w = counts[n] * (sigma[h] * (1 - sigma[h]));
        for (int p = 0; p < m; p++) {
          double[] row = a[ones[p] * k + h];
          for (int q = 0; q < m; q++) {
            row[ones[q] * k + h] -= w;
          }
          row[hb + h] -= w;
        }
        double[] bias = a[hb + h];
        for (int q = 0; q < m; q++) {
          bias[ones[q] * k + h] -= w;
        }
        bias[hb + h] -= w;
      }
    }
    return a;
  }

  /** Exact log Z, E[f] and, if asked, Cov(f), with the default limit. */
  public static RbmEnumeration run(Rbm rbm, int threads, boolean withCovariance) {
    return run(rbm, threads, withCovariance, DEFAULT_MAX_ENUMERATED_UNITS);
  }

  /**
   * Exact log Z, E[f] and, if asked, Cov(f) (F×F, accumulated per range: {@value #RANGE_COUNT}·F²
   * doubles of working memory).
   *
   * @param threads worker threads (≥ 1); the result does not depend on it
   * @param maxEnumeratedUnits refuse models with min(V, K) above this (≤ 62)
   * @throws IllegalArgumentException if min(V, K) exceeds {@code maxEnumeratedUnits}
   */
  public static RbmEnumeration run(Rbm rbm, int threads, boolean withCovariance, int maxEnumeratedUnits) {
    Side side = Side.of(rbm, maxEnumeratedUnits);
    checkThreads(threads);
    double logZ = side.logPartition(threads);
    int f = rbm.featureCount();
    List<double[]> partialMeans = side.forEachRange(threads, r -> {
      double[] s1 = new double[f];
      double[] conditional = new double[f];
      side.visit(r, (s, fields, logMarginal) -> {
        double p = Math.exp(logMarginal - logZ);
        side.conditionalMeans(s, fields, conditional);
        for (int a = 0; a < f; a++) {
          s1[a] += p * conditional[a];
        }
      });
      return s1;
    });
    double[] means = new double[f];
    for (double[] s1 : partialMeans) {
      for (int a = 0; a < f; a++) {
        means[a] += s1[a];
      }
    }
    double[][] cov = withCovariance ? side.covariance(threads, logZ, means) : null;
    return new RbmEnumeration(rbm, logZ, means, cov, side.hidden);
  }

  private static void checkThreads(int threads) {
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
  }

  /**
   * The unnormalised log marginal of every state of the smaller side, indexed by configuration
   * (bit j of the index is unit j): {@code log Σ_x exp(λᵀ f(x, z))} per z if
   * {@code enumerateHidden}, else {@code log Z(x, λ)} per x. Used by the exact sampler.
   */
  static double[] logMarginals(Rbm rbm, boolean enumerateHidden, int maxEnumeratedUnits) {
    Side side = new Side(rbm, enumerateHidden);
    if (side.m > maxEnumeratedUnits || side.m > 30) {
      throw new InvalidInputException("tabulating the marginal of " + side.m + " "
          + (enumerateHidden ? "hidden" : "visible") + " units (2^" + side.m + " states) is above the limit of "
          + Math.min(maxEnumeratedUnits, 30));
    }
    double[] out = new double[1 << side.m];
    for (int r = 0; r < side.rangeCount(); r++) {
      side.visitIndexed(r, (gray, s, fields, logMarginal) -> out[(int) gray] = logMarginal);
    }
    return out;
  }

  /** True when the enumeration summed over hidden states (K ≤ V), false when over visible ones. */
  public boolean enumeratesHidden() {
    return enumeratesHidden;
  }

  public Rbm model() {
    return model;
  }

  /** log Z(λ). */
  public double logZ() {
    return logZ;
  }

  /** E[f] in feature order (a fresh copy). */
  public double[] featureMeans() {
    return means.clone();
  }

  /**
   * The exact feature covariance C (a fresh F×F array).
   *
   * @throws IllegalStateException if the run did not accumulate it
   */
  public double[][] covariance() {
    if (covariance == null) {
      throw new IllegalStateException("this enumeration ran without the covariance");
    }
    double[][] out = new double[covariance.length][];
    for (int a = 0; a < covariance.length; a++) {
      out[a] = covariance[a].clone();
    }
    return out;
  }

  @Override
  public String toString() {
    return "RbmEnumeration[V=" + model.visibleCount() + ", K=" + model.hiddenCount() + ", enumerated="
        + (enumeratesHidden ? "hidden" : "visible") + ", logZ=" + logZ + "]";
  }

  private interface StateVisitor {
    /** s: the enumerated side's state; fields: the other side's input fields; logMarginal: Σ out. */
    void visit(int[] s, double[] fields, double logMarginal);
  }

  private interface IndexedStateVisitor {
    void visit(long configuration, int[] s, double[] fields, double logMarginal);
  }

  /**
   * The RBM seen from the enumerated side s (m units) and the summed side u (n units):
   * rows[j] = the weights from enumerated unit j to every summed unit, own[j] its bias, other[u]
   * the summed units' biases.
   */
  private static final class Side {
    final Rbm rbm;
    final boolean hidden;
    final int m;
    final int n;
    final double[][] rows;
    final double[] own;
    final double[] other;

    Side(Rbm rbm, boolean hidden) {
      this.rbm = rbm;
      this.hidden = hidden;
      int v = rbm.visibleCount();
      int k = rbm.hiddenCount();
      m = hidden ? k : v;
      n = hidden ? v : k;
      rows = new double[m][n];
      own = new double[m];
      other = new double[n];
      for (int j = 0; j < m; j++) {
        for (int u = 0; u < n; u++) {
          rows[j][u] = hidden ? rbm.weight(u, j) : rbm.weight(j, u);
        }
        own[j] = hidden ? rbm.hiddenBias(j) : rbm.visibleBias(j);
      }
      for (int u = 0; u < n; u++) {
        other[u] = hidden ? rbm.visibleBias(u) : rbm.hiddenBias(u);
      }
    }

    static Side of(Rbm rbm, int maxEnumeratedUnits) {
      if (maxEnumeratedUnits < 1 || maxEnumeratedUnits > HARD_LIMIT) {
        throw new InvalidInputException("the enumeration limit must be in 1.." + HARD_LIMIT + ", got "
            + maxEnumeratedUnits);
      }
      boolean hidden = rbm.hiddenCount() <= rbm.visibleCount();
      int m = Math.min(rbm.visibleCount(), rbm.hiddenCount());
      if (m > maxEnumeratedUnits) {
        throw new InvalidInputException("exact enumeration of an RBM with V=" + rbm.visibleCount() + ", K="
            + rbm.hiddenCount() + " needs 2^" + m + " states of its smaller side, above the limit of min(V, K) <= "
            + maxEnumeratedUnits + "; use a sampling estimate (e.g. AIS) instead");
      }
      return new Side(rbm, hidden);
    }

    int rangeCount() {
      return (int) Math.min(1L << m, RANGE_COUNT);
    }

    long rangeStart(int r) {
      long total = 1L << m;
      return total / rangeCount() * r;
    }

    void visit(int r, StateVisitor visitor) {
      visitIndexed(r, (c, s, fields, lm) -> visitor.visit(s, fields, lm));
    }

    /** Visits the Gray-code steps t in range r; the state is the configuration t ^ (t >>> 1). */
    void visitIndexed(int r, IndexedStateVisitor visitor) {
      long from = rangeStart(r);
      long to = r + 1 == rangeCount() ? 1L << m : rangeStart(r + 1);
      int[] s = new int[m];
      double[] fields = new double[n];
      double ownSum = 0;
      for (long t = from; t < to; t++) {
        long gray = t ^ (t >>> 1);
        if (t == from || (t - from) % REANCHOR_INTERVAL == 0) {
          System.arraycopy(other, 0, fields, 0, n);
          ownSum = 0;
          for (int j = 0; j < m; j++) {
            s[j] = (int) ((gray >>> j) & 1);
            if (s[j] != 0) {
              ownSum += own[j];
              double[] row = rows[j];
              for (int u = 0; u < n; u++) {
                fields[u] += row[u];
              }
            }
          }
        } else {
          int flip = Long.numberOfTrailingZeros(t);
          s[flip] ^= 1;
          double[] row = rows[flip];
          if (s[flip] != 0) {
            ownSum += own[flip];
            for (int u = 0; u < n; u++) {
              fields[u] += row[u];
            }
          } else {
            ownSum -= own[flip];
            for (int u = 0; u < n; u++) {
              fields[u] -= row[u];
            }
          }
        }
        double lm = ownSum;
        for (int u = 0; u < n; u++) {
          lm += Logistic.softplus(fields[u]);
        }
        visitor.visit(gray, s, fields, lm);
      }
    }

    double logPartition(int threads) {
      List<Double> partial = forEachRange(threads, r -> {
        double[] acc = {Double.NEGATIVE_INFINITY, 0};
        visit(r, (s, fields, lm) -> {
          if (lm > acc[0]) {
            acc[1] = acc[1] * Math.exp(acc[0] - lm) + 1;
            acc[0] = lm;
          } else {
            acc[1] += Math.exp(lm - acc[0]);
          }
        });
        return acc[0] + Math.log(acc[1]);
      });
      double[] logs = new double[partial.size()];
      for (int r = 0; r < logs.length; r++) {
        logs[r] = partial.get(r);
      }
      return LogSpace.logSumExp(logs);
    }

    /** E[f | s] into out: the summed units have means ρ_u = σ(field_u), the enumerated ones are s. */
    void conditionalMeans(int[] s, double[] fields, double[] out) {
      int k = rbm.hiddenCount();
      for (int u = 0; u < n; u++) {
        double rho = Logistic.sigmoid(fields[u]);
        out[otherIndex(u)] = rho;
        for (int j = 0; j < m; j++) {
          out[pairIndex(j, u, k)] = s[j] != 0 ? rho : 0;
        }
      }
      for (int j = 0; j < m; j++) {
        out[ownIndex(j)] = s[j];
      }
    }

    int pairIndex(int j, int u, int k) {
      return hidden ? u * k + j : j * k + u;
    }

    int ownIndex(int j) {
      return hidden ? rbm.hiddenBiasIndex(j) : rbm.visibleBiasIndex(j);
    }

    int otherIndex(int u) {
      return hidden ? rbm.visibleBiasIndex(u) : rbm.hiddenBiasIndex(u);
    }

    /**
     * C = Σ_s p(s) [Cov(f | s) + (E[f | s] − E f)(E[f | s] − E f)ᵀ]. Given s the summed units are
     * independent with variances ν_u = ρ_u (1 − ρ_u), and the only features that vary are
     * {@code s_j u} (for s_j = 1) and u itself, so Cov(f | s) is block-sparse by summed unit.
     */
    double[][] covariance(int threads, double logZ, double[] means) {
      int f = means.length;
      int k = rbm.hiddenCount();
      List<double[][]> partial = forEachRange(threads, r -> {
        double[][] s2 = new double[f][f];
        double[] d = new double[f];
        int[] on = new int[m];
        visit(r, (s, fields, lm) -> {
          double p = Math.exp(lm - logZ);
          conditionalMeans(s, fields, d);
          for (int a = 0; a < f; a++) {
            d[a] -= means[a];
          }
          for (int a = 0; a < f; a++) {
            double pa = p * d[a];
            if (pa != 0) {
              double[] row = s2[a];
              for (int b = a; b < f; b++) {
                row[b] += pa * d[b];
              }
            }
          }
          int ons = 0;
          for (int j = 0; j < m; j++) {
            if (s[j] != 0) {
              on[ons++] = j;
            }
          }
          for (int u = 0; u < n; u++) {
            double rho = Logistic.sigmoid(fields[u]);
            double pv = p * rho * (1 - rho);
            int ou = otherIndex(u);
            s2[ou][ou] += pv;
            for (int q = 0; q < ons; q++) {
              int a = pairIndex(on[q], u, k);
              addUpper(s2, a, ou, pv);
              for (int q2 = 0; q2 < ons; q2++) {
                int b = pairIndex(on[q2], u, k);
                if (a <= b) {
                  s2[a][b] += pv;
                }
              }
            }
          }
        });
        return s2;
      });
      double[][] c = new double[f][f];
      for (double[][] s2 : partial) {
        for (int a = 0; a < f; a++) {
          for (int b = a; b < f; b++) {
            c[a][b] += s2[a][b];
          }
        }
      }
      for (int a = 0; a < f; a++) {
        for (int b = a + 1; b < f; b++) {
          c[b][a] = c[a][b];
        }
      }
      return c;
    }

    private static void addUpper(double[][] s2, int a, int b, double value) {
      s2[Math.min(a, b)][Math.max(a, b)] += value;
    }

    /** Runs task(r) for every range r on {@code threads} workers; results in range order. */
    <T> List<T> forEachRange(int threads, IntFunction<T> task) {
      int ranges = rangeCount();
      int workers = Math.min(threads, ranges);
      List<T> out = new ArrayList<>(ranges);
      if (workers == 1) {
        for (int r = 0; r < ranges; r++) {
          out.add(task.apply(r));
        }
        return out;
      }
      ExecutorService pool = Executors.newFixedThreadPool(workers, runnable -> {
        Thread t = new Thread(runnable, "occam-rbm-enumeration");
        t.setDaemon(true);
        return t;
      });
      try {
        List<Future<T>> futures = new ArrayList<>(ranges);
        for (int r = 0; r < ranges; r++) {
          int range = r;
          futures.add(pool.submit(() -> task.apply(range)));
        }
        for (Future<T> future : futures) {
          out.add(future.get());
        }
        return out;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted during the RBM enumeration", e);
      } catch (ExecutionException e) {
        throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
      } finally {
        pool.shutdownNow();
      }
    }
  }
}
