package org.occam.evidence;

import java.util.Locale;
import java.util.Map;
import org.occam.data.InvalidInputException;

/**
 * {@code harmonic4}: Newton &amp; Raftery's (1994, JRSS B 56, section 7) p̂4. All m draws are from
 * the posterior; one imagines δm/(1 − δ) further draws from the prior whose likelihoods all equal
 * their expectation p(D), and solves the estimating equation of the mixture δ·prior + (1 − δ)·posterior
 * for p̂:
 *
 * <pre>  p̂ = [ δm/(1−δ) + Σ_s L_s / (δp̂ + (1−δ)L_s) ] / [ δm/((1−δ)p̂) + Σ_s 1 / (δp̂ + (1−δ)L_s) ]</pre>
 *
 * <p>Multiplying out, the imagined draws cancel and p̂ is the root of
 * {@code f(p) = Σ_s (L_s − p) / (δp + (1−δ)L_s) = 0}; with {@code t_s = p / L_s} each term is
 * {@code (1 − t_s) / (δ t_s + 1 − δ)}, which falls in p, from {@code 1/(1−δ)} to {@code −1/δ}, so the
 * root is unique and lies between the smallest and the largest L_s. It is found in u = ln p, in log
 * space throughout, by Newton steps on f(u) kept inside a bisection bracket, to |Δu| &lt; 1e-12.
 * Each term is bounded, so a draw of tiny likelihood (or of likelihood 0) moves p̂ by a bounded amount
 * — the stabilisation; as δ → 0 the root tends to the harmonic mean p̂1.
 *
 * <p>δ: Newton &amp; Raftery leave it to the user and Chen &amp; Welling do not say. The default, 0.1, is
 * our choice: it caps the weight of a draw with L &lt; p̂ at 1/δ = 10 times that of a typical draw, and
 * on the conjugate test models it removes most of p̂1's upward bias while staying consistent in
 * practice (smaller δ behaves like p̂1; larger δ biases p̂ downward).
 *
 * <p>The standard error is the M-estimator's delta method, {@code sd(f_s) / (|mean f'_s| √ESS)}
 * with {@code f'_s = −t_s / (δ t_s + 1 − δ)²} the terms' derivatives in u: the Monte Carlo spread
 * only, not the estimator's bias.
 */
final class StabilisedHarmonicMean extends AbstractSampleEstimator {
  /** The default share δ of imagined prior draws. */
  static final double DEFAULT_DELTA = 0.1;

  private static final int MAX_ITERATIONS = 500;
  private static final double TOLERANCE = 1e-12;

  private final double delta;

  StabilisedHarmonicMean(double delta) {
    if (!(delta > 0 && delta < 1)) {
      throw new InvalidInputException("harmonic4's delta must be in (0, 1), got " + delta);
    }
    this.delta = delta;
  }

  @Override
  public String name() {
    return "harmonic4";
  }

  @Override
  public String description() {
    return "stabilised harmonic mean with δ imagined prior draws (Newton & Raftery 1994, p̂4)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(SampleEvidenceEstimators.HARMONIC_TOLERANCE, "a harmonic mean whose terms are"
        + " bounded, so less dominated by rare draws than p̂1, but still decided by how far the draws reach"
        + " into the posterior's tails, and biased by the imagined prior draws");
  }

  @Override
  public java.util.List<String> settings() {
    return java.util.List.of("delta");
  }

  @Override
  Result compute(SampledLikelihoods in, Map<String, Object> settings, Map<String, Object> diagnostics) {
    settings.put("delta", delta);
    double[] ell = in.posteriorLogLikelihoods();
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (double v : ell) {
      if (v > Double.NEGATIVE_INFINITY) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
    if (lo == Double.POSITIVE_INFINITY) {
      return new Result(Double.NEGATIVE_INFINITY, Double.NaN, null, name() + ": every posterior draw has likelihood 0");
    }
    // f(hi) <= 0 always; f(lo) >= 0 unless draws of likelihood 0 pull it down: widen the bracket then.
    double width = 1;
    while (f(ell, lo) < 0) {
      lo -= width;
      width *= 2;
      if (width > 1e6) {
        return new Result(Double.NEGATIVE_INFINITY, Double.NaN, null, zeroLikelihoodFailure(name(),
            in.posteriorZeroLikelihoods(), ell.length) + ": too many of them for p̂4 to have a root");
      }
    }
    double u = SampledLikelihoods.logMeanExp(ell);
    u = Math.min(Math.max(u, lo), hi);
    int iterations = 0;
    boolean converged = false;
    while (iterations < MAX_ITERATIONS) {
      iterations++;
      double[] fd = valueAndSlope(ell, u);
      if (fd[0] > 0) {
        lo = u;
      } else {
        hi = u;
      }
      double next = fd[1] < 0 ? u - fd[0] / fd[1] : Double.NaN;
      if (!(next > lo && next < hi)) {
        next = 0.5 * (lo + hi);
      }
      double change = Math.abs(next - u);
      u = next;
      if (change < TOLERANCE || hi - lo < TOLERANCE) {
        converged = true;
        break;
      }
    }
    diagnostics.put("iterations", iterations);
    // the spread of the terms at the root, for the delta method's standard error
    double[] terms = new double[ell.length];
    double slope = 0;
    for (int s = 0; s < ell.length; s++) {
      double t = Math.exp(u - ell[s]);
      if (t > 1e300) {
        terms[s] = -1 / delta;
      } else {
        double d = delta * t + 1 - delta;
        terms[s] = (1 - t) / d;
        slope += -t / (d * d);
      }
    }
    slope /= ell.length;
    double se = Math.sqrt(variance(terms) / in.posteriorEffectiveDraws()) / Math.abs(slope);
    String notConverged = converged ? null : String.format(Locale.ROOT, "p̂4's root not found to %.0e in %d"
        + " iterations", TOLERANCE, MAX_ITERATIONS);
    return new Result(u, se, notConverged, null);
  }

  private double f(double[] ell, double u) {
    return valueAndSlope(ell, u)[0];
  }

  /** f(u) and df/du, summed over the draws. */
  private double[] valueAndSlope(double[] ell, double u) {
    double value = 0;
    double slope = 0;
    for (double v : ell) {
      double t = Math.exp(u - v);
      if (t > 1e300) {
        value -= 1 / delta;
      } else {
        double d = delta * t + 1 - delta;
        value += (1 - t) / d;
        slope -= t / (d * d);
      }
    }
    return new double[] {value, slope};
  }

  private static double variance(double[] x) {
    if (x.length < 2) {
      return 0;
    }
    double mean = 0;
    for (double v : x) {
      mean += v;
    }
    mean /= x.length;
    double ss = 0;
    for (double v : x) {
      ss += (v - mean) * (v - mean);
    }
    return ss / (x.length - 1);
  }
}
