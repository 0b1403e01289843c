package org.occam.dag;

import java.util.Arrays;

/**
 * SQUAREM (Varadhan and Roland, <i>Scand. J. Statist.</i> 35, 2008, scheme S3) on a map N ↦ G(N) of
 * expected counts that never lowers its objective: VBEM's step and its bound ({@link
 * VariationalBayesEm}), or MAP-EM's step and its log posterior ({@link ExpectationMaximisation}).
 * From N₀, two plain steps give r = G(N₀) − N₀ and v = G(G(N₀)) − 2G(N₀) + N₀; with the
 * step length α = −‖r‖/‖v‖ (at most −1) the run jumps to N₀ − 2αr + α²v. The jump is kept when every
 * count is ≥ 0 and its objective is at least that of G(N₀); otherwise α is halved towards −1, where
 * the jump is G(G(N₀)) itself, a plain step. The next cycle starts from the plain step after the jump,
 * so the objective never falls along the run. Every step, kept or not, counts against the limit.
 *
 * <p>A stopping rule on the change per step needs plain steps: when a cycle raises the objective by
 * less than {@code switchGain}, a probe of {@code probeLength} plain steps is taken and the rule is
 * checked on them alone; a run that meets it stops at the probe's end. Probes are spaced out as the
 * run goes on (at most every (cycles so far)/{@value #PROBE_SPACING} cycles), so that a slow stretch
 * is not spent probing.
 */
final class CountsSquarem {
  /** Probes come at most every (cycles so far / this) cycles. */
  static final int PROBE_SPACING = 8;

  /** One plain step. */
  @FunctionalInterface
  interface Step {
    /** The objective at {@code counts}, with G(counts) written into {@code next}. */
    double apply(double[] counts, double[] next);
  }

  /** A stopping rule on the first {@code length} entries of a trace of plain steps. */
  @FunctionalInterface
  interface Rule {
    boolean stops(double[] trace, int length);
  }

  /**
   * How a run ended.
   *
   * @param counts the counts whose objective is {@code objective} (belongs to this record)
   * @param steps the plain steps taken, kept or not
   * @param converged whether the rule held on the last probe
   * @param trace the objective at every step on the run's path
   * @param probe the objectives of the last probe's steps when the run ended in a probe, else empty
   */
  record Outcome(double[] counts, double objective, int steps, boolean converged, double[] trace, double[] probe) {}

  private final Step step;
  private final Rule rule;
  private final double switchGain;
  private final int maxSteps;
  private final double[] probe;
  private final double[] trace;
  private int steps;
  private int length;

  /**
   * @param switchGain a cycle that gains less than this is followed by a probe
   * @param probeLength the plain steps of a probe
   * @param maxSteps the most steps
   */
  CountsSquarem(Step step, Rule rule, double switchGain, int probeLength, int maxSteps) {
    this.step = step;
    this.rule = rule;
    this.switchGain = switchGain;
    this.maxSteps = maxSteps;
    this.probe = new double[probeLength];
    this.trace = new double[maxSteps];
  }

  private double step(double[] counts, double[] next) {
    steps++;
    return step.apply(counts, next);
  }

  private void record(double objective) {
    trace[length++] = objective;
  }

  /** Runs from {@code start} (the counts of the first step; taken over). */
  Outcome run(double[] start) {
    int m = start.length;
    double[] n0 = start;
    double[] n1 = new double[m];
    double[] n2 = new double[m];
    double[] jump = new double[m];
    double[] next = new double[m];
    double[] r = new double[m];
    double[] v = new double[m];
    int cycles = 0;
    int nextProbe = 0;
    while (true) {
      double f0 = step(n0, n1);
      record(f0);
      if (steps >= maxSteps) {
        return outcome(n0, f0, false, 0);
      }
      double f1 = step(n1, n2);
      record(f1);
      if (steps >= maxSteps) {
        return outcome(n1, f1, false, 0);
      }
      double rr = 0;
      double vv = 0;
      for (int i = 0; i < m; i++) {
        r[i] = n1[i] - n0[i];
        v[i] = n2[i] - 2 * n1[i] + n0[i];
        rr += r[i] * r[i];
        vv += v[i] * v[i];
      }
      double alpha = vv > 0 ? Math.min(-1, -Math.sqrt(rr / vv)) : -1;
      double fJump;
      while (true) {
        boolean feasible = true;
        if (alpha == -1) {
          System.arraycopy(n2, 0, jump, 0, m);
        } else {
          for (int i = 0; i < m; i++) {
            jump[i] = n0[i] - 2 * alpha * r[i] + alpha * alpha * v[i];
            feasible &= jump[i] >= 0;
          }
        }
        if (feasible) {
          fJump = step(jump, next);
          if (fJump >= f1 || alpha == -1) {
            break;
          }
          if (steps >= maxSteps) {
            return outcome(n1, f1, false, 0);
          }
        }
        alpha = (alpha - 1) / 2 > -1.01 ? -1 : (alpha - 1) / 2;
      }
      record(fJump);
      if (steps >= maxSteps) {
        return outcome(jump, fJump, false, 0);
      }
      double[] swap = n0;
      n0 = next;
      next = swap;
      cycles++;
      if (fJump - f0 < switchGain && cycles >= nextProbe) {
        nextProbe = cycles + Math.max(1, cycles / PROBE_SPACING);
        // a probe that meets the rule early still takes all its steps (Aitken's estimate of VBEM's
        // remaining gap needs its window of increments)
        boolean stopped = false;
        for (int p = 0; p < probe.length; p++) {
          double f = step(n0, next);
          record(f);
          probe[p] = f;
          stopped |= rule.stops(probe, p + 1);
          if ((stopped && p == probe.length - 1) || steps >= maxSteps) {
            return outcome(n0, f, stopped, p + 1);
          }
          swap = n0;
          n0 = next;
          next = swap;
        }
      }
    }
  }

  private Outcome outcome(double[] counts, double objective, boolean converged, int probeLength) {
    return new Outcome(counts, objective, steps, converged, Arrays.copyOf(trace, length),
        Arrays.copyOf(probe, probeLength));
  }
}
