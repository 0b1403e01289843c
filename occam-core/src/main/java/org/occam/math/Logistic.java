package org.occam.math;

/** The logistic function and its integral (softplus), stable for arguments of any magnitude: the one copy used by BP, the RBM code and the AIS paths. */
public final class Logistic {
  private Logistic() {}

  /** The table's half-width: σ is tabulated on [−RANGE, RANGE]. */
  static final double RANGE = 20;

  /** Table points per unit of t: a power of two, so every point −RANGE + j / STEPS_PER_UNIT is exact. */
  static final double STEPS_PER_UNIT = 32;

  static final int TABLE_STEPS = (int) (2 * RANGE * STEPS_PER_UNIT);

  /**
   * How far the interpolated σ may be from {@link #sigmoid}: linear interpolation on steps of h is
   * within {@code h² max|σ''| / 8} of σ, with {@code max|σ''| = 1 / (6√3) ≈ 0.0962} and h = 1/32,
   * 1.2e-5; σ's and the interpolation's roundings (a few 1e-16) are far inside the margin left.
   */
  static final double SLACK = 2e-5;

  /** σ at the table's points. */
  private static final double[] TABLE = new double[TABLE_STEPS + 1];

  static {
    for (int j = 0; j <= TABLE_STEPS; j++) {
      TABLE[j] = sigmoid(-RANGE + j / STEPS_PER_UNIT);
    }
  }

  /**
   * {@code softplus(t) = ln(1 + e^t)}, written as {@code max(t, 0) + ln(1 + e^−|t|)} so that it
   * neither overflows for large t nor loses the tail for very negative t.
   */
  public static double softplus(double t) {
    return Math.max(t, 0) + Math.log1p(Math.exp(-Math.abs(t)));
  }

  /**
   * {@code σ(t) = 1 / (1 + e^−t)}, evaluated without overflow on either side: {@code 1 / (1 + e^−t)}
   * for t ≥ 0 and {@code e^t / (1 + e^t)} below, written with one exponential and no branch on
   * t's sign (which is as often one way as the other).
   */
  public static double sigmoid(double t) {
    double e = Math.exp(-Math.abs(t));
    return (t >= 0 ? 1 : e) / (1 + e);
  }

  /**
   * {@code u < σ(t)}, the decision of a Bernoulli draw from a uniform u, always the same as
   * {@code u < sigmoid(t)} but usually without an exponential: σ is read off a table by linear
   * interpolation, which is within {@link #SLACK} of {@link #sigmoid} everywhere in the table's range,
   * and {@link #sigmoid} itself decides only when u falls within that slack (a chance of about
   * 2·SLACK) or t is outside the range (|t| ≥ {@value #RANGE}) or not a number.
   */
  public static boolean isBelow(double u, double t) {
    double d = u - tabulated(t);
    // d's sign is that of u − σ(t) unless |d| < SLACK; outside the table d is NaN, and sigmoid decides
    if (!(Math.abs(d) >= SLACK)) {
      return u < sigmoid(t);
    }
    return d < 0;
  }

  /** σ(t) interpolated linearly between the table's points; NaN outside [−RANGE, RANGE) or for NaN. */
  static double tabulated(double t) {
    double x = (t + RANGE) * STEPS_PER_UNIT;
    if (!(x >= 0 && x < TABLE_STEPS)) {
      return Double.NaN;
    }
    int j = (int) x;
    double below = TABLE[j];
    return below + (x - j) * (TABLE[j + 1] - below);
  }
}
