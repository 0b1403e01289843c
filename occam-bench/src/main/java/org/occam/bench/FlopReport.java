package org.occam.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Issue 17, point 5: runs the reference dot product and every hot-kernel benchmark with JMH (each
 * with its own annotations: one fork, 2 × 1 s warm-up, 5 × 1 s measured), one at a time, and prints
 * a markdown table: kernel, time per call (the best measured iteration: on a shared machine other
 * load only ever slows an iteration down, so the fastest is the nearest to the kernel's own
 * speed), flops per call (each benchmark's javadoc derives its
 * count), GFLOP/s, and the fraction of the bound. The bound is the faster of the two dense dot
 * products of {@link DotProductBenchmark}; the vectorised axpy and the exp and log1p rates of
 * {@link ElementaryFunctionBenchmark} are shown beside it for reference. The JMH results are also written as JSON (the format of
 * {@code occam-bench/baseline.json}, which {@code occam-bench/compare.sh} reads).
 *
 * <pre>
 *   java -cp occam-bench/target/benchmarks.jar org.occam.bench.FlopReport [results.json]
 * </pre>
 */
public final class FlopReport {
  private FlopReport() {}

  /** What a row is: a dense dot product (the bound), another reference rate, or a hot kernel. */
  enum Role {
    BOUND, REFERENCE, KERNEL
  }

  /** A benchmark, its name in the table, its flops per call, and its role. */
  record Kernel(String benchmark, String label, DoubleSupplier flops, Role role) {}

  static List<Kernel> kernels() {
    String p = "org.occam.bench.";
    int n = 1024;
    return List.of(
        new Kernel(p + "DotProductBenchmark.dot", "dot product, one accumulator (n = 1024)",
            () -> DotProductBenchmark.flopsPerCall(n), Role.BOUND),
        new Kernel(p + "DotProductBenchmark.dotEightAccumulators", "dot product, eight accumulators (n = 1024)",
            () -> DotProductBenchmark.flopsPerCall(n), Role.BOUND),
        new Kernel(p + "DotProductBenchmark.axpy", "axpy, vectorised (n = 1024)",
            () -> DotProductBenchmark.flopsPerCall(n), Role.REFERENCE),
        new Kernel(p + "ElementaryFunctionBenchmark.exp", "Σ exp (n = 1024)",
            () -> ElementaryFunctionBenchmark.flopsPerCall(n), Role.REFERENCE),
        new Kernel(p + "ElementaryFunctionBenchmark.log", "Σ log (n = 1024)",
            () -> ElementaryFunctionBenchmark.flopsPerCall(n), Role.REFERENCE),
        new Kernel(p + "ElementaryFunctionBenchmark.log1p", "Σ log1p (n = 1024)",
            () -> ElementaryFunctionBenchmark.flopsPerCall(n), Role.REFERENCE),
        new Kernel(p + "VbeStepBenchmark.vbeStep", "VBEM: one VBE step, Beal's DAG, n = 10240",
            VbeStepBenchmark::flopsPerCall, Role.KERNEL),
        new Kernel(p + "PcdUpdateBenchmark.pcdUpdates", "PCD: 10 updates, V = 100, K = 10, D = 1000, M = 100",
            PcdUpdateBenchmark::flopsPerCall, Role.KERNEL),
        new Kernel(p + "JunctionTreeBenchmark.binary", "junction tree, binary 10×10 grid",
            JunctionTreeBenchmark::binaryFlopsPerCall, Role.KERNEL),
        new Kernel(p + "JunctionTreeBenchmark.logLinear", "junction tree, log-linear 5×5 grid, 3 states",
            JunctionTreeBenchmark::logLinearFlopsPerCall, Role.KERNEL),
        new Kernel(p + "BeliefPropagationBenchmark.binary", "BP: 20 sweeps + beliefs, binary 20×20 grid",
            BeliefPropagationBenchmark::binaryFlopsPerCall, Role.KERNEL),
        new Kernel(p + "BeliefPropagationBenchmark.logLinear", "BP: 20 sweeps + beliefs, log-linear 10×10, 3 states",
            BeliefPropagationBenchmark::logLinearFlopsPerCall, Role.KERNEL),
        new Kernel(p + "AisStepBenchmark.aisRun", "AIS: 1000 temperatures, RBM V = 100, K = 20",
            AisStepBenchmark::flopsPerCall, Role.KERNEL));
  }

  public static void main(String[] args) throws RunnerException {
    String json = args.length > 0 ? args[0] : "flop-report.json";
    Map<String, Double> seconds = new LinkedHashMap<>();
    var options = new OptionsBuilder().result(json).resultFormat(ResultFormatType.JSON);
    for (Kernel k : kernels()) {
      options.include("^" + k.benchmark().replace(".", "\\.") + "$");
    }
    Collection<RunResult> results = new Runner(options.build()).run();
    for (RunResult r : results) {
      double best = Double.POSITIVE_INFINITY;
      for (var fork : r.getBenchmarkResults()) {
        for (var iteration : fork.getIterationResults()) {
          var primary = iteration.getPrimaryResult();
          best = Math.min(best, primary.getScore() * secondsPer(primary.getScoreUnit()));
        }
      }
      seconds.put(r.getParams().getBenchmark(), best);
    }
    System.out.print(table(seconds));
  }

  /** The markdown table from each benchmark's seconds per call. */
  static String table(Map<String, Double> seconds) {
    double bound = 0;
    List<Kernel> kernels = new ArrayList<>();
    for (Kernel k : kernels()) {
      if (seconds.containsKey(k.benchmark())) {
        kernels.add(k);
        if (k.role() == Role.BOUND) {
          bound = Math.max(bound, k.flops().getAsDouble() / seconds.get(k.benchmark()));
        }
      }
    }
    StringBuilder out = new StringBuilder();
    out.append("| kernel | time per call (best iteration) | flops per call | GFLOP/s | fraction of bound | within 10× |\n");
    out.append("|---|---:|---:|---:|---:|:---:|\n");
    for (Kernel k : kernels) {
      double t = seconds.get(k.benchmark());
      double flops = k.flops().getAsDouble();
      double rate = flops / t;
      double fraction = rate / bound;
      out.append(String.format(Locale.ROOT, "| %s | %s | %.4g | %.3f | %.3f | %s |%n", k.label(), time(t), flops,
          rate / 1e9, fraction, k.role() != Role.KERNEL ? "(reference)" : fraction >= 0.1 ? "yes" : "no"));
    }
    out.append(String.format(Locale.ROOT, "%nbound: %.3f GFLOP/s (the faster dot product)%n", bound / 1e9));
    return out.toString();
  }

  private static String time(double t) {
    if (t < 1e-6) {
      return String.format(Locale.ROOT, "%.1f ns", t * 1e9);
    }
    if (t < 1e-3) {
      return String.format(Locale.ROOT, "%.2f µs", t * 1e6);
    }
    return String.format(Locale.ROOT, "%.3f ms", t * 1e3);
  }

  static double secondsPer(String unit) {
    return switch (unit) {
      case "ns/op" -> 1e-9;
      case "us/op" -> 1e-6;
      case "ms/op" -> 1e-3;
      case "s/op" -> 1;
      default -> throw new IllegalArgumentException("not a time per operation: " + unit);
    };
  }
}
