package org.occam.evidence;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bridge-opt}: bridge sampling with Meng &amp; Wong's (1996, Statistica Sinica 6) optimal bridge,
 * by their iterative scheme (eqn 4.1), between q1(λ) = p(D | λ) p(λ) (posterior draws, n1 of them)
 * and the prior q2(λ) = p(λ) (prior draws, n2), so that l = q1/q2 = L(λ) and r = p(D):
 *
 * <pre>  r̂(t+1) = [ (1/n2) Σ_prior l_j / (s1 l_j + s2 r̂(t)) ] / [ (1/n1) Σ_post 1 / (s1 l_i + s2 r̂(t)) ]</pre>
 *
 * with s1 = n1/(n1+n2), s2 = n2/(n1+n2), in log space, started at the geometric bridge's estimate and
 * stopped when ln r̂ changes by less than {@value #TOLERANCE} (after {@value #MAX_ITERATIONS}
 * iterations it stops and says it did not converge).
 *
 * <p>Standard error: Frühwirth-Schnatter's (2004, Econometrics J. 7) relative mean squared
 * error {@code RE² = V_prior(f1)/n2 + V_post(f2)·ρ(0)/n1} with f1 = l/(s1 l + s2 r̂) over the prior
 * draws, f2 = 1/(s1 l + s2 r̂) over the posterior draws (V the squared coefficient of variation), and
 * n1/ρ(0) taken as the posterior draws' effective size; reported as {@code relativeMse}, the standard
 * error of ln r̂ being √RE². {@code essRatio} is ESS / n1.
 */
final class OptimalBridge extends AbstractSampleEstimator {
  static final double TOLERANCE = 1e-10;
  static final int MAX_ITERATIONS = 1000;

  private final double tolerance;
  private final int maxIterations;

  OptimalBridge() {
    this(TOLERANCE, MAX_ITERATIONS);
  }

  /** With another stopping rule (tests). */
  OptimalBridge(double tolerance, int maxIterations) {
    this.tolerance = tolerance;
    this.maxIterations = maxIterations;
  }

  @Override
  public String name() {
    return "bridge-opt";
  }

  @Override
  public String description() {
    return "bridge sampling, optimal bridge by iteration, prior as q2 (Meng & Wong 1996, eqn 4.1)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.stochastic(3, "consistent as the posterior and prior draws grow; its standard error"
        + " (Frühwirth-Schnatter 2004, posterior ESS) is honest while the prior draws cover the posterior");
  }

  @Override
  public List<String> settings() {
    return List.of("tolerance", "maxIterations");
  }

  @Override
  boolean usesPriorDraws() {
    return true;
  }

  @Override
  Result compute(SampledLikelihoods in, Map<String, Object> settings, Map<String, Object> diagnostics) {
    settings.put("tolerance", tolerance);
    settings.put("maxIterations", maxIterations);
    double[] post = in.posteriorLogLikelihoods();
    double[] prior = in.priorLogLikelihoods();
    int n1 = post.length;
    int n2 = prior.length;
    double logS1 = Math.log((double) n1 / (n1 + n2));
    double logS2 = Math.log((double) n2 / (n1 + n2));
    double start = geometricStart(post, prior);
    if (start == Double.NEGATIVE_INFINITY) {
      return new Result(start, Double.NaN, null, name() + ": every prior draw has likelihood 0");
    }
    diagnostics.put("startLogEvidence", start);
    double[] f1 = new double[n2];
    double[] f2 = new double[n1];
    double u = start;
    int iterations = 0;
    boolean converged = false;
    while (iterations < maxIterations) {
      iterations++;
      terms(post, prior, logS1, logS2, u, f1, f2);
      double next = SampledLikelihoods.logMeanExp(f1) - SampledLikelihoods.logMeanExp(f2);
      double change = Math.abs(next - u);
      u = next;
      if (!(change >= tolerance)) {
        converged = change < tolerance;
        break;
      }
    }
    diagnostics.put("iterations", iterations);
    if (!Double.isFinite(u)) {
      return new Result(Double.NEGATIVE_INFINITY, Double.NaN, null, name() + ": the iteration left the finite numbers"
          + " (ln r̂ = " + u + ")");
    }
    terms(post, prior, logS1, logS2, u, f1, f2);
    double re2 = GeometricBridge.relativeMse(f1, f2, in.posteriorEffectiveDraws());
    if (Double.isFinite(re2)) {
      diagnostics.put("relativeMse", re2);
    }
    String notConverged = converged ? null : String.format(Locale.ROOT, "the bridge iteration changed ln r̂ by more"
        + " than %.0e after %d iterations", tolerance, maxIterations);
    String overlap = GeometricBridge.priorOverlap(f1, diagnostics);
    if (overlap != null) {
      notConverged = notConverged == null ? overlap : notConverged + "; " + overlap;
    }
    return new Result(u, Math.sqrt(re2), notConverged, null);
  }

  /** The geometric bridge's ln r̂ where it is finite, else the prior mean of L (posterior draws of L = 0). */
  private static double geometricStart(double[] post, double[] prior) {
    double[] a = new double[prior.length];
    for (int j = 0; j < prior.length; j++) {
      a[j] = 0.5 * prior[j];
    }
    double[] b = new double[post.length];
    for (int i = 0; i < post.length; i++) {
      b[i] = -0.5 * post[i];
    }
    double geometric = SampledLikelihoods.logMeanExp(a) - SampledLikelihoods.logMeanExp(b);
    return Double.isFinite(geometric) ? geometric : SampledLikelihoods.logMeanExp(prior);
  }

  /** ln f1 (prior draws) and ln f2 (posterior draws) at ln r̂ = u. */
  private static void terms(double[] post, double[] prior, double logS1, double logS2, double u, double[] f1,
      double[] f2) {
    for (int j = 0; j < prior.length; j++) {
      f1[j] = prior[j] - SampledLikelihoods.logAddExp(logS1 + prior[j], logS2 + u);
    }
    for (int i = 0; i < post.length; i++) {
      f2[i] = -SampledLikelihoods.logAddExp(logS1 + post[i], logS2 + u);
    }
  }
}
