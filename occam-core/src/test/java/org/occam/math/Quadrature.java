package org.occam.math;

/**
 * Tanh–sinh (double-exponential) quadrature on (0, 1), written for these tests so that Beta
 * integrals with endpoint singularities can be computed without any gamma function.
 *
 * <p>With {@code θ = σ(2u)}, {@code u = (π/2) sinh t}, both {@code ln θ} and {@code ln(1 − θ)}
 * are computed directly from {@code u}, so neither end loses precision.
 */
final class Quadrature {
  private Quadrature() {}

  /** An integrand given {@code ln θ} and {@code ln(1 − θ)} (θ itself may round to 0 or 1). */
  interface LogIntegrand {
    double value(double logTheta, double logOneMinusTheta);
  }

  private static final double H = 1.0 / 256;
  private static final double T = 6.0;

  /** ∫₀¹ f(θ) dθ. */
  static double integrate(LogIntegrand f) {
    double sum = 0;
    int n = (int) Math.round(T / H);
    for (int i = -n; i <= n; i++) {
      double t = i * H;
      double u = 0.5 * Math.PI * Math.sinh(t);
      double logTheta = -Math.log1p(Math.exp(-2 * u));
      double logOneMinus = -Math.log1p(Math.exp(2 * u));
      // dθ/dt = 2 θ (1 − θ) (π/2) cosh t
      double logJacobian = Math.log(Math.PI * Math.cosh(t)) + logTheta + logOneMinus;
      double v = f.value(logTheta, logOneMinus);
      if (v != 0) {
        sum += v * Math.exp(logJacobian);
      }
    }
    return sum * H;
  }

  /** B(a, b) = ∫₀¹ θ^(a−1) (1 − θ)^(b−1) dθ by quadrature. */
  static double beta(double a, double b) {
    return integrate((lt, l1) -> Math.exp((a - 1) * lt + (b - 1) * l1));
  }
}
