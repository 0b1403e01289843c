package org.occam.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.RandomStreams;
import org.occam.rbm.RbmLogLikelihood;
import org.occam.rbm.RbmParameterAis;
import org.occam.sampling.AnnealedImportanceSampler;
import org.occam.sampling.AnnealingSchedule;
import org.occam.sampling.ParameterSpaceAis;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * RBM issue {@code ais-pd}, speed acceptance: one AIS-p(D) chain (Chen &amp; Welling 2013, section
 * 4: K = 10⁴ linear temperatures, one HMC transition of 10 leapfrog steps each, so 10⁵ exact
 * likelihood-and-gradient evaluations) for an RBM with {@code hidden} = 9 hidden units on the
 * first 100 documents × 100 words of the State of the Union chunks (F = 1009 parameters). Target:
 * under 30 s per chain on these cores (the paper: up to 4.5 hours per chain).
 *
 * <ul>
 *   <li>{@code oneChain}: one run with the step sizes frozen from a pilot made in the setup — what
 *       each of the G runs of an estimate costs;
 *   <li>{@code pilot}: the pilot run that tunes them (100 warm-up transitions at τ = 0, then the
 *       schedule), paid once per estimate;
 *   <li>{@code likelihoodAndGradient}: one evaluation of L(λ) and ∇L(λ) at a prior draw, the unit
 *       of work of both.
 * </ul>
 *
 * <p>The data are read from {@code data} relative to the working directory (run from the
 * repository root; the default is the shared copy). If the file is missing, a stand-in of the
 * same shape is drawn (each word present with probability 0.15, seeded) and a note is printed.
 *
 * <pre>
 *   java -jar occam-bench/target/benchmarks.jar RbmAisPd -jvmArgs -XX:+UseSerialGC
 * </pre>
 */
@Fork(value = 1)
public class RbmAisPdBenchmark {
  /** The data and the annealer, shared by the three benchmarks. */
  @State(Scope.Benchmark)
  public static class Problem {
    @Param({"9"})
    int hidden;

    @Param({"10000"})
    int steps;

    @Param({"100"})
    int documents;

    @Param({"../shared/data/sotu_chunks100_w100.csv"})
    String data;

    RbmParameterAis ais;

    @Setup
    public void setUp() throws IOException {
      int[][] rows = rows(Path.of(data), documents);
      ais = new RbmParameterAis(rows, hidden, RbmParameterAis.defaultSettings().withSteps(steps).withRuns(1));
      RbmLogLikelihood l = ais.likelihood();
      System.out.printf("%n[RbmAisPd] V=%d, K=%d, N=%d (%d distinct), F=%d, K_temperatures=%d%n", l.visibleCount(),
          l.hiddenCount(), l.dataCount(), l.distinctRowCount(), l.dimension(), steps);
    }
  }

  /** The problem with step sizes from a pilot run made once, before timing. */
  @State(Scope.Benchmark)
  public static class Frozen {
    ParameterSpaceAis frozen;
    AnnealingSchedule schedule;
    /** Each timed chain runs on its own seed. */
    long nextSeed = 100;

    @Setup
    public void setUp(Problem p) {
      long t0 = System.nanoTime();
      ParameterSpaceAis.Pilot pilot = p.ais.annealer().pilot(RandomStreams.fromSeed(1));
      System.out.printf("%n[RbmAisPd] setup pilot: %.1f s, acceptance by quarter %s%n", (System.nanoTime() - t0) * 1e-9,
          Arrays.toString(pilot.run().acceptanceByQuarter()));
      frozen = p.ais.annealer().withStepFactors(pilot.stepFactors());
      schedule = p.ais.settings().annealingSchedule();
    }
  }

  /** A prior draw and a gradient buffer. */
  @State(Scope.Benchmark)
  public static class Point {
    RbmLogLikelihood likelihood;
    double[] lambda;
    double[] gradient;

    @Setup
    public void setUp(Problem p) {
      likelihood = p.ais.likelihood().copy();
      UniformRandomProvider rng = RandomStreams.fromSeed(5);
      lambda = new double[likelihood.dimension()];
      for (int a = 0; a < lambda.length; a++) {
        double u = 1 - rng.nextDouble();
        lambda[a] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextDouble());
      }
      gradient = new double[lambda.length];
    }
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.SECONDS)
  @Warmup(iterations = 0)
  @Measurement(iterations = 3)
  public AnnealedImportanceSampler.Run oneChain(Frozen f) {
    AnnealedImportanceSampler.Run run =
        AnnealedImportanceSampler.run(f.frozen, f.schedule, RandomStreams.fromSeed(f.nextSeed++));
    System.out.printf("%n[RbmAisPd] chain log weight %.3f, acceptance by quarter %s%n", run.logWeight(),
        Arrays.toString(run.acceptanceByQuarter()));
    return run;
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.SECONDS)
  @Warmup(iterations = 0)
  @Measurement(iterations = 1)
  public ParameterSpaceAis.Pilot pilot(Problem p) {
    return p.ais.annealer().pilot(RandomStreams.fromSeed(2));
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  @Warmup(iterations = 3, time = 2)
  @Measurement(iterations = 5, time = 2)
  public double likelihoodAndGradient(Point p) {
    return p.likelihood.valueAndGradient(p.lambda, p.gradient);
  }

  /**
   * The first {@code n} 0/1 rows after the header line, or a seeded stand-in of n rows × 100 words
   * when the file is missing.
   */
  static int[][] rows(Path file, int n) throws IOException {
    if (!Files.exists(file)) {
      System.out.printf("%n[RbmAisPd] %s not found (working directory %s): using a stand-in of %d rows x 100 words%n",
          file, Path.of("").toAbsolutePath(), n);
      UniformRandomProvider rng = RandomStreams.fromSeed(2013);
      int[][] rows = new int[n][100];
      for (int[] row : rows) {
        for (int i = 0; i < row.length; i++) {
          row[i] = rng.nextDouble() < 0.15 ? 1 : 0;
        }
      }
      return rows;
    }
    List<String> lines = Files.readAllLines(file);
    if (lines.size() < n + 1) {
      throw new IOException(file + " has " + (lines.size() - 1) + " data rows, fewer than " + n);
    }
    int[][] rows = new int[n][];
    for (int r = 0; r < n; r++) {
      String[] cells = lines.get(r + 1).split(",");
      rows[r] = new int[cells.length];
      for (int i = 0; i < cells.length; i++) {
        rows[r][i] = Integer.parseInt(cells[i].trim());
      }
    }
    return rows;
  }
}
