package org.occam.mrf.hidden;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.ejml.data.DMatrixRMaj;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.PosteriorPrecision;
import org.occam.evidence.HalfHeightModes;
import org.occam.sampling.Whitening;

/**
 * The Laplace-family scores of a Boltzmann machine with hidden variables (Welling &amp; Parise
 * 2006, section 6; {@code notes/laplace-family.md}), behind the MRF registry's methods of those names
 * when the problem has hidden variables or missing cells ({@link org.occam.mrf.MrfProblem}):
 *
 * <pre>
 *   map           = L(λMP) + log p(λMP)
 *   bic-map       = L(λMP) − (F/2) log N
 *   laplace-exact = map + (F/2) log 2π − ½ log det A + log M,      A = N C − Σ_n c_n C_{x_n} + Λ⁻¹
 *   bp-lr         = L_B(λMP_BP) + log p(λMP_BP) + (F/2) log 2π − ½ log det A_LR + log M_LR,
 *                   A_LR = N C_LR − Σ_n c_n C_LR_{x_n} + Λ⁻¹
 * </pre>
 *
 * with λMP, L, C and C_{x_n} exact ({@link HiddenMap#exact}, {@link HiddenLogLikelihood}) and
 * λMP_BP, L_B = the contrastive Bethe objective and the linear-response covariances from BP
 * ({@link HiddenMap#contrastiveBethe}, {@link ContrastiveBethe}). When A is not positive definite
 * (which the paper warns can happen with linear response away from the contrastive-Bethe optimum)
 * the estimate says so ({@code positiveDefinite} false, the smallest eigenvalue) and uses
 * {@code Σ log |μ_k|} ({@link PosteriorPrecision}).
 *
 * <p><b>Equivalent modes.</b> Hidden units that are twins in the graph (the same neighbours apart
 * from each other) can be relabelled without changing the distribution of the visible variables,
 * so each mode has copies. As Chen &amp; Welling (2013, section 3.1.4) do for RBMs, two twins i, j
 * are one unit when {@code exp(−½ dᵀ A d) > ½}, {@code d = (λ − λ_ij)/2} with λ_ij the parameters
 * with i and j swapped (their biases, and their weights to each common neighbour); groups are the
 * transitive closure, and a twin class of k units with groups K_1…K_R adds
 * {@code log M = log k!/(K_1!⋯K_R!)}. Other automorphisms of the graph that move hidden units are
 * not counted. The flip {@code z_h → 1 − z_h} of a 0/1 hidden unit maps a mode to one of the same
 * likelihood and curvature but another prior height; like the paper (and
 * {@link org.occam.rbm.RbmLaplace}) the scores leave the flips out and report what they would add,
 * {@link #logFlipModeMass}, in the diagnostics ({@code logFlipModeMass}).
 */
public final class HiddenLaplace {
  private HiddenLaplace() {}

  /**
   * The four scores with the two fits they came from.
   *
   * @param exactFit λMP's fit
   * @param betheFit λMP_BP's fit
   */
  public record Scores(EvidenceEstimate map, EvidenceEstimate bicMap, EvidenceEstimate laplaceExact,
      EvidenceEstimate bpLr, HiddenMap.Result exactFit, HiddenMap.Result betheFit) {}

  /** Fits both points (seeded restarts) and scores. */
  public static Scores score(HiddenMrfData data, GaussianPrior prior, HiddenMap.Settings settings,
      LoopyBeliefPropagation.Settings bp, long seed) {
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("prior", prior.toString());
    set.put("restarts", settings.restarts());
    set.put("initialScale", settings.initialScale());
    set.put("optimiser", settings.optimiser().toString());
    ExactScores exact = exactScores(data, prior, settings, seed, set);
    Map<String, Object> bpSet = new LinkedHashMap<>(set);
    bpSet.put("bp", bp.toString());
    BpScore bethe = bpLr(data, prior, settings, bp, seed, bpSet);
    return new Scores(exact.map(), exact.bicMap(), exact.laplaceExact(), bethe.bpLr(), exact.fit(), bethe.fit());
  }

  /**
   * The three scores at the exact MAP point, with its fit.
   *
   * @param fit λMP's fit
   */
  public record ExactScores(EvidenceEstimate map, EvidenceEstimate bicMap, EvidenceEstimate laplaceExact,
      HiddenMap.Result fit) {}

  /**
   * {@code bp-lr} with the contrastive-Bethe fit it was expanded at.
   *
   * @param fit λMP_BP's fit
   */
  public record BpScore(EvidenceEstimate bpLr, HiddenMap.Result fit) {}

  /**
   * map, bic-map and laplace-exact: fits λMP (seeded restarts) and scores there.
   *
   * @param set the settings every estimate reports (copied; the point and log Z added)
   */
  public static ExactScores exactScores(HiddenMrfData data, GaussianPrior prior, HiddenMap.Settings settings,
      long seed, Map<String, Object> set) {
    HiddenMap.Result exact = HiddenMap.exact(data, prior, settings, seed);
    int f = data.featureCount();
    double n = data.rows();
    double[] lambda = exact.lambda();
    HiddenLogLikelihood.Evaluation at = HiddenLogLikelihood.exact(data, prior).evaluate(lambda);
    Map<String, Object> exactSet = new LinkedHashMap<>(set);
    exactSet.put("point", "exact MAP (best of the restarts, L-BFGS on exact gradients, Newton polish)");
    exactSet.put("logZ", "exact");

    Map<String, Object> exactDiag = pointDiagnostics(data, exact, at.logLikelihood(), at.logPrior());
    EvidenceEstimate map = estimate("map", at.logPosterior(), exact.seconds(), exactSet, seed, exactDiag);
    Map<String, Object> bicDiag = new LinkedHashMap<>(exactDiag);
    double penalty = 0.5 * f * Math.log(n);
    bicDiag.put("penalty", penalty);
    EvidenceEstimate bicMap = estimate("bic-map", at.logLikelihood() - penalty, exact.seconds(), exactSet, seed,
        bicDiag);

    long t0 = System.nanoTime();
    PosteriorPrecision a = exact.precision().orElseThrow();
    double logModes = logEquivalentModes(data.graph(), hiddenFlags(data), lambda, a.matrix());
    Map<String, Object> laplaceDiag = new LinkedHashMap<>(exactDiag);
    MrfProblem.describePrecision(a, laplaceDiag);
    laplaceDiag.put("logEquivalentModes", logModes);
    putFlipModeMass(data, lambda, prior, laplaceDiag);
    Map<String, Object> laplaceSet = new LinkedHashMap<>(exactSet);
    laplaceSet.put("covariance", "exact (N C − Σ C_xn, junction tree)");
    EvidenceEstimate laplace = estimate("laplace-exact", at.logPosterior() + a.laplaceCorrection() + logModes,
        exact.seconds() + (System.nanoTime() - t0) * 1e-9, laplaceSet, seed, laplaceDiag);
    return new ExactScores(map, bicMap, laplace, exact);
  }

  /**
   * bp-lr: fits λMP_BP on the contrastive Bethe objective (seeded restarts) and scores there.
   *
   * @param set the settings the estimate reports (copied; the point, log Z and covariance added)
   */
  public static BpScore bpLr(HiddenMrfData data, GaussianPrior prior, HiddenMap.Settings settings,
      LoopyBeliefPropagation.Settings bp, long seed, Map<String, Object> set) {
    HiddenMap.Result bethe = HiddenMap.contrastiveBethe(data, prior, bp, settings, seed);
    long t0 = System.nanoTime();
    double[] lambdaBp = bethe.lambda();
    ContrastiveBethe objective = ContrastiveBethe.of(data, prior, bp);
    ContrastiveBethe.Evaluation atBp = objective.evaluate(lambdaBp);
    ContrastiveBethe.BetheCurvature lr = objective.curvature(lambdaBp);
    PosteriorPrecision aLr = lr.curvature().posteriorPrecision(prior);
    double logModesBp = logEquivalentModes(data.graph(), hiddenFlags(data), lambdaBp, aLr.matrix());
    Map<String, Object> bpDiag = pointDiagnostics(data, bethe, atBp.logLikelihood(), atBp.logPrior());
    bpDiag.put("converged", bethe.converged() && atBp.converged() && lr.bpConverged());
    bpDiag.put("bpRuns", bethe.bpRuns());
    bpDiag.put("bpNonConvergedRuns", bethe.bpNonConvergedRuns());
    bpDiag.put("linearResponseFreePositiveDefinite", lr.freePositiveDefinite());
    bpDiag.put("linearResponseClampedNotPositiveDefinite", lr.clampedNotPositiveDefinite());
    MrfProblem.describePrecision(aLr, bpDiag);
    bpDiag.put("logEquivalentModes", logModesBp);
    putFlipModeMass(data, lambdaBp, prior, bpDiag);
    exactLogLikelihood(data, lambdaBp).ifPresent(exactL -> {
      bpDiag.put("exactLogLikelihood", exactL);
      bpDiag.put("betheLikelihoodExcess", atBp.logLikelihood() - exactL);
    });
    Map<String, Object> bpSet = new LinkedHashMap<>(set);
    bpSet.put("point", "contrastive-Bethe MAP (best of the restarts, L-BFGS on BP gradients)");
    bpSet.put("logZ", "Bethe (free and each clamped term)");
    bpSet.put("covariance", "linear response (C_LR − mean C_LR_xn)");
    EvidenceEstimate bpLr = estimate("bp-lr", atBp.logPosterior() + aLr.laplaceCorrection() + logModesBp,
        bethe.seconds() + (System.nanoTime() - t0) * 1e-9, bpSet, seed, bpDiag);
    return new BpScore(bpLr, bethe);
  }

  /**
   * The exact L(λ), when exact inference of the model is feasible: at λMP_BP it measures how far
   * the contrastive Bethe objective that chose the point is from the likelihood it stands for.
   */
  static OptionalDouble exactLogLikelihood(HiddenMrfData data, double[] lambda) {
    try {
      return OptionalDouble.of(HiddenLogLikelihood.exact(data).evaluate(lambda).logLikelihood());
    } catch (IllegalArgumentException tooWide) {
      return OptionalDouble.empty();
    }
  }

  private static void putFlipModeMass(HiddenMrfData data, double[] lambda, GaussianPrior prior,
      Map<String, Object> diag) {
    if (data.hiddenCount() <= MAX_FLIP_UNITS) {
      diag.put("logFlipModeMass", logFlipModeMass(data.graph(), hiddenFlags(data), lambda, prior));
    }
  }

  /** The most hidden units for which {@link #logFlipModeMass} sums its 2^H terms. */
  public static final int MAX_FLIP_UNITS = 16;

  /**
   * What counting the flipped modes with their own prior heights would add to a Laplace score:
   * {@code log Σ_s exp(log p(λ_s) − log p(λ))} over the 2^H subsets s of hidden units flipped
   * (the empty subset gives 1). Flipping unit h ({@code z_h → 1 − z_h}) maps
   * {@code θ_h → −θ_h}, {@code w_hk → −w_hk}, {@code θ_k → θ_k + w_hk} for each neighbour k
   * (the constant goes into Z), leaving the likelihood unchanged; the map is linear with
   * |det| = 1, so the flipped mode has the same curvature.
   *
   * @throws IllegalArgumentException above {@link #MAX_FLIP_UNITS} hidden units
   */
  public static double logFlipModeMass(PairwiseGraph g, boolean[] hidden, double[] lambda, GaussianPrior prior) {
    int[] units = java.util.stream.IntStream.range(0, hidden.length).filter(i -> hidden[i]).toArray();
    if (units.length > MAX_FLIP_UNITS) {
      throw new IllegalArgumentException(units.length + " hidden units: above the " + MAX_FLIP_UNITS
          + " whose 2^H flips are summed");
    }
    double base = squaredNorm(lambda);
    double[] terms = new double[1 << units.length];
    int v = g.vertexCount();
    double[] flipped = new double[lambda.length];
    for (int s = 0; s < terms.length; s++) {
      System.arraycopy(lambda, 0, flipped, 0, lambda.length);
      for (int u = 0; u < units.length; u++) {
        if ((s >> u & 1) == 0) {
          continue;
        }
        int h = units[u];
        flipped[h] = -flipped[h];
        for (int k = 0; k < g.degree(h); k++) {
          int e = v + g.incidentEdge(h, k);
          flipped[g.neighbour(h, k)] += flipped[e];
          flipped[e] = -flipped[e];
        }
      }
      terms[s] = -0.5 * prior.precision() * (squaredNorm(flipped) - base);
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

  private static EvidenceEstimate estimate(String method, double value, double seconds, Map<String, Object> set,
      long seed, Map<String, Object> diag) {
    return new EvidenceEstimate(method, value, OptionalDouble.empty(), seconds, set, OptionalLong.of(seed), diag);
  }

  private static Map<String, Object> pointDiagnostics(HiddenMrfData data, HiddenMap.Result fit, double logLikelihood,
      double logPrior) {
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("features", data.featureCount());
    diag.put("rows", data.rows());
    diag.put("hiddenVariables", data.hiddenCount());
    diag.put("converged", fit.converged());
    fit.notConverged().ifPresent(why -> diag.put("notConverged", why));
    diag.put("restartsConverged", fit.convergedRestarts());
    diag.put("restartsAtBest", fit.restartsAtBest(1e-6 * Math.max(1, Math.abs(fit.logPosterior()))));
    fit.newtonDecrement().ifPresent(d -> diag.put("newtonDecrement", d));
    diag.put("logLikelihood", logLikelihood);
    diag.put("logPrior", logPrior);
    MrfProblem.putLambda(fit.lambda(), diag);
    return diag;
  }

  private static boolean[] hiddenFlags(HiddenMrfData data) {
    boolean[] hidden = new boolean[data.graph().vertexCount()];
    for (int i = 0; i < hidden.length; i++) {
      hidden[i] = data.hidden(i);
    }
    return hidden;
  }

  /**
   * The classes of hidden twins with at least two members: hidden vertices i, j with
   * {@code N(i) \ {j} = N(j) \ {i}}. Swapping two twins is an automorphism of the graph fixing every
   * other vertex; the relation is an equivalence (twins are all adjacent to each other or none is).
   */
  public static List<int[]> hiddenTwinClasses(PairwiseGraph g, boolean[] hidden) {
    int v = g.vertexCount();
    boolean[][] adjacent = new boolean[v][v];
    for (int e = 0; e < g.edgeCount(); e++) {
      adjacent[g.edgeFrom(e)][g.edgeTo(e)] = true;
      adjacent[g.edgeTo(e)][g.edgeFrom(e)] = true;
    }
    int[] classOf = new int[v];
    Arrays.fill(classOf, -1);
    List<List<Integer>> classes = new ArrayList<>();
    for (int i = 0; i < v; i++) {
      if (!hidden[i] || classOf[i] >= 0) {
        continue;
      }
      List<Integer> members = new ArrayList<>(List.of(i));
      classOf[i] = classes.size();
      for (int j = i + 1; j < v; j++) {
        if (hidden[j] && classOf[j] < 0 && twins(adjacent, i, j)) {
          members.add(j);
          classOf[j] = classes.size();
        }
      }
      classes.add(members);
    }
    List<int[]> out = new ArrayList<>();
    for (List<Integer> c : classes) {
      if (c.size() > 1) {
        out.add(c.stream().mapToInt(Integer::intValue).toArray());
      }
    }
    return out;
  }

  private static boolean twins(boolean[][] adjacent, int i, int j) {
    for (int k = 0; k < adjacent.length; k++) {
      if (k != i && k != j && adjacent[i][k] != adjacent[j][k]) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code log M}, the log number of equivalent modes made by relabelling hidden twins (see the class
   * comment).
   *
   * @param lambda the mode. Not modified.
   * @param a the posterior precision there, F × F. Not modified.
   */
  public static double logEquivalentModes(PairwiseGraph g, boolean[] hidden, double[] lambda, DMatrixRMaj a) {
    double out = 0;
    double[][] precision = null;
    for (int[] twins : hiddenTwinClasses(g, hidden)) {
      int k = twins.length;
      if (precision == null) {
        precision = Whitening.toArray(a);
      }
      int[] size = HalfHeightModes.groups(k, (s, t) -> halfSwapDifference(g, lambda, twins[s], twins[t]), precision);
      out += logFactorial(k);
      for (int z : size) {
        out -= logFactorial(z);
      }
    }
    return out;
  }

  /** (λ − λ_ij)/2 with λ_ij the parameters of twins i and j swapped. */
  private static double[] halfSwapDifference(PairwiseGraph g, double[] lambda, int i, int j) {
    int v = g.vertexCount();
    double[] d = new double[lambda.length];
    d[i] = 0.5 * (lambda[i] - lambda[j]);
    d[j] = -d[i];
    for (int k = 0; k < v; k++) {
      int ei = g.edgeIndex(i, k);
      int ej = g.edgeIndex(j, k);
      if (k != i && k != j && ei >= 0 && ej >= 0) {
        d[v + ei] = 0.5 * (lambda[v + ei] - lambda[v + ej]);
        d[v + ej] = -d[v + ei];
      }
    }
    return d;
  }


  private static double logFactorial(int n) {
    double s = 0;
    for (int i = 2; i <= n; i++) {
      s += Math.log(i);
    }
    return s;
  }
}
