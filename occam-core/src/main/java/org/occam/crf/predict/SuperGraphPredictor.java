package org.occam.crf.predict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.crf.ChainInference;
import org.occam.crf.CrfData;
import org.occam.crf.CrfFeatures;
import org.occam.crf.CrfProblem;

/**
 * {@code super-graph}: Welling &amp; Parise 2006, section 5 and Figure 1. S copies of the test
 * sequence's chain, copy s with the potentials of a Laplace-posterior draw λ_s (the same draws as
 * {@code vote}), and at every position an edge {@code J_eq t_i^s t_i^r} between every two copies'
 * labels, solved by max-product; "labels which are predicted with high probability in one model
 * will transmit that confidence to other models".
 *
 * <p><b>Why the edges are soft.</b> With hard equality the S labels at a position are one variable
 * whose field is Σ_s h_i^s and whose coupling to the next position is Σ_s J_i^s: the super-graph
 * is a chain again, max-product on it is exact and equals Viterbi on the summed potentials, the MAP
 * of the product of the S models, i.e. Viterbi at the draws' mean λ̄ ≈ λMP — nothing beyond
 * {@code map}. So the edges have a finite strength J_eq = κ/(S−1) ({@link PredictionSettings#equalityStrength}),
 * and the super-graph, loopy (the copies' chains close cycles through the equality edges), is
 * solved by damped loopy max-product in log space: each sweep runs exact max-product along every
 * copy's chain given the equality messages, then updates the messages from each position's
 * equality clique, computed exactly as one factor {@code exp(J_eq Σ_{s<r} t^s t^r)} (its max over
 * the other copies only depends on how many of them are +1, so it costs O(S²) per position, and the
 * clique's own S(S−1)/2 edges form no cycles for max-product to go round). A position's label is
 * the sign of the summed max-marginals of the S copies (a tie takes the MAP label); copy 1's own
 * max-marginal is reported as the fraction of positions where it disagrees.
 *
 * <p><b>Limits</b> (tested). κ = 0: the copies are independent and each copy's max-marginals give
 * its Viterbi labelling; the summed read-out is a vote weighted by the max-marginal margins.
 * κ → ∞: the labels of a position are forced equal, and the result approaches Viterbi on the
 * summed potentials (loopy max-product over-counts the chains' messages returning through the
 * equality edges, so the limit is not an identity: on 200 random chains of up to 8 positions and 2–5
 * copies it gave the summed Viterbi labelling in 196, converging to a worse one in the rest).
 *
 * <p><b>Default κ = 1.</b> A copy that disagrees with all the others at one position pays 2κ = 2
 * nats, whatever S is: it keeps its own label when its max-marginal margin is above that (a copy
 * sure at odds of more than e² ≈ 7:1), and otherwise gives way. Much smaller κ makes the method the
 * margin-weighted vote above; much larger, Viterbi at the mean of the draws (≈ {@code map}).
 * Measured on the FAQ data (papers' 48 parameters, S = 20; lsof: 48 training and 28 test
 * documents, sed: 20 and 18) the label error hardly depends on κ (lsof 2.14–2.21%, sed 0.33% for κ
 * from 0 to 100), while copy 1's own labels part from the summed read-out at 26% of sed's positions
 * at κ = 0, 5% at κ = 1 and none from κ = 3: at κ = 1 the copies mostly, not always, agree.
 * Messages are damped by {@link PredictionSettings#damping}; non-convergence within
 * {@link PredictionSettings#maxIterations} sweeps is reported ({@code converged},
 * {@code notConverged}, {@code iterations}, {@code maxChange}), never thrown.
 */
public final class SuperGraphPredictor implements CrfPredictor {
  /** The largest change of an equality message (nats) below which max-product has converged. */
  public static final double TOLERANCE = 1e-7;

  @Override
  public String name() {
    return "super-graph";
  }

  @Override
  public String description() {
    return "Figure 1 super-graph: S sampled copies of the chain with soft equality edges J_eq=kappa/(S-1) between"
        + " copies at each position, damped loopy max-product, summed max-marginals (Welling & Parise 2006, sec. 5)";
  }

  /**
   * Max-product on one super-graph.
   *
   * @param spins per position the sign of the summed max-marginals (0 on a tie)
   * @param beliefs {@code [s][i]}: copy s's max-marginal at position i as a field (half the
   *     difference of its log max-marginals at +1 and −1)
   * @param converged whether the largest message change fell below {@link #TOLERANCE}
   * @param iterations sweeps made
   * @param maxChange the last sweep's largest message change
   */
  record Solution(int[] spins, double[][] beliefs, boolean converged, int iterations, double maxChange) {}

  /** max over t of (x t + j t t') as a field on t': half the difference of its values at t' = ±1. */
  private static double pass(double x, double j) {
    return 0.5 * (Math.abs(x + j) - Math.abs(x - j));
  }

  /**
   * Damped loopy max-product on S copies of a chain of length L, copy s with {@code potentials[s]}
   * (L fields then L−1 couplings), with an edge of strength {@code coupling} between every two copies
   * at each position.
   */
  static Solution solve(double[][] potentials, int length, double coupling, int maxIterations, double damping) {
    int copies = potentials.length;
    int l = length;
    double[][] eq = new double[copies][l]; // equality clique → copy, as a field
    double[][] cavity = new double[copies][l]; // copy → clique: the chain's max-marginal without the clique
    double[] fwd = new double[l];
    double[] bwd = new double[l];
    double[] v = new double[copies];
    int[] order = new int[copies];
    double[] sorted = new double[copies];
    int[] rank = new int[copies];
    double[] prefix = new double[copies + 1];
    double[] message = new double[copies];
    double[] work = new double[4 * copies];
    double[] quadPlus = new double[copies];
    double[] quadMinus = new double[copies];
    for (int k = 0; k < copies; k++) {
      double a = 2 * k - copies + 2; // σ = +1
      double b = 2 * k - copies; // σ = −1
      quadPlus[k] = 0.5 * coupling * a * a;
      quadMinus[k] = 0.5 * coupling * b * b;
    }
    boolean converged = false;
    int it = 0;
    double maxChange = Double.POSITIVE_INFINITY;
    while (it < maxIterations) {
      it++;
      chains(potentials, l, eq, cavity, fwd, bwd);
      maxChange = 0;
      for (int i = 0; i < l; i++) {
        for (int s = 0; s < copies; s++) {
          v[s] = cavity[s][i];
          // insertion sort by decreasing cavity (S is small); equal values keep copy order
          int r = s;
          while (r > 0 && v[order[r - 1]] < v[s]) {
            order[r] = order[r - 1];
            r--;
          }
          order[r] = s;
        }
        prefix[0] = 0;
        for (int r = 0; r < copies; r++) {
          sorted[r] = v[order[r]];
          rank[order[r]] = r;
          prefix[r + 1] = prefix[r] + sorted[r];
        }
        clique(copies, quadPlus, quadMinus, prefix, rank, v, message, work);
        for (int s = 0; s < copies; s++) {
          double updated = damping * eq[s][i] + (1 - damping) * message[s];
          maxChange = Math.max(maxChange, Math.abs(updated - eq[s][i]));
          eq[s][i] = updated;
        }
      }
      if (maxChange < TOLERANCE) {
        converged = true;
        break;
      }
    }
    chains(potentials, l, eq, cavity, fwd, bwd);
    double[][] beliefs = new double[copies][l];
    int[] spins = new int[l];
    for (int i = 0; i < l; i++) {
      double sum = 0;
      for (int s = 0; s < copies; s++) {
        beliefs[s][i] = cavity[s][i] + eq[s][i];
        sum += beliefs[s][i];
      }
      spins[i] = sum > 0 ? 1 : sum < 0 ? -1 : 0;
    }
    return new Solution(spins, beliefs, converged, it, maxChange);
  }

  /** Exact max-product along every copy's chain given the equality messages: the cavities toward the cliques. */
  private static void chains(double[][] potentials, int l, double[][] eq, double[][] cavity, double[] fwd,
      double[] bwd) {
    for (int s = 0; s < potentials.length; s++) {
      double[] p = potentials[s];
      double[] e = eq[s];
      fwd[0] = 0;
      for (int i = 0; i + 1 < l; i++) {
        fwd[i + 1] = pass(p[i] + e[i] + fwd[i], p[l + i]);
      }
      bwd[l - 1] = 0;
      for (int i = l - 2; i >= 0; i--) {
        bwd[i] = pass(p[i + 1] + e[i + 1] + bwd[i + 1], p[l + i]);
      }
      for (int i = 0; i < l; i++) {
        cavity[s][i] = p[i] + fwd[i] + bwd[i];
      }
    }
  }

  /**
   * The clique factor's messages to the S copies at one position, as fields: with k of the S−1
   * others at +1 the factor is {@code (J/2)(σ + 2k − S + 1)²} up to a constant, and the others' best
   * k are the k largest cavities, worth {@code 2·(their sum) − (sum of all)}, the constant cancelling
   * in the field. With the cavities sorted (prefix sums P), the top k of the others are P(k) when
   * the copy ranks at k or below and P(k+1) − own otherwise, so prefix and suffix maxima over k give
   * every copy's message in O(1), O(S) for the position.
   *
   * @param quadPlus {@code (J/2)(2k − S + 2)²}, the factor at σ = +1 by k
   * @param quadMinus {@code (J/2)(2k − S)²}, at σ = −1
   * @param prefix sums of the S cavities sorted in decreasing order ({@code prefix[k]} = top k)
   * @param rank each copy's place in that order
   * @param own each copy's cavity
   * @param out the messages. Modified.
   * @param work 4·S scratch. Modified.
   */
  private static void clique(int copies, double[] quadPlus, double[] quadMinus, double[] prefix, int[] rank,
      double[] own, double[] out, double[] work) {
    // work[0..S): max_{k<=r} quadPlus[k] + 2P(k); [S..2S): the same at −1;
    // [2S..3S): max_{r<k<S} quadPlus[k] + 2P(k+1); [3S..4S): the same at −1
    int n = copies;
    double bp = Double.NEGATIVE_INFINITY;
    double bm = Double.NEGATIVE_INFINITY;
    for (int r = 0; r < n; r++) {
      bp = Math.max(bp, quadPlus[r] + 2 * prefix[r]);
      bm = Math.max(bm, quadMinus[r] + 2 * prefix[r]);
      work[r] = bp;
      work[n + r] = bm;
    }
    bp = Double.NEGATIVE_INFINITY;
    bm = Double.NEGATIVE_INFINITY;
    for (int r = n - 1; r >= 0; r--) {
      work[2 * n + r] = bp;
      work[3 * n + r] = bm;
      bp = Math.max(bp, quadPlus[r] + 2 * prefix[r + 1]);
      bm = Math.max(bm, quadMinus[r] + 2 * prefix[r + 1]);
    }
    for (int s = 0; s < n; s++) {
      int r = rank[s];
      double plus = Math.max(work[r], work[2 * n + r] - 2 * own[s]);
      double minus = Math.max(work[n + r], work[3 * n + r] - 2 * own[s]);
      out[s] = 0.5 * (plus - minus);
    }
  }

  @Override
  public CrfPrediction predict(CrfProblem trained, CrfData test, PredictionSettings settings, long seed) {
    long t0 = System.nanoTime();
    double[] lambdaMp = trained.map().lambda();
    double[][] draws = PredictionSupport.laplaceSamples(trained, settings.samples(), seed);
    int copies = draws.length;
    double coupling = copies > 1 ? settings.equalityStrength() / (copies - 1) : 0;
    CrfFeatures f = PredictionSupport.testFeatures(trained, test);
    List<Solution> solutions = PredictionSupport.perSequence(trained, f, n -> {
      double[][] pot = new double[copies][];
      for (int s = 0; s < copies; s++) {
        pot[s] = f.potentials(n, draws[s]);
      }
      return solve(pot, f.length(n), coupling, settings.maxIterations(), settings.damping());
    });
    List<int[]> labels = new ArrayList<>();
    int notConverged = 0;
    int maxIterations = 0;
    double maxChange = 0;
    long ties = 0;
    long copyOneDiffers = 0;
    long positions = 0;
    for (int n = 0; n < solutions.size(); n++) {
      Solution sol = solutions.get(n);
      int l = sol.spins().length;
      int[] map = null;
      int[] out = new int[l];
      for (int i = 0; i < l; i++) {
        int spin = sol.spins()[i];
        if (spin == 0) {
          if (map == null) {
            map = ChainInference.viterbi(f.potentials(n, lambdaMp), l);
          }
          spin = map[i];
          ties++;
        }
        out[i] = spin > 0 ? 1 : 0;
        if ((sol.beliefs()[0][i] > 0 ? 1 : 0) != out[i]) {
          copyOneDiffers++;
        }
      }
      labels.add(out);
      positions += l;
      if (!sol.converged()) {
        notConverged++;
      }
      maxIterations = Math.max(maxIterations, sol.iterations());
      maxChange = Math.max(maxChange, sol.maxChange());
    }
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("converged", notConverged == 0);
    diag.put("iterations", maxIterations);
    diag.put("maxChange", maxChange);
    if (notConverged > 0) {
      diag.put("notConverged", notConverged + " of " + solutions.size() + " sequences' max-product did not converge in "
          + settings.maxIterations() + " sweeps (largest last change " + maxChange + " nats)");
    }
    diag.put("samples", copies);
    diag.put("equalityStrength", settings.equalityStrength());
    diag.put("equalityCoupling", coupling);
    diag.put("damping", settings.damping());
    diag.put("tiesToMap", ties);
    diag.put("copyOneDiffers", positions == 0 ? 0.0 : (double) copyOneDiffers / positions);
    diag.put("mapConverged", trained.map().converged());
    return new CrfPrediction(name(), labels, (System.nanoTime() - t0) * 1e-9, diag);
  }
}
