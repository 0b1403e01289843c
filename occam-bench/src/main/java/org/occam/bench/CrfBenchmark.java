package org.occam.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.crf.CrfCsvReader;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfProblem;
import org.occam.crf.CrfReadOptions;
import org.occam.crf.CrfSettings;
import org.occam.crf.methods.CrfMethods;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
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
 * CRF issue 14, speed acceptance (point 8): the papers' 48-parameter CRF (the state and the
 * transition feature of each of the 24 FAQ line features, tied; Parise &amp; Welling 2006 section
 * 4.2, Welling &amp; Parise 2006 section 7) on {@code documents} = 48 documents of 100 question/answer
 * lines of the lsof FAQ. Targets: {@code laplace-exact} (the MAP point by L-BFGS and Newton, then
 * A = Σ_n C_{x_n} + Λ⁻¹ and its determinant) under 1 s; {@code ais} (10⁴ temperatures, G = 10 runs,
 * one HMC move of 10 leapfrog steps each) under 2 minutes on 2 cores (the UAI paper: 5 hours for
 * LV-CD per N).
 *
 * <ul>
 *   <li>{@code laplaceExact}: a fresh problem each time, so the MAP point and A are both paid;
 *   <li>{@code ais}: one estimate at the settings' defaults, single shot;
 *   <li>{@code likelihoodAndGradient}, {@code covarianceSum}: the units of work of both, at λ = 0.1·1.
 * </ul>
 *
 * <p>The data are read with {@link CrfCsvReader} from {@code data} relative to the working directory
 * (run from the repository root); if the file is missing, a stand-in of the same shape is drawn
 * (features 1 with probability 0.2, as the FAQ's, seeded) and a note is printed.
 *
 * <pre>
 *   java -jar occam-bench/target/benchmarks.jar CrfBenchmark -jvmArgs -XX:+UseSerialGC
 * </pre>
 */
@Fork(value = 1)
public class CrfBenchmark {
  /** The data and the model. */
  @State(Scope.Benchmark)
  public static class Problem {
    @Param({"48"})
    int documents;

    @Param({"data/faq_lsof_lines.tsv"})
    String data;

    CrfModel model;
    CrfData sequences;
    CrfSettings settings;
    double[] lambda;

    @Setup
    public void setUp() {
      sequences = read(Path.of(data), documents);
      model = new CrfModel(sequences.labelStates(), sequences.inputNames(), CrfModel.papers(sequences.inputNames()),
          true);
      settings = CrfSettings.defaults();
      lambda = new double[model.features().size()];
      java.util.Arrays.fill(lambda, 0.1);
      System.out.printf("%n[Crf] N=%d documents, %d lines, F=%d, threads=%d%n", sequences.size(),
          sequences.positions(), model.features().size(), settings.threads());
    }

    CrfProblem problem(long seed) {
      return new CrfProblem(model, sequences, settings, seed);
    }
  }

  /** One problem whose likelihood is reused. */
  @State(Scope.Benchmark)
  public static class Fixed {
    CrfProblem problem;
    double[] gradient;

    @Setup
    public void setUp(Problem p) {
      problem = p.problem(1);
      gradient = new double[problem.dimension()];
    }
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  @Warmup(iterations = 3)
  @Measurement(iterations = 5)
  public EvidenceEstimate laplaceExact(Problem p) {
    CrfProblem problem = p.problem(1);
    EvidenceEstimate e = CrfMethods.get("laplace-exact").estimate(problem);
    System.out.printf("%n[Crf] laplace-exact %.4f (%.4f per line), fit %.3f s (%s iterations, %s Newton steps),"
        + " covariance %.3f s%n", e.logEvidence(), e.logEvidence() / p.sequences.positions(),
        e.diagnostics().get("fitSeconds"), e.diagnostics().get("iterations"), e.diagnostics().get("newtonSteps"),
        e.diagnostics().get("covarianceSeconds"));
    return e;
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.SECONDS)
  @Warmup(iterations = 0)
  @Measurement(iterations = 1)
  public EvidenceEstimate ais(Problem p) {
    EvidenceEstimate e = CrfMethods.get("ais").estimate(p.problem(2));
    System.out.printf("%n[Crf] ais %.4f ± %s, settings %s, acceptance by quarter %s%n", e.logEvidence(),
        e.stdError(), e.settings(), e.diagnostics().get("acceptanceByQuarter"));
    return e;
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  @Warmup(iterations = 2, time = 2)
  @Measurement(iterations = 3, time = 2)
  public double likelihoodAndGradient(Problem p, Fixed f) {
    return f.problem.likelihood().valueAndGradient(p.lambda, f.gradient, 1);
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  @Warmup(iterations = 2, time = 2)
  @Measurement(iterations = 3, time = 2)
  public double[][] covarianceSum(Problem p, Fixed f) {
    return f.problem.likelihood().covarianceSum(p.lambda, 1);
  }

  /**
   * The first n 100-line documents of the question/answer lines (the papers' use of the FAQs), or a
   * seeded stand-in of the same shape when the file is missing.
   */
  static CrfData read(Path file, int n) {
    if (!Files.exists(file)) {
      System.out.printf("%n[Crf] %s not found (working directory %s): using a stand-in of %d x 100 lines%n", file,
          Path.of("").toAbsolutePath(), n);
      return standIn(n);
    }
    CrfData all = CrfCsvReader.read(file, CrfReadOptions.defaults().withKeepLabels(List.of("question", "answer"))
        .withIgnoreColumns(List.of("text")).withChunk(100));
    if (all.size() < n) {
      throw new IllegalArgumentException(file + " has " + all.size() + " documents, fewer than " + n);
    }
    return all.subset(IntStream.range(0, n).boxed().toList());
  }

  /** n documents of 100 lines, 24 binary inputs each 1 with probability 0.2, labels 1 with probability 0.05. */
  static CrfData standIn(int n) {
    UniformRandomProvider rng = RandomStreams.fromSeed(2006);
    List<String> inputs = new ArrayList<>();
    for (int a = 0; a < 24; a++) {
      inputs.add("g" + a);
    }
    List<CrfData.Sequence> seqs = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      int[] labels = new int[100];
      double[][] x = new double[100][24];
      for (int i = 0; i < 100; i++) {
        labels[i] = rng.nextDouble() < 0.05 ? 0 : 1;
        for (int a = 0; a < 24; a++) {
          x[i][a] = rng.nextDouble() < 0.2 ? 1 : 0;
        }
      }
      seqs.add(new CrfData.Sequence("doc" + s, labels, x));
    }
    return new CrfData(List.of("question", "answer"), inputs, seqs);
  }
}
