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
   * G on one test sequence.
   *
   * @param potentials λMP's fields and couplings
   * @param mean ū = E[u | x, λMP]
   * @param b B = Φ (C_x + A)⁻¹ Φᵀ, (2L−1)-square
   * @param effective the truncated objective's fields and couplings
   * @param constant the truncated objective's constant: {@code ½ Σ B_aa + ½ ūᵀBū}
   */
  record Objective(int length, double[] potentials, double[] mean, double[][] b, double[] effective,
      double constant) {
    /** The full G(t) of eqn 15 for spins t. */
    double full(int[] t) {
      double[] u = ChainInference.statistics(t);
      double g = 0;
      for (int a = 0; a < u.length; a++) {
        g += potentials[a] * u[a];
        u[a] -= mean[a];
      }
      double q = 0;
      for (int a = 0; a < u.length; a++) {
        double s = 0;
        for (int c = 0; c < u.length; c++) {
          s += b[a][c] * u[c];
        }
        q += u[a] * s;
      }
      return g + 0.5 * q;
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
    LinearSolverDense<DMatrixRMaj> solver = LinearSolverFactory_DDRM.chol(k);
    if (!solver.setA(s)) {
      // C_x + A is positive definite whenever A is; fall back to LU if rounding says otherwise
      CommonOps_DDRM.solve(s, phiT, x);
    } else {
      solver.solve(phiT, x);
    }
    double[][] b = new double[d][d];
    for (int r = 0; r < d; r++) {
      double[] pr = phi[r];
      for (int c = 0; c < d; c++) {
        double v = 0;
        for (int q = 0; q < k; q++) {
          if (pr[q] != 0) {
            v += pr[q] * x.get(q, c);
          }
        }
        b[r][c] = v;
      }
    }
    // symmetrise away rounding
    for (int r = 0; r < d; r++) {
      for (int c = r + 1; c < d; c++) {
        double v = 0.5 * (b[r][c] + b[c][r]);
        b[r][c] = v;
        b[c][r] = v;
      }
    }
    double[] bMean = new double[d];
    double constant = 0;
    for (int r = 0; r < d; r++) {
      double v = 0;
      for (int c = 0; c < d; c++) {
        v += b[r][c] * mean[c];
      }
      bMean[r] = v;
      constant += 0.5 * b[r][r] + 0.5 * mean[r] * v;
    }
    double[] eff = new double[d];
    for (int a = 0; a < d; a++) {
      eff[a] = pot[a] - bMean[a];
    }
    for (int i = 0; i + 1 < l; i++) {
      eff[l + i] += b[i][i + 1];
      eff[i + 1] += b[i][l + i];
      eff[i] += b[i + 1][l + i];
    }
    return new Objective(l, pot, mean, b, eff, constant);
  }

  /** One sequence's answer. */
  record Result(int[] spins, double fullG, double truncatedG, double gap, int mapDisagreements) {}

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
    return new Result(t, full, o.truncated(t), gap, diff);
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
    double truncated = 0;
    double gap = 0;
    int gapSequences = 0;
    long differ = 0;
    long positions = 0;
    for (Result r : results) {
      labels.add(PredictionSupport.labels(r.spins()));
      full += r.fullG();
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
    diag.put("truncatedG", truncated);
    diag.put("droppedTerms", full - truncated);
    diag.put("gap", gapSequences > 0 ? gap : Double.NaN);
    diag.put("gapSequences", gapSequences);
    diag.put("differsFromMap", positions == 0 ? 0.0 : (double) differ / positions);
    diag.put("mapConverged", trained.map().converged());
    return new CrfPrediction(name(), labels, (System.nanoTime() - t0) * 1e-9, diag);
  }
}
