package org.occam.bench;

import java.util.concurrent.TimeUnit;
import org.occam.mrf.BeliefPropagationResult;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.loglinear.LogLinearBeliefPropagation;
import org.occam.mrf.loglinear.LogLinearBpResult;
import org.occam.mrf.loglinear.LogLinearFactorGraph;
import org.occam.mrf.loglinear.LogLinearStructure;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 17, point 5 and issue 18, point 7, BP sweeps: a cold run of exactly {@value #SWEEPS}
 * sequential, damped (0.5) sweeps and the beliefs and Bethe log Z after them (the tolerance is set
 * so low that the run never stops early; {@link #setUp} checks it).
 *
 * <p>{@code binary}: {@link LoopyBeliefPropagation} on the 20 × 20 Boltzmann grid of
 * {@link GridModels#boltzmann} (V = 400, E = 760), whose sweeps run in the engine's ratio form (no
 * exp or log per message). Flops ({@link #binaryFlopsPerCall()}; an exp, log, log1p or square root
 * is one, as are a division and a multiply; max, min and comparisons none): per sweep, per vertex deg(i)
 * multiplies for F = e^θ Π r and one division for 1/F (2E + V in all), and per message 7 — the
 * cavity's e^{−h} = r·(1/F), the two adds and the division of (t + e^w)/(1 + t), the residual's
 * ratio (a division), and the damped geometric mean (a multiply and a square root) — so 16E + V per
 * sweep, and two logs for the sweep's residual. Per call: the messages to ratios and back (4E exps
 * and logs) and e^θ, e^w (V + E exps). The beliefs: per vertex deg(i) + 15 (two softplus, two exps,
 * the entropy's two multiplies and add, log Z's four), per edge 37 (the cavities 2, the joint cell
 * log-potentials 2, a log-sum-exp of 4 cells 14, per cell subtract, exp, multiply and subtract 16,
 * log Z's 3).
 *
 * <p>{@code logLinear}: {@link LogLinearBeliefPropagation} on the pairwise model of a 10 × 10 grid of
 * three-state variables (180 pairwise factors of 9 cells). Flops ({@link #logLinearFlopsPerCall()})
 * per sweep: the totals, one add per message entry; per factor g of C cells over n variables of k
 * states: the cavities nk subtractions, the table Cn adds, its rescaled weights 2C (subtract, exp,
 * once per factor), and per variable C adds for the grouped sums, 3 for the reference state, and 11
 * per state (log, add, two
 * subtractions, the residual's subtraction, the damped mix 4, the total's update 2). The beliefs
 * once: the cavities and table again, a log-sum-exp (3C + 2) and 5C (subtract, exp, subtract,
 * multiply, add) per factor, and per variable 3k + 2 + 4k + 3. The log potentials and owned means
 * (adds, once per run) are not counted. The engine (its factor graph) is built once, outside the
 * timing; each call resets it to uniform messages, so every call is the same cold run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class BeliefPropagationBenchmark {
  static final int SWEEPS = 20;
  static final int BINARY_SIDE = 20;
  static final int LOG_LINEAR_SIDE = 10;
  static final int LOG_LINEAR_STATES = 3;

  private BoltzmannMachine model;
  private LoopyBeliefPropagation.Settings settings;
  private LogLinearBeliefPropagation logLinearEngine;
  private double[] lambda;

  @Setup
  public void setUp() {
    model = GridModels.boltzmann(BINARY_SIDE, 11);
    settings = LoopyBeliefPropagation.Settings.defaults().withMaxIterations(SWEEPS).withTolerance(Double.MIN_VALUE);
    LogLinearStructure structure = GridModels.pairwise(LOG_LINEAR_SIDE, LOG_LINEAR_STATES);
    logLinearEngine = new LogLinearBeliefPropagation(structure, settings);
    lambda = GridModels.pairwiseParameters(structure, 12);
    if (binary().iterations() != SWEEPS || logLinear().iterations() != SWEEPS) {
      throw new IllegalStateException("a BP run stopped before " + SWEEPS + " sweeps; the flop counts assume all");
    }
  }

  @Benchmark
  public BeliefPropagationResult binary() {
    return LoopyBeliefPropagation.run(model, settings);
  }

  @Benchmark
  public LogLinearBpResult logLinear() {
    logLinearEngine.reset();
    return logLinearEngine.run(lambda);
  }

  /** See the class comment. */
  public static double binaryFlopsPerCall() {
    PairwiseGraph g = GridModels.boltzmann(BINARY_SIDE, 11).graph();
    double e = g.edgeCount();
    double v = g.vertexCount();
    return SWEEPS * (16 * e + v + 2) + 4 * e + v + e + (2 * e + 15 * v) + 37 * e;
  }

  /** See the class comment. */
  public static double logLinearFlopsPerCall() {
    LogLinearStructure s = GridModels.pairwise(LOG_LINEAR_SIDE, LOG_LINEAR_STATES);
    LogLinearFactorGraph graph = new LogLinearFactorGraph(s);
    double sweep = 0;
    double beliefs = 0;
    for (int g = 0; g < graph.factorCount(); g++) {
      int[] vars = graph.factorVariables(g);
      double cells = graph.cells(g);
      double entries = 0;
      for (int v : vars) {
        entries += s.cardinality(v);
      }
      double table = entries + cells * vars.length;
      sweep += entries + table + 2 * cells;
      for (int v : vars) {
        sweep += cells + 3 + 11 * s.cardinality(v);
      }
      beliefs += entries + table + 3 * cells + 2 + 5 * cells;
    }
    for (int v = 0; v < s.variableCount(); v++) {
      beliefs += 7 * s.cardinality(v) + 5;
    }
    return SWEEPS * sweep + beliefs;
  }
}
