package org.occam.rbm;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.DoubleFunction;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.Lbfgs;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;
import org.occam.math.SymmetricEigen;
import org.occam.math.TrustRegionNewton;
import org.occam.evidence.HalfHeightModes;

/**
 * Chen &amp; Welling's (2013) Laplace procedure for the evidence of an RBM (their Algorithm 1), and
 * the single-point scores built from the same steps:
 *
 * <ol>
 *   <li>PCD finds λ_PCD ({@link PersistentContrastiveDivergence}, MAP with the N(0, σ0² I) prior),
 *       from {@link Settings#pcdRestarts} starts of growing spread, the best by the exact objective
 *       kept when min(V, K) is small enough to compute it;
 *   <li>T ≥ N Gibbs samples x⁽ᵗ⁾ ~ p(x | λ_PCD) ({@link RbmGibbsSampler}; chains start at data
 *       rows);
 *   <li>fine-tuning: L-BFGS minimises the importance-sampled ℓ(λ) of eqn 6
 *       ({@link ImportanceSampledObjective}) from λ_PCD, refusing any iterate where the effective
 *       sample size of the weights falls below 90% of T (section 3.1.2); beyond the paper, when
 *       its end is not within {@link #FINE_TUNING_TOLERANCE} nats of a minimum by the Newton
 *       decrement, Newton's method in a trust region goes on under the same limit
 *       ({@link TrustRegionNewton}); the result is λMP. Beyond the paper, where the exact ℓ is
 *       affordable ({@link Settings#exactObjective}: log Z enumerated and 2^min(V, K) · F² ≤
 *       {@value #MAX_EXACT_OBJECTIVE_COST}) steps 3–4 and the flipped modes use it
 *       ({@link RbmExactObjective}) instead of the importance-sampled one: no samples, no ESS limit,
 *       no F·N/(2T) shortfall of λMP and no noise in A or the trapezoids
 *       ({@link FineTuning#exactObjective} says which);
 *   <li>the Hessian A = ∇²ℓ(λMP) (eqn 7 with the between-sample term) and its eigendecomposition;
 *       along every eigenvector whose eigenvalue is below {@code S_thresh = 1/σ0²} the Gaussian
 *       factor {@code √(2π/S_i)} is replaced by the width of a trapezoid, {@code t_r + t_l}, the
 *       distances to where {@code exp(−(ℓ(λMP + t v) − ℓ(λMP)))} falls to ½ or the ESS to 90% of T,
 *       found by doubling then bisection (section 3.1.3);
 *   <li>log Z(λMP) exactly (enumerating the smaller side) or by AIS ({@link RbmPartitionAis});
 *   <li>eqn 5, plus {@code log K!/(K_1!⋯K_R!)} for the equivalent modes made by permuting hidden
 *       units: units i and j are in one group when the mode swapped in i and j is within the
 *       Gaussian's half height, {@code exp(−½ dᵀ A d) > ½} with {@code d = (λMP − λ_ij)/2}
 *       (section 3.1.4; groups are the transitive closure);
 *   <li>beyond the paper, the modes made by flipping hidden units ({@link RbmFlips}): each flip
 *       pattern's image of λMP is re-optimised, and every resulting mode that is not one already
 *       found (up to a permutation) gets steps 4–6 of its own; the scores sum the distinct modes'
 *       terms by log-sum-exp ({@link #flipModes}).
 * </ol>
 *
 * <p>The scores, with {@code L(λ) = Σ_n log Z(x_n, λ) − N log Z(λ)} and
 * {@code log p(λ) = −(F/2) log 2πσ0² − |λ|²/2σ0²}:
 *
 * <pre>
 *   map      = L(λMP) + log p(λMP)                                    (first three terms of eqn 5)
 *   laplace0 = log Σ_m exp(map_m + (F/2) log 2π − ½ log det A_m + log K!/(K_1!⋯K_R!)_m)   (eqn 5 per mode; needs every A_m positive definite)
 *   laplace  = log Σ_m exp(map_m + Σ_{S_i ≥ S_thresh} ½ log(2π/S_i) + Σ_{S_i &lt; S_thresh} log(t_r + t_l) + log K!/(K_1!⋯K_R!)_m)
 *   ml-bic   = L(λML) + log p(λML) − (F/2) log N                       (section 3.1.5: the first four terms at λML)
 * </pre>
 *
 * <p>ML-BIC follows the paper and keeps the prior term at λML; its result also gives L(λML) alone.
 * λML is PCD's maximum-likelihood estimate after the same number of 1/t updates, with log Z found
 * as for laplace. It is not fine-tuned: fine-tuning serves the Hessian, which ML-BIC does not use,
 * and without a prior ℓ often has no finite minimiser (a pattern never seen in the data pulls λ to
 * infinity), so the fine-tuned point would run off with the ESS still high.
 *
 * <p>m runs over the distinct modes: λMP's and those of the flip patterns (map is λMP's alone). The
 * symmetry that flips a hidden unit ({@code z_k → 1 − z_k}, {@code W_k → −W_k, α → α + W_k,
 * β_k → −β_k}) leaves the likelihood unchanged but not the prior, so it makes modes of different
 * heights and curvatures that the paper's count (permutations only) leaves out. Often the flipped
 * λMP is not near a mode of its own: re-optimised, it climbs back to λMP or one of its
 * permutations (on small RBMs the flips and permutations are joined by ridges), and then it adds
 * nothing; the diagnostics say how many patterns collapsed so.
 *
 * <p>Randomness: one root stream per call, split in a fixed order into PCD, the Gibbs chains (one
 * stream each), AIS and the Gibbs chains at λMP for the flipped modes, so the same seed gives the
 * same numbers on any number of threads.
 */
public final class RbmLaplace {
  /** PCD runs by default (see {@link Settings#pcdRestarts}). */
  public static final int DEFAULT_PCD_RESTARTS = 3;

  /**
   * Fine-tuning has converged when the Newton decrement ½ gᵀA⁻¹g at its end, the estimate of how far
   * ℓ is above its minimum, is at most this many nats ({@link FineTuning#converged}).
   */
  public static final double FINE_TUNING_TOLERANCE = 0.01;

  /** Newton's method after L-BFGS stops at a decrement of this many nats. */
  static final double NEWTON_DECREMENT_TARGET = 1e-6;

  /**
   * L-BFGS corrections kept by the fine-tuning (minFunc's default; Nocedal &amp; Wright's 10 is the
   * general default). ℓ's curvature runs from 1/σ0² to about N, and more pairs follow it: on
   * SpamAssassin (K = 9, F = 1,009, exact ℓ) 10 pairs used all 1,000 iterations and stopped 7e-5
   * nats short by the Newton decrement, 100 pairs converged in 463 (3e-6 short), and the stage took
   * 2.9 against 5.5 s; on SOTU's 17,835 rows 991 against 543 iterations (2e-4 and 1e-5 short).
   */
  static final int FINE_TUNING_MEMORY = 100;

  /** The most trial steps of Newton's method after L-BFGS. */
  static final int NEWTON_MAX_TRIALS = 200;

  /**
   * The largest cost {@code 2^min(V, K) · F²} for which the exact ℓ replaces the importance-sampled
   * one ({@link Settings#exactObjective}): the multiply-adds of the model part of one exact Hessian
   * (the data part is (|x| + 1)² K a distinct row). 1.3·10⁹ admits 100 visible units with K ≤ 10
   * (2^10 · 1,110² = 1.26·10⁹) and every model with F ≤ 200 and
   * min(V, K) ≤ 13, the bound before. Larger models run on the importance-sampled ℓ, as the paper's do.
   */
  public static final double MAX_EXACT_OBJECTIVE_COST = 1.3e9;

  /** The fraction of T the effective sample size may not fall below (section 3.1.2). */
  public static final double DEFAULT_ESS_FRACTION = 0.9;

  /**
   * Settings of the procedure.
   *
   * @param training PCD settings for λ_PCD (its σ0 is the prior's; ML-BIC uses the same settings
   *     without the prior)
   * @param sampleChains Gibbs chains for the samples of step 2 (≥ 1)
   * @param burnIn sweeps before a chain's first sample (≥ 0)
   * @param samplesPerChain samples kept per chain (≥ 1); T = sampleChains · samplesPerChain, raised to
   *     at least N
   * @param thinning sweeps between kept samples (≥ 1)
   * @param essFraction the ESS limit as a fraction of T, in (0, 1]
   * @param eigenvalueThreshold S_thresh; {@code NaN} for the paper's {@code 1/σ0²}; 0 turns the
   *     trapezoids off (negative eigenvalues then still get one)
   * @param logZ how log Z(λMP) is computed
   * @param maxEnumeratedUnits the largest min(V, K) enumerated (EXACT, AUTO)
   * @param ais the AIS settings (AIS, and AUTO above the limit)
   * @param fineTuning the L-BFGS settings of step 3
   * @param pcdRestarts PCD runs from starts of growing spread ({@link #initialScale}); when the exact
   *     likelihood is affordable (min(V, K) ≤ {@value RbmLogLikelihood#MAX_ENUMERATED_UNITS}) the run
   *     with the highest exact objective is kept, otherwise only the first is made
   * @param exactFineTuning whether steps 3–4 (and the flipped modes' relocations) use the exact ℓ
   *     instead of the importance-sampled one where that is affordable ({@link #exactObjective}):
   *     beyond the paper, it removes λMP's F·N/(2T) shortfall and the noise of the Hessian and the
   *     trapezoids; false for the paper's procedure everywhere
   */
  public record Settings(PersistentContrastiveDivergence.Settings training, int sampleChains, int burnIn,
      int samplesPerChain, int thinning, double essFraction, double eigenvalueThreshold, RbmLogPartition.Method logZ,
      int maxEnumeratedUnits, RbmPartitionAis.Settings ais, Lbfgs.Settings fineTuning, int pcdRestarts,
      boolean exactFineTuning) implements java.io.Serializable {
    public Settings {
      if (pcdRestarts < 1) {
        throw new InvalidInputException("need at least one PCD run, got " + pcdRestarts);
      }
      Objects.requireNonNull(training, "training");
      Objects.requireNonNull(logZ, "logZ");
      Objects.requireNonNull(ais, "ais");
      Objects.requireNonNull(fineTuning, "fineTuning");
      if (!training.isMap()) {
        throw new InvalidInputException("the Laplace procedure needs a prior: give PCD a finite σ0");
      }
      if (sampleChains < 1 || burnIn < 0 || samplesPerChain < 1 || thinning < 1) {
        throw new InvalidInputException("need sample chains >= 1, burn-in >= 0, samples per chain >= 1 and"
            + " thinning >= 1, got " + sampleChains + ", " + burnIn + ", " + samplesPerChain + ", " + thinning);
      }
      if (!(essFraction > 0 && essFraction <= 1)) {
        throw new InvalidInputException("the ESS fraction must be in (0, 1], got " + essFraction);
      }
      if (!(eigenvalueThreshold >= 0) && !Double.isNaN(eigenvalueThreshold) || Double.isInfinite(eigenvalueThreshold)) {
        throw new InvalidInputException("the eigenvalue threshold must be finite and >= 0 (NaN for 1/σ0²), got "
            + eigenvalueThreshold);
      }
      if (maxEnumeratedUnits < 1 || maxEnumeratedUnits > RbmEnumeration.DEFAULT_MAX_ENUMERATED_UNITS) {
        throw new InvalidInputException("the enumeration limit must be in 1.."
            + RbmEnumeration.DEFAULT_MAX_ENUMERATED_UNITS + ", got " + maxEnumeratedUnits);
      }
    }

    /**
     * PCD defaults (σ0 = 1, 10,000 updates); T = 100 chains × 100 samples (more when N &gt; 10,000:
     * T ≥ N), 1,000 sweeps of burn-in,
     * every 10th sweep kept; ESS limit 90%; S_thresh = 1/σ0²; log Z exact up to min(V, K) = 20,
     * else AIS with 100 runs on Salakhutdinov &amp; Murray's schedule; L-BFGS defaults with
     * {@value #FINE_TUNING_MEMORY} corrections.
     */
    public static Settings defaults() {
      return new Settings(PersistentContrastiveDivergence.Settings.defaults(), 100, 1000, 100, 10,
          DEFAULT_ESS_FRACTION, Double.NaN, RbmLogPartition.Method.AUTO, 20, RbmPartitionAis.Settings.defaults(),
          Lbfgs.Settings.defaults().withMemory(FINE_TUNING_MEMORY), DEFAULT_PCD_RESTARTS, true);
    }

    public Settings withTraining(PersistentContrastiveDivergence.Settings t) {
      return new Settings(t, sampleChains, burnIn, samplesPerChain, thinning, essFraction, eigenvalueThreshold, logZ,
          maxEnumeratedUnits, ais, fineTuning, pcdRestarts, exactFineTuning);
    }

    public Settings withSamples(int chains, int burn, int perChain, int thin) {
      return new Settings(training, chains, burn, perChain, thin, essFraction, eigenvalueThreshold, logZ,
          maxEnumeratedUnits, ais, fineTuning, pcdRestarts, exactFineTuning);
    }

    public Settings withEigenvalueThreshold(double s) {
      return new Settings(training, sampleChains, burnIn, samplesPerChain, thinning, essFraction, s, logZ,
          maxEnumeratedUnits, ais, fineTuning, pcdRestarts, exactFineTuning);
    }

    public Settings withLogZ(RbmLogPartition.Method method) {
      return new Settings(training, sampleChains, burnIn, samplesPerChain, thinning, essFraction, eigenvalueThreshold,
          method, maxEnumeratedUnits, ais, fineTuning, pcdRestarts, exactFineTuning);
    }

    public Settings withAis(RbmPartitionAis.Settings a) {
      return new Settings(training, sampleChains, burnIn, samplesPerChain, thinning, essFraction, eigenvalueThreshold,
          logZ, maxEnumeratedUnits, a, fineTuning, pcdRestarts, exactFineTuning);
    }

    public Settings withPcdRestarts(int r) {
      return new Settings(training, sampleChains, burnIn, samplesPerChain, thinning, essFraction, eigenvalueThreshold,
          logZ, maxEnumeratedUnits, ais, fineTuning, r, exactFineTuning);
    }

    public Settings withFineTuning(Lbfgs.Settings l) {
      return new Settings(training, sampleChains, burnIn, samplesPerChain, thinning, essFraction, eigenvalueThreshold,
          logZ, maxEnumeratedUnits, ais, l, pcdRestarts, exactFineTuning);
    }

    public Settings withEssFraction(double f) {
      return new Settings(training, sampleChains, burnIn, samplesPerChain, thinning, f, eigenvalueThreshold, logZ,
          maxEnumeratedUnits, ais, fineTuning, pcdRestarts, exactFineTuning);
    }

    /** The same with the exact ℓ where affordable (true) or the paper's importance-sampled ℓ always (false). */
    public Settings withExactFineTuning(boolean exact) {
      return new Settings(training, sampleChains, burnIn, samplesPerChain, thinning, essFraction, eigenvalueThreshold,
          logZ, maxEnumeratedUnits, ais, fineTuning, pcdRestarts, exact);
    }

    /**
     * Whether the exact ℓ is used for V visible and K hidden units: asked for, log Z enumerated
     * ({@link RbmLogPartition#resolve}) and {@code 2^min(V, K) · F² ≤ }{@value #MAX_EXACT_OBJECTIVE_COST}.
     */
    public boolean exactObjective(int visibleCount, int hiddenCount) {
      double f = (double) visibleCount * hiddenCount + visibleCount + hiddenCount;
      return exactFineTuning
          && Math.min(visibleCount, hiddenCount) <= RbmLogLikelihood.MAX_ENUMERATED_UNITS
          && Math.scalb(f * f, Math.min(visibleCount, hiddenCount)) <= MAX_EXACT_OBJECTIVE_COST
          && RbmLogPartition.resolve(logZ, visibleCount, hiddenCount, maxEnumeratedUnits)
          == RbmLogPartition.Method.EXACT;
    }

    /**
     * The spread of restart r's initial λ: the training settings' scale for r = 0, then 1 and 2 times
     * σ0 (a symmetric start can leave PCD at a mode where hidden units coincide, e.g. the two units
     * of K = 2 on the 5 SOTU words, 5 nats below the best mode).
     */
    public double initialScale(int r) {
      return r == 0 ? training.initialScale() : r * priorSigma();
    }

    /** σ0 of the prior. */
    public double priorSigma() {
      return training.priorSigma();
    }

    /** S_thresh in use: the given value, or 1/σ0². */
    public double threshold() {
      return Double.isNaN(eigenvalueThreshold) ? 1 / (priorSigma() * priorSigma()) : eigenvalueThreshold;
    }

    /** T before the N floor (the samples actually drawn: {@link FineTuning#sampleCount()}). */
    public int sampleCount() {
      return sampleChains * samplesPerChain;
    }

    /** The settings by name, for provenance. */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("training", training.toMap());
      m.put("sampleChains", sampleChains);
      m.put("burnIn", burnIn);
      m.put("samplesPerChain", samplesPerChain);
      m.put("thinning", thinning);
      m.put("essFraction", essFraction);
      m.put("eigenvalueThreshold", threshold());
      m.put("logZ", logZ.name().toLowerCase(java.util.Locale.ROOT));
      m.put("maxEnumeratedUnits", maxEnumeratedUnits);
      m.put("ais", ais.toMap());
      m.put("fineTuning", fineTuning.toString());
      m.put("pcdRestarts", pcdRestarts);
      m.put("exactFineTuning", exactFineTuning);
      return m;
    }
  }

  /**
   * Step 3's outcome.
   *
   * @param iterations L-BFGS iterations
   * @param reason why L-BFGS stopped ({@code ITERATE_REFUSED}: the ESS limit)
   * @param gradientNorm ‖∇ℓ‖∞ at the end
   * @param objectiveDecrease ℓ(λ_PCD) − ℓ(λMP), ≥ 0
   * @param distance ‖λMP − λ_PCD‖₂
   * @param effectiveSampleSize the ESS at λMP, out of {@code sampleCount}
   * @param sampleCount T
   * @param distinctSamples the number of distinct sample rows
   * @param newtonIterations steps of Newton's method in a trust region after L-BFGS (0 when L-BFGS
   *     ended within {@link #FINE_TUNING_TOLERANCE} of a minimum)
   * @param newtonStop why Newton's method stopped, null when it did not run
   * @param remaining the estimate of ℓ(λMP) − min ℓ, the Newton decrement {@code ½ gᵀA⁻¹g} in nats
   *     with g and A = ∇²ℓ at λMP (exact for a quadratic ℓ); NaN when A is not positive definite,
   *     where λMP is not a minimum and the estimate has no meaning
   * @param smallestEigenvalue the smallest eigenvalue of A at λMP
   * @param exactObjective whether ℓ was the exact negative log posterior ({@link Settings#exactObjective};
   *     then the ESS is +∞ and T is 0) rather than the importance-sampled one
   */
  public record FineTuning(int iterations, Lbfgs.Reason reason, double gradientNorm, double objectiveDecrease,
      double distance, double effectiveSampleSize, int sampleCount, int distinctSamples, int newtonIterations,
      TrustRegionNewton.Reason newtonStop, double remaining, double smallestEigenvalue, boolean exactObjective,
      boolean volumeSamplesRedrawn) {
    /** The same record, saying that the Hessian and trapezoids were taken on samples drawn anew at λMP. */
    FineTuning withVolumeSamplesRedrawn() {
      return new FineTuning(iterations, reason, gradientNorm, objectiveDecrease, distance, effectiveSampleSize,
          sampleCount, distinctSamples, newtonIterations, newtonStop, remaining, smallestEigenvalue, exactObjective,
          true);
    }

    /** Whether λMP is a minimum of ℓ to {@link #FINE_TUNING_TOLERANCE}: A positive definite, {@code remaining} ≤ it. */
    public boolean converged() {
      return remaining <= FINE_TUNING_TOLERANCE;
    }
  }

  /**
   * One trapezoid direction.
   *
   * @param eigenvalue S_i
   * @param left t_l, the distance along −v_i
   * @param right t_r, along +v_i
   * @param leftLimitedByEss whether the ESS limit, not the half height, ended the left search
   * @param rightLimitedByEss the same on the right
   * @param unbounded whether a side was still above half height after the last doubling
   */
  public record Trapezoid(double eigenvalue, double left, double right, boolean leftLimitedByEss,
      boolean rightLimitedByEss, boolean unbounded) {
    /** {@code t_r + t_l}, the integral of the trapezoid of height 1. */
    public double width() {
      return left + right;
    }
  }

  /**
   * One distinct posterior mode among those the hidden-unit symmetries make, with its Laplace mass.
   *
   * <p>Its arrays are not copied: they belong to this record; callers never modify them.
   *
   * @param flipped the hidden units flipped to reach it from λMP (empty for λMP itself)
   * @param parameters λ at the mode (λMP, or the relocated flipped point)
   * @param map {@code L + log p} there
   * @param logVolume the volume term of laplace: Gaussian factors and trapezoid widths
   * @param logGaussianVolume {@code (F/2) log 2π − ½ log det A}, NaN when A is not positive definite
   * @param positiveDefinite whether A is positive definite there
   * @param modeGroups the sizes K_r of its groups of equivalent hidden units
   * @param logModeCount {@code log K!/(K_1!⋯K_R!)}, its distinct permutations
   * @param relocation the re-optimisation from the flipped λMP (null for λMP itself)
   * @param predictedLogMass the screen's prediction of its log mass relative to λMP's (0 for λMP)
   * @param patterns how many flip patterns were located at this mode (up to permutation), itself included
   * @param trapezoids its trapezoid directions
   */
  public record Mode(int[] flipped, double[] parameters, double map, double logVolume, double logGaussianVolume,
      boolean positiveDefinite, int[] modeGroups, double logModeCount, FineTuning relocation, double predictedLogMass,
      int patterns, List<Trapezoid> trapezoids) {
    public Mode {
      trapezoids = List.copyOf(trapezoids);
    }

    /** This mode's term of laplace: {@code map + logVolume + logModeCount}. */
    public double laplace() {
      return map + logVolume + logModeCount;
    }

    /** This mode's term of laplace0: {@code map + logGaussianVolume + logModeCount}. */
    public double laplace0() {
      return map + logGaussianVolume + logModeCount;
    }
  }

  /**
   * The modes that flipping hidden units makes, and what was done to find them ({@link RbmFlips}).
   *
   * @param modes the distinct modes, λMP's first
   * @param rule which flip patterns were considered and located, in words
   * @param considered the flip patterns considered (the empty pattern, λMP itself, not counted)
   * @param screenedOut those not located: predicted more than {@link RbmFlips#SCREEN_WINDOW} nats
   *     below λMP's, or beyond the {@link RbmFlips#maxLocated} of highest prediction
   * @param screenedOutLogMass the log of the screened-out patterns' summed predicted mass relative to
   *     λMP's (−∞ when none)
   * @param located the patterns re-optimised
   * @param collapsed the located patterns whose mode was one already found (up to permutation)
   * @param sampleCount T of the Gibbs samples at λMP that the re-optimisation and the flipped modes'
   *     trapezoids use (0 when nothing was located or ℓ is exact)
   */
  public record FlipModes(List<Mode> modes, String rule, int considered, int screenedOut, double screenedOutLogMass,
      int located, int collapsed, int sampleCount) {
    public FlipModes {
      modes = List.copyOf(modes);
    }
  }

  /**
   * The MAP-based scores and everything that went into them.
   *
   * <p>Its arrays are not copied (they are large or read in hot loops): they belong to this record;
   * callers read them and never modify them.
   *
   * @param map {@code L(λMP) + log p(λMP)}
   * @param laplace0 eqn 5 at every distinct mode with the permutation count, combined by
   *     log-sum-exp; NaN when A is not positive definite at one of them
   * @param laplace eqn 5 with the trapezoids and the permutation count at every distinct mode,
   *     combined by log-sum-exp
   * @param logLikelihood L(λMP)
   * @param logPrior log p(λMP)
   * @param logPartition log Z(λMP) and how it was found
   * @param model the RBM at λMP
   * @param fineTuning step 3
   * @param positiveDefinite whether every eigenvalue of A is positive
   * @param eigenvalues the eigenvalues of A, ascending
   * @param trapezoids the directions below S_thresh, ascending by eigenvalue
   * @param modeGroups the sizes K_r of the groups of equivalent hidden units
   * @param logModeCount {@code log K!/(K_1!⋯K_R!)}
   * @param logFlipModeMass {@link #logFlipModeMass}: the flipped modes' prior mass at the flipped λMP
   *     without relocating them (a rough guide beside {@code flipModes}; NaN for K &gt;
   *     {@link #MAX_FLIP_UNITS})
   * @param seconds wall-clock seconds per stage (pcd, samples, fineTuning, hessian, trapezoids,
   *     flipModes, logZ)
   * @param pcdRuns the PCD runs of step 1 and which was kept
   * @param flipModes the distinct modes that laplace and laplace0 sum over, and how they were found
   */
  public record Result(double map, double laplace0, double laplace, double logLikelihood, double logPrior,
      RbmLogPartition.Estimate logPartition, Rbm model, FineTuning fineTuning, boolean positiveDefinite, double[] eigenvalues,
      List<Trapezoid> trapezoids, int[] modeGroups, double logModeCount, double logFlipModeMass,
      Map<String, Double> seconds, PcdRuns pcdRuns, FlipModes flipModes) {
    public Result {
      trapezoids = List.copyOf(trapezoids);
      seconds = Map.copyOf(seconds);
    }

    /** The smallest eigenvalue of A. */
    public double smallestEigenvalue() {
      return eigenvalues[0];
    }

    /** laplace at λMP's mode alone (Chen &amp; Welling's Algorithm 1, which counts permutations only). */
    public double laplaceOneMode() {
      return flipModes.modes().get(0).laplace();
    }
  }

  /**
   * ML-BIC and its parts.
   *
   * @param mlBic {@code L(λML) + log p(λML) − (F/2) log N}
   * @param logLikelihood L(λML)
   * @param logPrior log p(λML) under the N(0, σ0² I) prior
   * @param penalty (F/2) log N
   * @param logPartition log Z(λML)
   * @param model the RBM at λML
   * @param pcdRuns the PCD runs (ML) and which was kept
   */
  public record MlBicResult(double mlBic, double logLikelihood, double logPrior, double penalty,
      RbmLogPartition.Estimate logPartition, Rbm model, PcdRuns pcdRuns) {
    /** {@code L(λML) − (F/2) log N}, BIC without the prior term. */
    public double bic() {
      return logLikelihood - penalty;
    }
  }

  private final RbmData data;
  private final int[][] rows;
  private final double[] counts;
  private final long[] longCounts;
  private final double total;
  private final int visibleCount;
  /** The data's part of every importance-sampled objective of this run, built once and shared. */
  private final ImportanceSampledObjective.DataTerm dataTerm;

  /** @param data the training data (distinct rows with counts) */
  public RbmLaplace(RbmData data) {
    this.data = data;
    // the data's own table, read in place: it is immutable and nothing here writes to it
    this.rows = data.sharedRows();
    this.longCounts = data.sharedCounts();
    this.counts = new double[longCounts.length];
    for (int n = 0; n < counts.length; n++) {
      counts[n] = longCounts[n];
    }
    this.total = data.size();
    this.visibleCount = data.visibleCount();
    this.dataTerm = ImportanceSampledObjective.DataTerm.of(visibleCount, rows, counts);
  }

  /** The data. */
  public RbmData data() {
    return data;
  }

  /** The data term its importance-sampled objectives share: to check that it reads the data's table. */
  ImportanceSampledObjective.DataTerm dataTerm() {
    return dataTerm;
  }

  /** N. */
  public double dataCount() {
    return total;
  }

  /** V. */
  public int visibleCount() {
    return visibleCount;
  }

  /**
   * map, laplace0 and laplace for an RBM with {@code hiddenCount} hidden units: Algorithm 1 at λMP,
   * then the same Laplace mass at every distinct mode that flipping hidden units makes
   * ({@link #flipModes}), combined by log-sum-exp.
   *
   * @param progress told the name of each stage as it starts (may be {@code s -> {}})
   */
  public Result score(int hiddenCount, Settings settings, long seed, int threads, Consumer<String> progress) {
    double sigma = settings.priorSigma();
    Fit fit = fit(hiddenCount, settings, settings.training(), sigma * sigma, true, seed, threads, progress);
    Map<String, Double> seconds = new LinkedHashMap<>(fit.seconds);
    Rbm rbm = fit.model;
    double[] lambda = rbm.parameters();

    progress.accept("hessian");
    long start = System.nanoTime();
    double[][] a = fit.hessian;
    // the fine-tuning decomposed A at λMP already, unless A was taken again on new samples
    SymmetricEigen spectrum = fit.hessianSpectrum != null ? fit.hessianSpectrum : SymmetricEigen.of(a);
    seconds.put("hessian", elapsed(start));

    progress.accept("trapezoids");
    start = System.nanoTime();
    double essLimit = settings.essFraction() * fit.fineTuning.sampleCount();
    Volume volume = volume(lambda, fit.objective, spectrum, essLimit, settings, threads);
    seconds.put("trapezoids", elapsed(start));

    int[] groups = equivalentModeGroups(rbm, a);
    double logModes = logMultinomial(hiddenCount, groups);
    double logPrior = logPrior(lambda, sigma);
    double map = fit.logLikelihood + logPrior;
    Mode unflipped = new Mode(new int[0], lambda, map, volume.logVolume, volume.logGaussianVolume,
        spectrum.positiveDefinite(), groups, logModes, null, 0, 1, volume.trapezoids);

    progress.accept("flip modes");
    start = System.nanoTime();
    FlipModes flipModes = flipModes(fit, unflipped, a, spectrum, settings, threads);
    seconds.put("flipModes", elapsed(start));

    int modeCount = flipModes.modes().size();
    double[] laplaceTerms = new double[modeCount];
    double[] laplace0Terms = new double[modeCount];
    boolean everyModePositiveDefinite = true;
    for (int m = 0; m < modeCount; m++) {
      Mode mode = flipModes.modes().get(m);
      laplaceTerms[m] = mode.laplace();
      laplace0Terms[m] = mode.laplace0();
      everyModePositiveDefinite &= mode.positiveDefinite();
    }
    double laplace = org.occam.math.LogSpace.logSumExp(laplaceTerms);
    double laplace0 = everyModePositiveDefinite ? org.occam.math.LogSpace.logSumExp(laplace0Terms) : Double.NaN;
    seconds.putAll(fit.laterSeconds);
    double flips = hiddenCount <= MAX_FLIP_UNITS ? logFlipModeMass(rbm, sigma) : Double.NaN;
    return new Result(map, laplace0, laplace, fit.logLikelihood, logPrior, fit.logPartition, rbm, fit.fineTuning,
        spectrum.positiveDefinite(), spectrum.values.clone(), volume.trapezoids, groups, logModes, flips, seconds,
        fit.pcdRuns, flipModes);
  }

  /** Re-optimisations on one sample set before a flipped point counts as located where it stopped. */
  static final int MAX_RELOCATION_ROUNDS = 5;

  /** A flipped point re-optimised: where, on which samples' ℓ (and its Hessian there), and how. */
  private record Relocation(double[] parameters, RbmPosteriorObjective objective, FineTuning fineTuning,
      double[][] hessian, SymmetricEigen spectrum) {}

  /**
   * Step 3's fine-tuning ({@link #tune}) on ℓ from {@code start} under the ESS limit; when the limit
   * ends a run (the point has moved far enough from the samples' λ that their weights degenerate),
   * new Gibbs samples are drawn at the point reached and the run goes on from there, up to
   * {@link #MAX_RELOCATION_ROUNDS} runs. The fine-tuning record sums the iterations and ℓ's decrease
   * over the runs (ℓ of each sample set is exact up to a constant, so the decreases add) and ends
   * with the last run's stop.
   */
  private Relocation relocate(double[] start, Rbm shape, RbmPosteriorObjective first, Settings settings,
      List<SplittableUniformRandomProvider> streams, int threads) {
    RbmPosteriorObjective objective = first;
    double[] x = start;
    double decrease = 0;
    int iterations = 0;
    int newtonIterations = 0;
    Tuned tuned = null;
    for (int round = 0; round < MAX_RELOCATION_ROUNDS; round++) {
      if (round > 0) {
        Rbm at = shape.withParameters(x);
        double sigma = settings.priorSigma();
        objective = new ImportanceSampledObjective(at, gibbsSamples(at, settings, streams, threads), dataTerm,
            sigma * sigma);
      }
      tuned = tune(objective, x, settings);
      decrease += tuned.before - tuned.end.value();
      iterations += tuned.lbfgs.iterations();
      newtonIterations += tuned.end.iterations();
      x = tuned.end.x();
      if (!tuned.stoppedByEss()) {
        break;
      }
    }
    double distance = 0;
    for (int b = 0; b < x.length; b++) {
      distance += (x[b] - start[b]) * (x[b] - start[b]);
    }
    return new Relocation(x, objective, new FineTuning(iterations, tuned.lbfgs.reason(), tuned.end.gradientNorm(),
        decrease, Math.sqrt(distance), objective.effectiveSampleSize(x), objective.sampleCount(),
        objective.distinctSampleCount(), newtonIterations, tuned.newtonStop, tuned.end.decrement(),
        tuned.end.smallestEigenvalue(), objective.exact(), false), tuned.end.hessian(), tuned.end.eigen());
  }

  /**
   * One fine-tuning on one sample set: L-BFGS's run, and the end point after Newton's method.
   *
   * @param before ℓ at the start
   * @param newtonStop why Newton's method stopped, null when it did not run
   */
  record Tuned(double before, Lbfgs.Result lbfgs, TrustRegionNewton.Result end,
      TrustRegionNewton.Reason newtonStop) {
    /** Whether the ESS limit, not convergence, ended it (a new sample set may let it go on). */
    boolean stoppedByEss() {
      return newtonStop == null ? lbfgs.reason() == Lbfgs.Reason.ITERATE_REFUSED && !(end.decrement()
          <= FINE_TUNING_TOLERANCE) : newtonStop == TrustRegionNewton.Reason.ITERATE_REFUSED;
    }

    FineTuning record(double[] start, RbmPosteriorObjective objective) {
      double[] x = end.x();
      double distance = 0;
      for (int a = 0; a < x.length; a++) {
        distance += (x[a] - start[a]) * (x[a] - start[a]);
      }
      return new FineTuning(lbfgs.iterations(), lbfgs.reason(), end.gradientNorm(), before - end.value(),
          Math.sqrt(distance), objective.effectiveSampleSize(x), objective.sampleCount(),
          objective.distinctSampleCount(), end.iterations(), newtonStop, end.decrement(), end.smallestEigenvalue(),
          objective.exact(), false);
    }
  }

  /**
   * Step 3 on one objective: L-BFGS under the ESS limit (the paper's fine-tuning), then, unless its
   * end is already within {@link #FINE_TUNING_TOLERANCE} nats of a minimum by the Newton decrement,
   * Newton's method in a trust region under the same limit ({@link TrustRegionNewton}, to a
   * decrement of {@link #NEWTON_DECREMENT_TARGET}, its first radius σ0).
   *
   * <p>L-BFGS alone is slow on ℓ at large N: ℓ is N times a per-row average, so A's eigenvalues run
   * from about 1/σ0² (directions the data do not fix, such as a redundant hidden unit's) to about N,
   * and it crosses the saddle regions of ℓ in tiny steps. In Figures 1–2 of the chen-welling
   * experiment at N = 625,000 (V = 10, models 0–2, K = 1..10) it used all 1,000 iterations in 19 of
   * 30 fits; in the five examined (K = 5 and 10) it ended with ‖∇ℓ‖∞ of 10 to 47, four times where
   * A was indefinite (smallest eigenvalue −3.3 to −12) and once 42 nats above the minimum, and
   * Newton's method then converged in 11 to 95 steps (11 to 139 in their flip-mode relocations) of
   * about 0.02–0.07 s each. Where L-BFGS converges, as it mostly does on small N, its end is kept.
   *
   * <p>The minimum found is that of the importance-sampled ℓ, whose noise an optimiser exploits
   * (about F·N/(2T) nats, see {@link #gibbsSamples}): at K = 5 there the exact log posterior rose with
   * ℓ's fall (by 34 and 115 nats where ℓ fell by 31 and 111), but at K = 10 (F = 120) it fell by 5 to
   * 31 nats where ℓ fell by a further 15 to 41.
   */
  static Tuned tune(RbmPosteriorObjective objective, double[] start, Settings settings) {
    double limit = settings.essFraction() * objective.sampleCount();
    Lbfgs.IterateCheck ess = y -> objective.evaluate(y).effectiveSampleSize() >= limit;
    double before = objective.value(start);
    Lbfgs.Result lbfgs = new Lbfgs(settings.fineTuning()).minimize(objective, start, ess);
    TrustRegionNewton.Result end = TrustRegionNewton.at(objective, lbfgs.x());
    if (end.decrement() <= FINE_TUNING_TOLERANCE) {
      return new Tuned(before, lbfgs, end, null);
    }
    TrustRegionNewton newton = new TrustRegionNewton(new TrustRegionNewton.Settings(NEWTON_DECREMENT_TARGET,
        NEWTON_MAX_TRIALS, settings.priorSigma()));
    TrustRegionNewton.Result polished = newton.minimize(objective, end, ess);
    return new Tuned(before, lbfgs, polished, polished.reason());
  }

  /** The volume terms of eqn 5 at one mode. */
  private record Volume(double logVolume, double logGaussianVolume, List<Trapezoid> trapezoids) {}

  /**
   * Steps 4's volume at λ: {@code ½ log(2π/S_i)} along every eigenvector of A at or above S_thresh and
   * the trapezoid width {@code t_r + t_l} (on {@code objective}, with its ESS limit) below it; and
   * the plain Gaussian {@code (F/2) log 2π − ½ log det A} (NaN unless A is positive definite).
   */
  private static Volume volume(double[] lambda, RbmPosteriorObjective objective, SymmetricEigen spectrum,
      double essLimit, Settings settings, int threads) {
    int f = lambda.length;
    double threshold = settings.threshold();
    double base = objective.value(lambda);
    double halfLog2Pi = 0.5 * Math.log(2 * Math.PI);
    double logVolume = 0;
    double logDetA = 0;
    List<Integer> below = new ArrayList<>();
    for (int i = 0; i < f; i++) {
      double s = spectrum.values[i];
      if (s < threshold || !(s > 0)) {
        below.add(i);
      } else {
        logVolume += halfLog2Pi - 0.5 * Math.log(s);
      }
      logDetA += Math.log(Math.abs(s));
    }
    double initialStep = 0.25 * settings.priorSigma();
    List<Trapezoid> trapezoids = Parallel.map(below.size(), threads, "occam-trapezoid", j -> {
      int i = below.get(j);
      double[] v = spectrum.vector(i);
      DoubleFunction<ImportanceSampledObjective.Evaluation> along = t -> {
        double[] point = lambda.clone();
        for (int b = 0; b < f; b++) {
          point[b] += t * v[b];
        }
        return objective.evaluate(point);
      };
      HalfHeight right = halfHeight(along, base, essLimit, initialStep, 1);
      HalfHeight left = halfHeight(along, base, essLimit, initialStep, -1);
      return new Trapezoid(spectrum.values[i], left.distance, right.distance, left.limitedByEss, right.limitedByEss,
          left.unbounded || right.unbounded);
    });
    for (Trapezoid t : trapezoids) {
      logVolume += Math.log(t.width());
    }
    double gaussian = spectrum.positiveDefinite() ? f * halfLog2Pi - 0.5 * logDetA : Double.NaN;
    return new Volume(logVolume, gaussian, trapezoids);
  }

  /**
   * The modes made by flipping hidden units ({@link RbmFlips}), each located and given its own
   * Laplace mass. For every flip pattern s considered, the log posterior at the mode near
   * {@code λ_s = J_s λMP} is predicted as {@code map − Δ_s + gain_s}, with
   * {@code Δ_s = (|λ_s|² − |λMP|²)/2σ0²} (the likelihood is the same at λ_s) and gain_s the quadratic
   * rise from λ_s ({@link RbmFlips#predictedGain}); patterns predicted more than
   * {@link RbmFlips#SCREEN_WINDOW} nats below λMP, or beyond the {@link RbmFlips#maxLocated} of
   * highest prediction, are left out (their predicted mass is reported).
   * The rest are re-optimised on the importance-sampled ℓ of new Gibbs samples drawn at λMP
   * (p(x | λ_s) = p(x | λMP), so every λ_s starts with all T samples effective; the ESS limit of
   * fine-tuning applies), and each relocated point that is not a mode already found (up to a
   * permutation of the hidden units, {@link RbmFlips#sameMode}) gets eqn 5's mass: its own Hessian,
   * trapezoids and permutation count, and {@code L + log p} exact when log Z(λMP) was (else from
   * ℓ's change along the re-optimisation, λ_s having λMP's likelihood).
   */
  private FlipModes flipModes(Fit fit, Mode unflipped, double[][] a, SymmetricEigen spectrum, Settings settings,
      int threads) {
    Rbm rbm = fit.model;
    int k = rbm.hiddenCount();
    double sigma = settings.priorSigma();
    double variance = sigma * sigma;
    double[] lambda = rbm.parameters();
    double squares = squaredNorm(lambda);
    // ∇L(λMP) = λMP/σ0² − ∇ℓ(λMP); at λ_s the likelihood's gradient is J_sᵀ ∇L(λMP)
    double[] gradientL = new double[lambda.length];
    fit.objective.valueAndGradient(lambda, gradientL);
    for (int b = 0; b < lambda.length; b++) {
      gradientL[b] = lambda[b] / variance - gradientL[b];
    }
    List<int[]> patterns = RbmFlips.patterns(k);
    List<int[]> kept = new ArrayList<>();
    List<Double> predictions = new ArrayList<>();
    List<Double> screenedOut = new ArrayList<>();
    for (int[] units : patterns) {
      double[] flipped = RbmFlips.flip(rbm, lambda, units);
      double[] g = RbmFlips.transposeApply(rbm, gradientL, units);
      for (int b = 0; b < g.length; b++) {
        g[b] -= flipped[b] / variance;
      }
      double predicted = -(squaredNorm(flipped) - squares) / (2 * variance)
          + RbmFlips.predictedGain(rbm, g, units, spectrum.values, spectrum.vectors, 1 / variance);
      if (predicted >= -RbmFlips.SCREEN_WINDOW) {
        kept.add(units);
        predictions.add(predicted);
      } else {
        screenedOut.add(predicted);
      }
    }
    int maxLocated = RbmFlips.maxLocated(rbm.featureCount());
    if (kept.size() > maxLocated) {
      // the highest predicted first (a stable sort: ties keep the patterns' order)
      Integer[] order = new Integer[kept.size()];
      Arrays.setAll(order, i -> i);
      Arrays.sort(order, (x, y) -> Double.compare(predictions.get(y), predictions.get(x)));
      List<int[]> top = new ArrayList<>();
      List<Double> topPredictions = new ArrayList<>();
      for (int i = 0; i < order.length; i++) {
        if (i < maxLocated) {
          top.add(kept.get(order[i]));
          topPredictions.add(predictions.get(order[i]));
        } else {
          screenedOut.add(predictions.get(order[i]));
        }
      }
      kept.clear();
      kept.addAll(top);
      predictions.clear();
      predictions.addAll(topPredictions);
    }
    double screenedMass = screenedOut.isEmpty() ? Double.NEGATIVE_INFINITY
        : org.occam.math.LogSpace.logSumExp(screenedOut.stream().mapToDouble(Double::doubleValue).toArray());
    String rule = RbmFlips.rule(k, rbm.featureCount());
    if (kept.isEmpty()) {
      return new FlipModes(List.of(unflipped), rule, patterns.size(), screenedOut.size(), screenedMass, 0, 0, 0);
    }

    // the exact ℓ needs no samples; otherwise new ones at λMP (every λ_s has λMP's distribution of x)
    RbmPosteriorObjective objective = fit.objective.exact() ? fit.objective : new ImportanceSampledObjective(rbm,
        gibbsSamples(rbm, settings, fit.flipChainStreams, threads), dataTerm, variance);

    // located modes, λMP's first: their parameters, Hessians and how many patterns fell on each
    List<double[]> modeParameters = new ArrayList<>();
    List<double[][]> modeHessians = new ArrayList<>();
    List<SymmetricEigen> modeSpectra = new ArrayList<>();
    List<int[]> modePatterns = new ArrayList<>();
    List<FineTuning> relocations = new ArrayList<>();
    List<Double> modePredictions = new ArrayList<>();
    List<Integer> hits = new ArrayList<>();
    List<RbmPosteriorObjective> modeObjectives = new ArrayList<>();
    modeObjectives.add(fit.objective);
    modeParameters.add(lambda);
    modeHessians.add(a);
    modeSpectra.add(spectrum);
    modePatterns.add(new int[0]);
    relocations.add(null);
    modePredictions.add(0.0);
    hits.add(1);
    int collapsed = 0;
    for (int p = 0; p < kept.size(); p++) {
      double[] start = RbmFlips.flip(rbm, lambda, kept.get(p));
      Relocation found = relocate(start, rbm, objective, settings, fit.flipChainStreams, threads);
      double[] mu = found.parameters;
      int same = -1;
      for (int m = 0; m < modeParameters.size() && same < 0; m++) {
        if (RbmFlips.sameMode(rbm, modeParameters.get(m), mu, modeHessians.get(m))) {
          same = m;
        }
      }
      if (same >= 0) {
        hits.set(same, hits.get(same) + 1);
        collapsed++;
        continue;
      }
      double[][] h = found.hessian;
      modeParameters.add(mu);
      modeHessians.add(h);
      modeSpectra.add(found.spectrum); // the fine-tuning's own decomposition of h
      modeObjectives.add(found.objective);
      modePatterns.add(kept.get(p));
      relocations.add(found.fineTuning);
      modePredictions.add(predictions.get(p));
      hits.add(1);
    }

    List<Mode> modes = new ArrayList<>();
    Mode first = unflipped;
    modes.add(new Mode(first.flipped(), first.parameters(), first.map(), first.logVolume(), first.logGaussianVolume(),
        first.positiveDefinite(), first.modeGroups(), first.logModeCount(), null, 0, hits.get(0), first.trapezoids()));
    boolean exactLogZ = fit.logPartition.method() == RbmLogPartition.Method.EXACT;
    for (int m = 1; m < modeParameters.size(); m++) {
      double[] mu = modeParameters.get(m);
      Rbm at = rbm.withParameters(mu);
      double map;
      if (exactLogZ) {
        double logZ = RbmLogPartition.estimate(at, RbmLogPartition.Method.EXACT, settings.maxEnumeratedUnits(),
            settings.ais(), data, 1.0, 0, threads).value();
        map = data.sumLogZGivenVisible(at) - total * logZ + logPrior(mu, sigma);
      } else {
        // λ_s has λMP's likelihood; ℓ fell by objectiveDecrease on the way from λ_s to the mode
        double[] start = RbmFlips.flip(rbm, lambda, modePatterns.get(m));
        map = fit.logLikelihood + logPrior(start, sigma) + relocations.get(m).objectiveDecrease();
      }
      SymmetricEigen s = modeSpectra.get(m);
      RbmPosteriorObjective own = modeObjectives.get(m);
      Volume volume = volume(mu, own, s, settings.essFraction() * own.sampleCount(), settings, threads);
      int[] groups = equivalentModeGroups(at, modeHessians.get(m));
      modes.add(new Mode(modePatterns.get(m), mu, map, volume.logVolume, volume.logGaussianVolume,
          s.positiveDefinite(), groups, logMultinomial(k, groups), relocations.get(m), modePredictions.get(m),
          hits.get(m), volume.trapezoids));
    }
    return new FlipModes(modes, rule, patterns.size(), screenedOut.size(), screenedMass, kept.size(), collapsed,
        objective.sampleCount());
  }

  /**
   * ML-BIC: the same steps with ML training and fine-tuning without the prior, scored by the first
   * four terms of eqn 5 at λML (σ0 of {@code settings} for the prior term).
   */
  public MlBicResult mlBic(int hiddenCount, Settings settings, long seed, int threads, Consumer<String> progress) {
    double sigma = settings.priorSigma();
    Fit fit = fit(hiddenCount, settings, settings.training().maximumLikelihood(), Double.POSITIVE_INFINITY, false,
        seed, threads, progress);
    double[] lambda = fit.model.parameters();
    double logPrior = logPrior(lambda, sigma);
    double penalty = 0.5 * lambda.length * Math.log(total);
    return new MlBicResult(fit.logLikelihood + logPrior - penalty, fit.logLikelihood, logPrior, penalty,
        fit.logPartition, fit.model, fit.pcdRuns);
  }

  /**
   * The PCD runs of step 1.
   *
   * <p>Its arrays are not copied (they are large or read in hot loops): they belong to this record;
   * callers read them and never modify them.
   *
   * @param objectives each run's exact L(λ) + log p(λ) (L alone for ML), empty when the runs could
   *     not be compared exactly and only one was made
   * @param chosen the run kept
   */
  public record PcdRuns(double[] objectives, int chosen) {}

  /** Steps 1–3 and 5: the fine-tuned point, its objective (and ℓ's Hessian there), L there and log Z. */
  private record Fit(PcdRuns pcdRuns, Rbm model, RbmPosteriorObjective objective, FineTuning fineTuning,
      double[][] hessian, SymmetricEigen hessianSpectrum, double logLikelihood,
      RbmLogPartition.Estimate logPartition, Map<String, Double> seconds, Map<String, Double> laterSeconds,
      List<SplittableUniformRandomProvider> flipChainStreams) {}

  /** With {@code fineTune} false, steps 2–3 are skipped and the PCD estimate is the point. */
  private Fit fit(int hiddenCount, Settings settings, PersistentContrastiveDivergence.Settings training,
      double priorVariance, boolean fineTune, long seed, int threads, Consumer<String> progress) {
    if (hiddenCount < 1) {
      throw new InvalidInputException("the Laplace procedure needs at least one hidden unit, got " + hiddenCount);
    }
    SplittableUniformRandomProvider root = RandomStreams.fromSeed(seed);
    SplittableUniformRandomProvider pcdStream = root.split();
    List<SplittableUniformRandomProvider> chainStreams = RandomStreams.split(root, settings.sampleChains());
    long aisSeed = root.nextLong();
    // split after everything else, so that the streams above (and the numbers they make) are unchanged
    List<SplittableUniformRandomProvider> flipChainStreams = RandomStreams.split(root, settings.sampleChains());
    // and after those, for new samples at λMP when the fine-tuning ends at the ESS limit
    List<SplittableUniformRandomProvider> modeChainStreams = RandomStreams.split(root, settings.sampleChains());
    Map<String, Double> seconds = new LinkedHashMap<>();

    progress.accept("pcd");
    long start = System.nanoTime();
    boolean comparable = Math.min(visibleCount, hiddenCount) <= RbmLogLikelihood.MAX_ENUMERATED_UNITS;
    int runs = comparable ? settings.pcdRestarts() : 1;
    List<SplittableUniformRandomProvider> pcdStreams = RandomStreams.split(pcdStream, runs);
    double[] restartObjectives = new double[runs];
    PersistentContrastiveDivergence trainer = data.trainer();
    // The restarts run side by side, the threads shared among them; a restart of the last, partial
    // round (the third of three on two threads) gets the threads its round leaves free for its data
    // term. λ does not depend on either split.
    int outer = Math.min(threads, runs);
    int fullRounds = runs / outer;
    List<Rbm> trained = Parallel.map(runs, outer, "occam-pcd", r -> trainer.train(hiddenCount,
        training.withInitialScale(settings.initialScale(r)), pcdStreams.get(r),
        Math.max(1, threads / (r < fullRounds * outer ? outer : runs - fullRounds * outer)), t -> { }).rbm());
    int chosen = 0;
    if (runs > 1) {
      RbmLogLikelihood exact = new RbmLogLikelihood(hiddenCount, data);
      for (int r = 0; r < runs; r++) {
        double[] l = trained.get(r).parameters();
        restartObjectives[r] = exact.value(l) + (Double.isInfinite(priorVariance) ? 0
            : logPrior(l, Math.sqrt(priorVariance)));
        if (restartObjectives[r] > restartObjectives[chosen]) {
          chosen = r;
        }
      }
    }
    Rbm pcd = trained.get(chosen);
    PcdRuns pcdRuns = new PcdRuns(runs > 1 ? restartObjectives : new double[0], chosen);
    seconds.put("pcd", elapsed(start));

    Rbm model = pcd;
    RbmPosteriorObjective objective = null;
    FineTuning fineTuning = null;
    double[][] hessian = null;
    SymmetricEigen hessianSpectrum = null; // the fine-tuning's, while the hessian is its end's
    if (fineTune) {
      if (settings.exactObjective(visibleCount, hiddenCount)) {
        // no samples: ℓ is exact (the chain streams are split all the same, so the others are unchanged)
        objective = new RbmExactObjective(hiddenCount, data, priorVariance);
      } else {
        progress.accept("samples");
        start = System.nanoTime();
        int[][] samples = gibbsSamples(pcd, settings, chainStreams, threads);
        seconds.put("samples", elapsed(start));
        objective = new ImportanceSampledObjective(pcd, samples, dataTerm, priorVariance);
      }

      progress.accept("fine-tuning");
      start = System.nanoTime();
      RbmPosteriorObjective is = objective;
      double[] lambda0 = pcd.parameters();
      Tuned tuned;
      // the exact ℓ's evaluations (its data term's chunks and log Z) spread over the threads, with the
      // same numbers: on SOTU's 17,835 rows at K = 9 the fine-tuning was most of a score's time after PCD
      try (Parallel.Workers workers = Parallel.workers(threads, "occam-fine-tuning")) {
        tuned = tune(is instanceof RbmExactObjective exact ? exact.on(workers) : is, lambda0, settings);
      }
      double[] lambda = tuned.end.x();
      hessian = tuned.end.hessian();
      hessianSpectrum = tuned.end.eigen();
      fineTuning = tuned.record(lambda0, is);
      seconds.put("fineTuning", elapsed(start));
      model = pcd.withParameters(lambda);
      if (!is.exact() && tuned.stoppedByEss()) {
        // λMP lies where the samples drawn at PCD's point have just reached the ESS limit, so every
        // trapezoid would stop there at once (on 100 SOTU rows with K = 8: all 43 of them, and laplace
        // 79 nats lower than with room to search): A's moments and the trapezoids are taken on new
        // samples drawn at λMP, whose limit is measured from λMP
        progress.accept("samples at λMP");
        start = System.nanoTime();
        objective = new ImportanceSampledObjective(model, gibbsSamples(model, settings, modeChainStreams, threads),
            dataTerm, priorVariance);
        hessian = objective.hessian(lambda);
        hessianSpectrum = null;
        fineTuning = fineTuning.withVolumeSamplesRedrawn();
        seconds.put("samplesAtMode", elapsed(start));
      }
    }

    progress.accept("logZ");
    start = System.nanoTime();
    RbmLogPartition.Estimate logZ = RbmLogPartition.estimate(model, settings.logZ(), settings.maxEnumeratedUnits(),
        settings.ais(), data, 1.0, aisSeed, threads);
    Map<String, Double> later = new LinkedHashMap<>();
    later.put("logZ", elapsed(start));
    return new Fit(pcdRuns, model, objective, fineTuning, hessian, hessianSpectrum,
        data.sumLogZGivenVisible(model) - total * logZ.value(), logZ, seconds, later, flipChainStreams);
  }

  /**
   * T = chains × max(samplesPerChain, ⌈N / chains⌉) samples: at least one per datum, since ℓ(λ)
   * carries N times the log of a T-sample average, and its optimiser exploits the noise of that
   * average (λMP falls short by about F·N/(2T) nats; at N = 625,000 and T = 10,000 the fine-tuning
   * ran 120 units away with the ESS still at 95%). Duplicate samples share one evaluation, so on
   * few visible units a large T costs little.
   */
  private int[][] gibbsSamples(Rbm rbm, Settings settings, List<SplittableUniformRandomProvider> streams,
      int threads) {
    int perChain = (int) Math.max(settings.samplesPerChain(),
        Math.min(Integer.MAX_VALUE / settings.sampleChains(), (long) Math.ceil(total / settings.sampleChains())));
    long[] cumulative = new long[rows.length];
    long sum = 0;
    for (int n = 0; n < rows.length; n++) {
      sum += longCounts[n];
      cumulative[n] = sum;
    }
    long totalCount = sum;
    List<int[][]> chains = Parallel.map(settings.sampleChains(), threads, "occam-gibbs", c -> {
      UniformRandomProvider rng = streams.get(c);
      long pick = rng.nextLong(totalCount);
      int row = Arrays.binarySearch(cumulative, pick + 1);
      int[] start = rows[row >= 0 ? row : -row - 1];
      return new RbmGibbsSampler(rbm).visibleChain(start, settings.burnIn(), perChain,
          settings.thinning(), rng);
    });
    int[][] out = new int[settings.sampleChains() * perChain][];
    int at = 0;
    for (int[][] chain : chains) {
      for (int[] x : chain) {
        out[at++] = x;
      }
    }
    return out;
  }

  /** The most hidden units for which {@link #logFlipModeMass} sums its 2^K terms. */
  public static final int MAX_FLIP_UNITS = 16;

  /**
   * Flipping hidden unit k ({@code z_k → 1 − z_k}: {@code W_·k → −W_·k}, {@code α → α + W_·k},
   * {@code β_k → −β_k}) gives the same likelihood at another point, so each of the 2^K subsets of
   * flips is another mode, with the same curvature (the map is linear with |det| = 1) but its own
   * prior height. Counting each with its prior height would add
   * {@code log Σ_s exp(log p(λ_s) − log p(λ))} (the empty subset gives the term 1) to the
   * evidence. The paper counts only permutations; this is reported as a diagnostic.
   */
  public static double logFlipModeMass(Rbm rbm, double sigma) {
    int v = rbm.visibleCount();
    int k = rbm.hiddenCount();
    double base = squaredNorm(rbm.parameters());
    double[] terms = new double[1 << k];
    double[] alpha = new double[v];
    for (int s = 0; s < terms.length; s++) {
      double squares = 0;
      for (int i = 0; i < v; i++) {
        alpha[i] = rbm.visibleBias(i);
      }
      for (int u = 0; u < k; u++) {
        boolean flipped = (s >> u & 1) != 0;
        for (int i = 0; i < v; i++) {
          double w = rbm.weight(i, u);
          squares += w * w;
          if (flipped) {
            alpha[i] += w;
          }
        }
        squares += rbm.hiddenBias(u) * rbm.hiddenBias(u);
      }
      for (int i = 0; i < v; i++) {
        squares += alpha[i] * alpha[i];
      }
      terms[s] = -(squares - base) / (2 * sigma * sigma);
    }
    return org.occam.math.LogSpace.logSumExp(terms);
  }

  private static double squaredNorm(double[] x) {
    double s = 0;
    for (double a : x) {
      s += a * a;
    }
    return s;
  }

  /** {@code log N(λ; 0, σ0² I)}. */
  public static double logPrior(double[] lambda, double sigma) {
    double squares = 0;
    for (double l : lambda) {
      squares += l * l;
    }
    return -0.5 * lambda.length * Math.log(2 * Math.PI * sigma * sigma) - squares / (2 * sigma * sigma);
  }

  /** The end of a half-height search along one side of a direction. */
  record HalfHeight(double distance, boolean limitedByEss, boolean unbounded) {}

  /** Doublings before a side counts as unbounded (the prior makes every direction decay). */
  static final int MAX_DOUBLINGS = 40;
  /** Bisection stops when the bracket is this small relative to its upper end. */
  static final double BISECTION_TOLERANCE = 1e-4;

  /**
   * The distance t &gt; 0 along {@code side · v} where {@code exp(−(ℓ(t) − ℓ(0)))} falls to ½ or the
   * ESS to its limit, whichever comes first: double t from {@code initialStep} while both hold,
   * then bisect the last bracket (section 3.1.3).
   *
   * @param along ℓ and the ESS at λMP + t·v for signed t
   * @param base ℓ(0)
   */
  static HalfHeight halfHeight(DoubleFunction<ImportanceSampledObjective.Evaluation> along, double base,
      double essLimit, double initialStep, int side) {
    double inside = 0;
    double t = initialStep;
    int doublings = 0;
    boolean limitedByEss;
    while (true) {
      ImportanceSampledObjective.Evaluation e = along.apply(side * t);
      boolean heightOk = base - e.value() >= -LN2;
      boolean essOk = e.effectiveSampleSize() >= essLimit;
      if (!heightOk || !essOk) {
        limitedByEss = heightOk;
        break;
      }
      inside = t;
      if (++doublings > MAX_DOUBLINGS) {
        return new HalfHeight(t, false, true);
      }
      t *= 2;
    }
    double outside = t;
    while (outside - inside > BISECTION_TOLERANCE * outside) {
      double mid = 0.5 * (inside + outside);
      ImportanceSampledObjective.Evaluation e = along.apply(side * mid);
      boolean heightOk = base - e.value() >= -LN2;
      boolean essOk = e.effectiveSampleSize() >= essLimit;
      if (heightOk && essOk) {
        inside = mid;
      } else {
        outside = mid;
        limitedByEss = heightOk;
      }
    }
    return new HalfHeight(0.5 * (inside + outside), limitedByEss, false);
  }

  private static final double LN2 = Math.log(2);

  /**
   * The groups of equivalent hidden units (section 3.1.4): i ~ j when
   * {@code exp(−½ dᵀ A d) > ½}, {@code d = (λ − λ_ij)/2}, λ_ij with units i and j swapped; groups
   * are the transitive closure. Returns the group sizes K_r, largest first.
   */
  public static int[] equivalentModeGroups(Rbm rbm, double[][] a) {
    int v = rbm.visibleCount();
    int f = rbm.featureCount();
    return HalfHeightModes.groups(rbm.hiddenCount(), (i, j) -> {
      double[] d = new double[f];
      for (int r = 0; r < v; r++) {
        double diff = 0.5 * (rbm.weight(r, i) - rbm.weight(r, j));
        d[rbm.weightIndex(r, i)] = diff;
        d[rbm.weightIndex(r, j)] = -diff;
      }
      double diff = 0.5 * (rbm.hiddenBias(i) - rbm.hiddenBias(j));
      d[rbm.hiddenBiasIndex(i)] = diff;
      d[rbm.hiddenBiasIndex(j)] = -diff;
      return d;
    }, a);
  }

  /** {@code log K!/(K_1!⋯K_R!)}. */
  static double logMultinomial(int k, int[] groups) {
    double out = logFactorial(k);
    for (int g : groups) {
      out -= logFactorial(g);
    }
    return out;
  }

  private static double logFactorial(int n) {
    double s = 0;
    for (int i = 2; i <= n; i++) {
      s += Math.log(i);
    }
    return s;
  }

  private static double elapsed(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
