package org.occam.evidence;

import java.util.Objects;

/**
 * What a method's number is, and how close it is declared to come to the exact evidence on its
 * family's tiny reference models (the contract test suite holds every registered method to this).
 *
 * @param kind what the number is
 * @param tolerance for {@link Kind#EXACT} and {@link Kind#APPROXIMATE}: the largest |estimate − exact|
 *     in nats; for {@link Kind#STOCHASTIC}: the number of standard errors; for {@link Kind#LOWER_BOUND}:
 *     the slack allowed above the exact evidence (rounding); unused for {@link Kind#REFERENCE}
 * @param reason why the method meets (or cannot meet) that tolerance, in a sentence
 */
public record Accuracy(Kind kind, double tolerance, String reason) {
  /** What kind of number a method returns. */
  public enum Kind {
    /** ln p(D | m) itself, to rounding. */
    EXACT,
    /** Never above ln p(D | m) (variational and Cheeseman–Stutz bounds). */
    LOWER_BOUND,
    /** A Monte Carlo estimate with a standard error (unbiased for p(D | m), or consistent). */
    STOCHASTIC,
    /** A deterministic approximation whose error is bounded only on the reference models. */
    APPROXIMATE,
    /** Not an estimate of the evidence (a MAP value, reported for reference): no tolerance. */
    REFERENCE
  }

  public Accuracy {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(reason, "reason");
    if (!(tolerance >= 0)) {
      throw new IllegalArgumentException("tolerance must be >= 0, got " + tolerance);
    }
  }

  /** Equal to the exact evidence within {@code nats}. */
  public static Accuracy exact(double nats, String reason) {
    return new Accuracy(Kind.EXACT, nats, reason);
  }

  /** A lower bound: at most {@code slack} nats above the exact evidence (rounding). */
  public static Accuracy lowerBound(double slack, String reason) {
    return new Accuracy(Kind.LOWER_BOUND, slack, reason);
  }

  /** Within {@code standardErrors} of its own standard error of the exact evidence. */
  public static Accuracy stochastic(double standardErrors, String reason) {
    return new Accuracy(Kind.STOCHASTIC, standardErrors, reason);
  }

  /** Within {@code nats} of the exact evidence on the family's reference models. */
  public static Accuracy approximate(double nats, String reason) {
    return new Accuracy(Kind.APPROXIMATE, nats, reason);
  }

  /** Not an evidence estimate. */
  public static Accuracy reference(String reason) {
    return new Accuracy(Kind.REFERENCE, 0, reason);
  }

  /** One line, e.g. {@code "approximate (within 2.5 nats)"}. */
  public String summary() {
    return switch (kind) {
      case EXACT -> "exact";
      case LOWER_BOUND -> "lower bound";
      case STOCHASTIC -> "stochastic (standard error)";
      case APPROXIMATE -> "approximate";
      case REFERENCE -> "not an evidence estimate";
    };
  }
}
