package org.occam.bench;

import java.util.concurrent.TimeUnit;
import org.occam.dag.BealExample;
import org.occam.dag.DagStructure;
import org.occam.dag.HiddenStateEnumeration;
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
 * Issue 17, point 5, VBEM sweep: one VBE step (Beal 2003, eqn 6.43) of Beal's true structure (two
 * binary hidden variables, four five-valued observed ones, every observed family with a hidden
 * parent) on the 10,240 rows of the sweep's largest data set: {@link HiddenStateEnumeration#eStep}
 * with θ̃ and the expected counts. The VBM step around it (a digamma per table entry, 62 entries)
 * is negligible beside it and is not timed.
 *
 * <p>Flops per call ({@link #flopsPerCall()}): every family has an unobserved member, so the rows
 * are the data's R distinct rows, each enumerating the C = 4 joint states of (h1, h2) over its
 * m = 6 families. The s = 2 families of h1 and h2 have no observed member, so their factors are the
 * same in every row and are multiplied once per call (C (s − 1) flops, left out below). Per row and
 * state: m − s multiplies for the rest of the product and one add into z; then per row one division
 * {@code n / z} and one log (or, for a row seen once, one multiply into the running product); then
 * per row and state one multiply {@code w·scale} and m adds into the counts. So
 * {@code R (C (2m − s + 2) + 2)} flops; a log counts as one.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class VbeStepBenchmark {
  static final int ROWS = 10240;

  private HiddenStateEnumeration data;
  private double[] thetaTilde;
  private double[] counts;

  @Setup
  public void setUp() {
    data = enumeration();
    thetaTilde = BealExample.trueModel().parameters().orElseThrow().clone();
    // θ̃ is sub-normalised: exp(ψ(·) − ψ(·)) < θ; the scale does not change the work
    for (int i = 0; i < thetaTilde.length; i++) {
      thetaTilde[i] *= 0.9;
    }
    counts = new double[thetaTilde.length];
  }

  private static HiddenStateEnumeration enumeration() {
    return new HiddenStateEnumeration(BealExample.structure(), BealData.rows(ROWS, 12));
  }

  /** {@code R (C (2m − s + 2) + 2)}: see the class comment. */
  public static double flopsPerCall() {
    HiddenStateEnumeration data = enumeration();
    DagStructure s = data.structure();
    int states = 1;
    int families = 0;
    int shared = 0; // families of hidden variables without observed parents: the same in every row
    for (int j = 0; j < s.size(); j++) {
      if (s.isHidden(j)) {
        states *= s.cardinality(j);
      }
      boolean involved = s.isHidden(j);
      for (int q : s.parents(j)) {
        involved |= s.isHidden(q);
      }
      if (!involved) {
        throw new IllegalStateException("the count assumes every family has a hidden member; " + s.name(j) + " has none");
      }
      families++;
      boolean observedParent = false;
      for (int q : s.parents(j)) {
        observedParent |= !s.isHidden(q);
      }
      if (s.isHidden(j) && !observedParent) {
        shared++;
      }
    }
    return data.distinctRows() * (states * (2.0 * families - shared + 2) + 2);
  }

  @Benchmark
  public double vbeStep() {
    return data.eStep(thetaTilde, counts);
  }
}
