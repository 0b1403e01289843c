package org.occam.crf.predict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;
import org.occam.crf.ChainInference;
import org.occam.crf.CrfData;
import org.occam.crf.CrfFeatures;
import org.occam.crf.CrfProblem;

/**
 * {@code g}: the labelling that maximises the Laplace approximation of the log predictive
 * (Welling &amp; Parise 2006, section 5, eqn 15)
 * {@code G(t) = λMPᵀ f(t, x) + ½ mᵀ (C_x + Σ⁻¹)⁻¹ m}, {@code m = f(t, x) − E[f | x, λMP]}, with
 * Σ⁻¹ = A the training posterior's precision and C_x the test sequence's own feature covariance at
 * λMP.
 *
 * <p>In the chain statistics u = (t_1…t_L, t_1t_2…t_{L−1}t_L), f = Φᵀu, so
 * {@code m = Φᵀ(u − ū)} and the correction is {@code ½ (u − ū)ᵀ B (u − ū)} with
 * {@code B = Φ (C_x + A)⁻¹ Φᵀ}. Maximising the full G is intractable (the correction couples
 * every pair of statistics, i.e. up to four spins). As the paper suggests ("only retaining pairwise
 * interactions") this predictor keeps exactly what max-product on the chain can solve and
 * runs Viterbi on it:
 * <ul>
 *   <li>the linear part {@code −(Bū)ᵀu} (fields and couplings, exact);
 *   <li>the diagonal {@code ½ Σ B_aa u_a²}, a constant because every u_a² = 1;
 *   <li>neighbouring spins {@code B_{i,i+1} t_i t_{i+1}} (into the couplings);
 *   <li>a spin with a product it belongs to, {@code B_{i,(i,i+1)} t_i·t_it_{i+1} = B t_{i+1}} and
 *       {@code B_{i+1,(i,i+1)} t_{i+1}·t_it_{i+1} = B t_i} (into the fields).
 * </ul>
 * Dropped: spin–spin terms {@code t_i t_j} with |i − j| ≥ 2; spin–product terms
 * {@code t_k·t_jt_{j+1}} with k ∉ {j, j+1} (three spins); every product–product term
 * {@code t_it_{i+1}·t_jt_{j+1}}, including neighbouring ones (= t_i t_{i+2}) and the rest (four spins).
 * The diagnostics give the full G at the chosen labels, the truncated objective there, and on
 * sequences of at most {@link #GAP_ENUMERATION_LENGTH} positions the {@code gap}
 * {@code max_t G(t) − G(t̂) ≥ 0} found by enumeration.
 *
 * <p><b>When G misleads.</b> Eqn 15 expands log Z(x, λ) to second order about λMP, which holds for
 * small m. On a test sequence of L positions m grows like L where the labelling is atypical, and the
 * (positive) correction like L²/(training positions + L), while λMPᵀf grows like L: with little
 * training data and long sequences G's maximum sits at atypical labellings. On synthetic FAQ-like
 * documents of 100 lines with 6 inputs (12 parameters; tested) G's labels differ from MAP's at over
 * 30% of the positions when trained on 2 documents, and at under 2% when trained on 48 — the
 * paper's "this correction term vanishes at a rate 1/N". With the papers' 48 parameters it does not
 * vanish at N = 48: a confident model has C_x ≈ 0 in most directions, where A is little more than
 * the prior's precision, and the bonus for an atypical labelling is of order |Φᵀ(u − ū)|². On the
 * lsof FAQ (48 training documents, 28 test documents, measured) G's labels differ from MAP's at 84%
 * of the positions, with G summed over the test documents 72,342 at them against 8,515 at MAP's
 * labels, so the full G, not its truncation, prefers them; and the Laplace predictive there exceeds 1
 * on 27 of 28 documents (diagnostic {@code probabilityAboveOne}). The method is implemented as the
 * paper states it; these diagnostics say when it should not be trusted.
 */
public final class GPredictor implements CrfPredictor {
  /** Sequences up to this length have the gap to the full G's maximiser computed by enumeration. */
  public static final int GAP_ENUMERATION_LENGTH = 12;

  @Override
  public String name() {
    return "g";
  }

  @Override
  public String description() {
    return "argmax of G(t)=lambdaMP'f+1/2 m'(C_x+A)^-1 m (Welling & Parise 2006, eqn 15) by Viterbi, keeping of the"
        + " quadratic term its diagonal and the neighbour terms t_i t_i+1, t_i(t_i t_i+1), t_i+1(t_i t_i+1);"
        + " dropped: t_i t_j for |i-j|>=2, three-spin and all product-product terms";
  }

  /**
   * G on one test sequence, with {@code X = (C_x + A)⁻¹ Φᵀ} so that any entry of B is
   * {@code B_ac = φ_aᵀ X_c} (φ_a row a of Φ) without forming the (2L−1)-square B.
   *
   * @param phi Φ, (2L−1) × F. Not copied.
   * @param x X, F × (2L−1), row-major
   * @param potentials λMP's fields and couplings
   * @param mean ū = E[u | x, λMP]
   * @param effective the truncated objective's fields and couplings
   * @param constant the truncated objective's constant: {@code ½ Σ B_aa + ½ ūᵀBū}
   * @param logDetRatio {@code log det A − log det(C_x + A)}, the Gaussian integral's normaliser
   * @param logZ log Z(x, λMP)
   */
  record Objective(int length, double[][] phi, double[] x, double[] potentials, double[] mean, double[] effective,
      double constant, double logDetRatio, double logZ) {
    /**
     * The Laplace approximation of log p(t | x, D) (eqn 13 with eqn 15's expansion, constants
     * kept): {@code G(t) − log Z(x, λMP) + ½ (log det A − log det(C_x + A))}; above 0 it claims a
     * probability above 1, a sign the second-order expansion of log Z has failed at t.
     */
    double logPredictive(int[] t) {
      return full(t) - logZ + 0.5 * logDetRatio;
    }

    /** B_ac = φ_aᵀ (C_x + A)⁻¹ φ_c. */
    double b(int a, int c) {
      double[] pa = phi[a];
      int d = phi.length;
      double v = 0;
      for (int q = 0; q < pa.length; q++) {
        if (pa[q] != 0) {
          v += pa[q] * x[q * d + c];
        }
      }
      return v;
    }

    /** ½ vᵀBv for a vector v over the chain statistics. */
    double quadratic(double[] v) {
      int d = phi.length;
      int k = phi[0].length;
      double q = 0;
      for (int r = 0; r < k; r++) {
        double xr = 0; // (X v)_r
        double mr = 0; // (Φᵀ v)_r
        for (int c = 0; c < d; c++) {
          xr += x[r * d + c] * v[c];
          mr += phi[c][r] * v[c];
        }
        q += mr * xr;
      }
      return 0.5 * q;
    }

    /** The full G(t) of eqn 15 for spins t. */
    double full(int[] t) {
      double[] u = ChainInference.statistics(t);
      double g = 0;
      for (int a = 0; a < u.length; a++) {
        g += potentials[a] * u[a];
        u[a] -= mean[a];
      }
      return g + quadratic(u);
    }

    /** The truncated objective that Viterbi maximises, for spins t. */
    double truncated(int[] t) {
      double[] u = ChainInference.statistics(t);
      double g = constant;
      for (int a = 0; a < u.length; a++) {
        g += effective[a] * u[a];
      }
      return g;
    }
  }

  /** G's pieces for sequence n at λMP with the training precision A. */
  static Objective objective(CrfFeatures f, int n, double[] lambdaMp, DMatrixRMaj precision) {
    int l = f.length(n);
    int d = 2 * l - 1;
    int k = f.dimension();
    double[] pot = f.potentials(n, lambdaMp);
    ChainInference chain = ChainInference.of(pot, l);
    double[] mean = chain.means();
    double[][] cx = new double[k][k];
    f.addProjectedCovariance(n, chain.covariance(), cx);
    DMatrixRMaj s = precision.copy();
    for (int r = 0; r < k; r++) {
      for (int c = 0; c < k; c++) {
        s.add(r, c, cx[r][c]);
      }
    }
    double[][] phi = f.design(n);
    DMatrixRMaj phiT = new DMatrixRMaj(k, d);
    for (int r = 0; r < d; r++) {
      for (int c = 0; c < k; c++) {
        phiT.set(c, r, phi[r][c]);
      }
    }
    DMatrixRMaj x = new DMatrixRMaj(k, d);
    double logDetS;
    LinearSolverDense<DMatrixRMaj> solver = LinearSolverFactory_DDRM.chol(k);
    DMatrixRMaj sCopy = s.copy();
    if (solver.setA(sCopy)) {
      solver.solve(phiT, x);
      logDetS = logDeterminant(s);
    } else {
      // C_x + A is positive definite whenever A is; LU if rounding says otherwise
      CommonOps_DDRM.solve(s, phiT, x);
      logDetS = logDeterminant(s);
    }
    Objective partial = new Objective(l, phi, x.data, pot, mean, null, 0, 0, 0);
    // linear part −Bū, and the constant ½ Σ B_aa + ½ ūᵀBū
    double[] y = new double[k]; // X ū
    for (int r = 0; r < k; r++) {
      double v = 0;
      for (int c = 0; c < d; c++) {
        v += x.data[r * d + c] * mean[c];
      }
      y[r] = v;
    }
    double[] eff = new double[d];
    double constant = 0;
    for (int a = 0; a < d; a++) {
      double bMean = 0; // (Bū)_a = φ_aᵀ X ū
      double[] pa = phi[a];
      for (int q = 0; q < k; q++) {
        bMean += pa[q] * y[q];
      }
      eff[a] = pot[a] - bMean;
      constant += 0.5 * partial.b(a, a) + 0.5 * mean[a] * bMean;
    }
    for (int i = 0; i + 1 < l; i++) {
      eff[l + i] += 0.5 * (partial.b(i, i + 1) + partial.b(i + 1, i));
      eff[i + 1] += 0.5 * (partial.b(i, l + i) + partial.b(l + i, i));
      eff[i] += 0.5 * (partial.b(i + 1, l + i) + partial.b(l + i, i + 1));
    }
    double logDetRatio = logDeterminant(precision) - logDetS;
    return new Objective(l, phi, x.data, pot, mean, eff, constant, logDetRatio, chain.logZ());
  }

  private static double logDeterminant(DMatrixRMaj m) {
    org.ejml.interfaces.decomposition.CholeskyDecomposition_F64<DMatrixRMaj> chol =
        org.ejml.dense.row.factory.DecompositionFactory_DDRM.chol(m.numRows, true);
    if (!chol.decompose(m.copy())) {
      return Double.NaN;
    }
    DMatrixRMaj lower = chol.getT(null);
    double s = 0;
    for (int i = 0; i < m.numRows; i++) {
      s += 2 * Math.log(lower.get(i, i));
    }
    return s;
  }

  /** One sequence's answer. */
  record Result(int[] spins, double fullG, double truncatedG, double gap, int mapDisagreements, double logPredictive,
      double fullGAtMap) {}

  static Result solve(CrfFeatures f, int n, double[] lambdaMp, DMatrixRMaj precision) {
    Objective o = objective(f, n, lambdaMp, precision);
    int l = o.length();
    int[] t = ChainInference.viterbi(o.effective(), l);
    double full = o.full(t);
    double gap = Double.NaN;
    if (l <= GAP_ENUMERATION_LENGTH) {
      double best = Double.NEGATIVE_INFINITY;
      int[] s = new int[l];
      for (int code = 0; code < 1 << l; code++) {
        for (int i = 0; i < l; i++) {
          s[i] = ((code >> i) & 1) == 1 ? 1 : -1;
        }
        best = Math.max(best, o.full(s));
      }
      gap = best - full;
    }
    int[] map = ChainInference.viterbi(o.potentials(), l);
    int diff = 0;
    for (int i = 0; i < l; i++) {
      if (map[i] != t[i]) {
        diff++;
      }
    }
    return new Result(t, full, o.truncated(t), gap, diff, o.logPredictive(t), o.full(map));
  }

  @Override
  public CrfPrediction predict(CrfProblem trained, CrfData test, PredictionSettings settings, long seed) {
    long t0 = System.nanoTime();
    double[] lambdaMp = trained.map().lambda();
    DMatrixRMaj a = trained.precision().matrix();
    CrfFeatures f = PredictionSupport.testFeatures(trained, test);
    List<Result> results = PredictionSupport.perSequence(trained, f, n -> solve(f, n, lambdaMp, a));
    List<int[]> labels = new ArrayList<>();
    double full = 0;
    double fullAtMap = 0;
    double truncated = 0;
    double gap = 0;
    int gapSequences = 0;
    long differ = 0;
    long positions = 0;
    int aboveOne = 0;
    for (Result r : results) {
      if (r.logPredictive() > 0) {
        aboveOne++;
      }
      labels.add(PredictionSupport.labels(r.spins()));
      full += r.fullG();
      fullAtMap += r.fullGAtMap();
      truncated += r.truncatedG();
      if (!Double.isNaN(r.gap())) {
        gap += r.gap();
        gapSequences++;
      }
      differ += r.mapDisagreements();
      positions += r.spins().length;
    }
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("fullG", full);
    diag.put("fullGAtMap", fullAtMap);
    diag.put("truncatedG", truncated);
    diag.put("droppedTerms", full - truncated);
    diag.put("gap", gapSequences > 0 ? gap : Double.NaN);
    diag.put("gapSequences", gapSequences);
    diag.put("differsFromMap", positions == 0 ? 0.0 : (double) differ / positions);
    diag.put("probabilityAboveOne", aboveOne);
    if (aboveOne > 0) {
      diag.put("expansionFailed", "on " + aboveOne + " of " + results.size() + " sequences the Laplace predictive at G's"
          + " labels exceeds 1: the second-order expansion of log Z (eqn 15) does not hold there");
    }
    diag.put("mapConverged", trained.map().converged());
    return new CrfPrediction(name(), labels, (System.nanoTime() - t0) * 1e-9, diag);
  }
}
