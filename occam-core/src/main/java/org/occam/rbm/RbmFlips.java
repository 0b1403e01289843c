package org.occam.rbm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.occam.evidence.HalfHeightModes;

/**
 * The hidden-unit flips of an RBM and the choices {@link RbmLaplace} makes with them.
 *
 * <p>Flipping unit k ({@code z_k → 1 − z_k}) maps λ to {@code J_k λ}: {@code W_·k → −W_·k},
 * {@code α → α + W_·k}, {@code β_k → −β_k}. Since {@code λᵀf(x, z) = (J_k λ)ᵀ f(x, z') + β_k}, every
 * {@code Z(x, ·)} and Z change by the same factor and the likelihood is unchanged: a flip pattern
 * s (a set of units) moves a mode of the likelihood to another. J_k is an involution, the J_k
 * commute, and {@code J_s = Π_{k∈s} J_k}. The prior N(0, σ0² I) is not invariant
 * ({@code |J_s λ|² ≠ |λ|²}), so each flipped point is only near a posterior mode, of its own height.
 *
 * <p>Which patterns are located: all 2^K when K ≤ {@value #MAX_UNITS_FOR_ALL_PATTERNS}, otherwise
 * those flipping at most {@value #MAX_FLIPPED_UNITS_FOR_LARGE_K} units; of these, the ones whose
 * predicted log mass ({@link #predictedGain}) is within {@value #SCREEN_WINDOW} nats of the
 * unflipped mode's, at most {@value #MAX_LOCATED} of them, the highest predicted first; none when F &gt;
 * {@value #SMALL_FEATURE_COUNT}.
 */
final class RbmFlips {
  /** Up to this K every one of the 2^K flip patterns is considered. */
  static final int MAX_UNITS_FOR_ALL_PATTERNS = 10;
  /** Above {@link #MAX_UNITS_FOR_ALL_PATTERNS}, the patterns flipping at most this many units. */
  static final int MAX_FLIPPED_UNITS_FOR_LARGE_K = 2;
  /**
   * A pattern is located only when its predicted log mass is within this many nats of the unflipped
   * mode's: a mode 15 nats down adds 3·10⁻⁷ nats, and the quadratic prediction is good to a few nats.
   */
  static final double SCREEN_WINDOW = 15;
  /** At most this many patterns are located when F ≤ {@value #SMALL_FEATURE_COUNT}, those of highest predicted mass. */
  static final int MAX_LOCATED = 16;
  /** Above this F no pattern is located ({@link #MAX_LOCATED_LARGE_F}). */
  static final int SMALL_FEATURE_COUNT = 200;
  /**
   * Each located pattern costs a fine-tuning run, and a distinct mode its own Hessian,
   * eigendecomposition and trapezoids. On 100 SOTU rows of 100 words with K = 9 (F = 1009), 4
   * located patterns took 98 of the score's 161 s (on shared cores) and added nothing: the screen's
   * prediction (+460 to +500 nats, the 1/σ0² floor overstating the rise along weakly determined
   * directions) was far off, and the re-optimisations, stopped by the ESS limit in every round,
   * ended 480–590 nats below λMP; with 2 located the score took about 1.5× as long for nothing. So
   * above {@link #SMALL_FEATURE_COUNT} parameters none is located, and the diagnostics say so.
   */
  static final int MAX_LOCATED_LARGE_F = 0;

  /** How many patterns may be located for F parameters. */
  static int maxLocated(int featureCount) {
    return featureCount <= SMALL_FEATURE_COUNT ? MAX_LOCATED : MAX_LOCATED_LARGE_F;
  }

  private RbmFlips() {}

  /** The flip patterns considered for K hidden units, each the sorted units it flips; the empty one excluded. */
  static List<int[]> patterns(int hiddenCount) {
    List<int[]> out = new ArrayList<>();
    if (hiddenCount <= MAX_UNITS_FOR_ALL_PATTERNS) {
      for (int s = 1; s < 1 << hiddenCount; s++) {
        int[] units = new int[Integer.bitCount(s)];
        int at = 0;
        for (int u = 0; u < hiddenCount; u++) {
          if ((s >> u & 1) != 0) {
            units[at++] = u;
          }
        }
        out.add(units);
      }
      return out;
    }
    for (int u = 0; u < hiddenCount; u++) {
      out.add(new int[] {u});
    }
    for (int u = 0; u < hiddenCount; u++) {
      for (int w = u + 1; w < hiddenCount; w++) {
        out.add(new int[] {u, w});
      }
    }
    return out;
  }

  /** The rule {@link #patterns} follows, in words, for diagnostics. */
  static String rule(int hiddenCount, int featureCount) {
    String which = hiddenCount <= MAX_UNITS_FOR_ALL_PATTERNS ? "all 2^K flip patterns"
        : "the flip patterns of at most " + MAX_FLIPPED_UNITS_FOR_LARGE_K + " units (K > "
            + MAX_UNITS_FOR_ALL_PATTERNS + ")";
    if (maxLocated(featureCount) == 0) {
      return "no flip pattern located above F = " + SMALL_FEATURE_COUNT + " parameters (the quadratic screen is"
          + " unreliable there and relocation measured to add nothing at about 1.5x the cost)";
    }
    return which + "; located when the quadratic prediction of the relocated mode's log mass is within "
        + SCREEN_WINDOW + " nats of the unflipped mode's, at most " + maxLocated(featureCount) + " of them (the"
        + " highest predicted; none above F = " + SMALL_FEATURE_COUNT + ")";
  }

  /** {@code J_s λ} for the RBM's shape (a fresh array; {@code lambda} is not modified). */
  static double[] flip(Rbm shape, double[] lambda, int[] units) {
    double[] out = lambda.clone();
    int v = shape.visibleCount();
    for (int u : units) {
      for (int i = 0; i < v; i++) {
        double w = lambda[shape.weightIndex(i, u)];
        out[shape.visibleBiasIndex(i)] += w;
        out[shape.weightIndex(i, u)] = -w;
      }
      out[shape.hiddenBiasIndex(u)] = -lambda[shape.hiddenBiasIndex(u)];
    }
    return out;
  }

  /**
   * {@code J_sᵀ y} (a fresh array): for each flipped unit, {@code y_{W_ik} → −y_{W_ik} + y_{α_i}} and
   * {@code y_{β_k} → −y_{β_k}}; the α entries are unchanged (the J_kᵀ commute, each reading only α).
   */
  static double[] transposeApply(Rbm shape, double[] y, int[] units) {
    double[] out = y.clone();
    int v = shape.visibleCount();
    for (int u : units) {
      for (int i = 0; i < v; i++) {
        out[shape.weightIndex(i, u)] = -y[shape.weightIndex(i, u)] + y[shape.visibleBiasIndex(i)];
      }
      out[shape.hiddenBiasIndex(u)] = -y[shape.hiddenBiasIndex(u)];
    }
    return out;
  }

  /**
   * The predicted rise of the log posterior from the flipped point {@code λ_s = J_s λ} to the mode
   * near it, {@code ½ gᵀ A_s⁻¹ g} with g the log posterior's gradient at λ_s. The likelihood's
   * Hessian there is exactly {@code J_sᵀ H J_s} (H at λ, since {@code L(J_s μ) = L(μ)} and
   * {@code J_s⁻¹ = J_s}); A_s is taken as {@code J_sᵀ Ã J_s}, with Ã the Hessian A of the negative
   * log posterior at λ and its eigenvalues raised to at least {@code floor} (1/σ0²; the prior's own
   * change of curvature is left out), so {@code A_s⁻¹ = J_s Ã⁻¹ J_sᵀ} costs one projection on A's
   * eigenvectors.
   *
   * @param gradient g at λ_s (not modified)
   * @param eigenvalues A's eigenvalues
   * @param eigenvectors A's unit eigenvectors, one per eigenvalue
   */
  static double predictedGain(Rbm shape, double[] gradient, int[] units, double[] eigenvalues,
      double[][] eigenvectors, double floor) {
    double[] u = transposeApply(shape, gradient, units);
    double gain = 0;
    for (int i = 0; i < eigenvalues.length; i++) {
      double p = 0;
      double[] vec = eigenvectors[i];
      for (int a = 0; a < u.length; a++) {
        p += vec[a] * u[a];
      }
      gain += p * p / Math.max(eigenvalues[i], floor);
    }
    return 0.5 * gain;
  }

  /**
   * Whether mode b is mode a up to a permutation of the hidden units, by Chen &amp; Welling's
   * criterion for equivalent modes (section 3.1.4): with b's units matched to a's (greedily, the
   * closest pair of units by their weights and hidden bias first),
   * {@code exp(−½ dᵀ A d) > ½} for {@code d = (λ_a − π λ_b)/2} and A the Hessian at a.
   */
  static boolean sameMode(Rbm shape, double[] a, double[] b, double[][] hessianAtA) {
    int k = shape.hiddenCount();
    int v = shape.visibleCount();
    int[] match = matchUnits(shape, a, b);
    double[] d = new double[a.length];
    for (int i = 0; i < v; i++) {
      d[shape.visibleBiasIndex(i)] = 0.5 * (a[shape.visibleBiasIndex(i)] - b[shape.visibleBiasIndex(i)]);
      for (int u = 0; u < k; u++) {
        d[shape.weightIndex(i, u)] = 0.5 * (a[shape.weightIndex(i, u)] - b[shape.weightIndex(i, match[u])]);
      }
    }
    for (int u = 0; u < k; u++) {
      d[shape.hiddenBiasIndex(u)] = 0.5 * (a[shape.hiddenBiasIndex(u)] - b[shape.hiddenBiasIndex(match[u])]);
    }
    return HalfHeightModes.sameMode(d, hessianAtA);
  }

  /** match[u] = the unit of b paired with unit u of a, closest pairs first. */
  static int[] matchUnits(Rbm shape, double[] a, double[] b) {
    int k = shape.hiddenCount();
    int v = shape.visibleCount();
    double[][] distance = new double[k][k];
    for (int u = 0; u < k; u++) {
      for (int w = 0; w < k; w++) {
        double s = 0;
        for (int i = 0; i < v; i++) {
          double diff = a[shape.weightIndex(i, u)] - b[shape.weightIndex(i, w)];
          s += diff * diff;
        }
        double diff = a[shape.hiddenBiasIndex(u)] - b[shape.hiddenBiasIndex(w)];
        distance[u][w] = s + diff * diff;
      }
    }
    int[] match = new int[k];
    Arrays.fill(match, -1);
    boolean[] taken = new boolean[k];
    for (int round = 0; round < k; round++) {
      int bestU = -1;
      int bestW = -1;
      for (int u = 0; u < k; u++) {
        if (match[u] >= 0) {
          continue;
        }
        for (int w = 0; w < k; w++) {
          if (!taken[w] && (bestU < 0 || distance[u][w] < distance[bestU][bestW])) {
            bestU = u;
            bestW = w;
          }
        }
      }
      match[bestU] = bestW;
      taken[bestW] = true;
    }
    return match;
  }
}
