package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code rbm train}: one PCD run on 50 rows of 3 binary columns with a common cause, its JSON, its
 * exact log-likelihood against a brute-force sum over all 2^3 × 2^2 states of the 3×2 RBM the JSON
 * gives, the same numbers on one and two threads, and bad options refused in one line.
 */
class RbmTrainCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private Path data;
  private final List<int[]> rows = new ArrayList<>();

  @BeforeEach
  void writeData() throws IOException {
    SplittableRandom random = new SplittableRandom(5);
    StringBuilder csv = new StringBuilder("x,y,z\n");
    for (int r = 0; r < 50; r++) {
      int cause = random.nextDouble() < 0.4 ? 1 : 0;
      int[] row = new int[3];
      for (int c = 0; c < 3; c++) {
        row[c] = random.nextDouble() < (cause == 1 ? 0.85 : 0.15) ? 1 : 0;
        csv.append(c > 0 ? "," : "").append(row[c]);
      }
      rows.add(row);
      csv.append('\n');
    }
    data = CliRunner.write(dir, "d.csv", csv.toString());
  }

  /** {@code rbm train} on the data with K = 2, 300 updates, 20 chains and seed 3, unless {@code extra} sets them. */
  private CliRunner.Result train(String... extra) {
    List<String> args = new ArrayList<>(List.of("rbm", "train", "--data", data.toString()));
    String[][] defaults = {{"--hidden", "2"}, {"--pcd-iterations", "300"}, {"--pcd-chains", "20"}, {"--seed", "3"}};
    for (String[] d : defaults) {
      if (!List.of(extra).contains(d[0])) {
        args.addAll(List.of(d));
      }
    }
    args.addAll(List.of(extra));
    return CliRunner.run(args.toArray(new String[0]));
  }

  @Test
  void maximumLikelihoodWithMiniBatchesAndAConstantStep() throws IOException {
    Path out = dir.resolve("out.json");
    var r = train("--ml", "--batch-size", "10", "--step-size", "0.1", "--step-decay", "none", "--threads", "1",
        "--json", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("ML (no prior)").contains("mini-batches of 10 rows").contains("constant")
        .contains("exact log-likelihood").contains("W[0,0]=").contains("wrote " + out);
    JsonNode j = JSON.readTree(out.toFile());
    assertThat(j.get("command").asText()).isEqualTo("rbm train");
    assertThat(j.get("hidden").asInt()).isEqualTo(2);
    assertThat(j.get("updates").asInt()).isEqualTo(300);
    assertThat(j.get("seed").asLong()).isEqualTo(3);
    assertThat(j.get("seconds").asDouble()).isNotNegative();
    JsonNode s = j.get("settings");
    assertThat(s.get("iterations").asInt()).isEqualTo(300);
    assertThat(s.get("chains").asInt()).isEqualTo(20);
    assertThat(s.get("gibbsSweepsPerUpdate").asInt()).isEqualTo(1);
    assertThat(s.get("batchSize").asInt()).isEqualTo(10);
    assertThat(s.get("initialStepSize").asDouble()).isEqualTo(0.1);
    assertThat(s.get("stepSizeDecay").asText()).isEqualTo("none (constant step)");
    assertThat(s.get("estimate").asText()).isEqualTo("ML");
    assertThat(j.get("logPrior").isNull()).isTrue();
    assertThat(j.get("data").get("rows").asLong()).isEqualTo(50);

    double[] lambda = parameters(j);
    double logLikelihood = j.get("logLikelihood").asDouble();
    assertThat(logLikelihood).isCloseTo(bruteForceLogLikelihood(lambda), within(1e-9 * Math.abs(logLikelihood)));
    assertThat(j.get("logLikelihoodPerRow").asDouble()).isCloseTo(logLikelihood / 50, within(1e-12));
    // trained: far above the all-zero RBM's 50 · 3 · log(1/2)
    assertThat(logLikelihood).isGreaterThan(50 * 3 * Math.log(0.5) + 10);
  }

  @Test
  void mapByDefaultReportsTheLogPrior() throws IOException {
    var r = train("--prior-sigma", "2", "--threads", "1", "--json", "-");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode j = JSON.readTree(r.out());
    assertThat(j.get("settings").get("estimate").asText()).isEqualTo("MAP");
    assertThat(j.get("settings").get("batchSize").asText()).isEqualTo("full");
    assertThat(j.get("settings").get("stepSizeDecay").asDouble()).isEqualTo(2000);
    double[] lambda = parameters(j);
    double squares = 0;
    for (double l : lambda) {
      squares += l * l;
    }
    double logPrior = -squares / (2 * 4) - 0.5 * lambda.length * Math.log(2 * Math.PI * 4);
    assertThat(j.get("logPrior").asDouble()).isCloseTo(logPrior, within(1e-9));
    assertThat(j.get("logLikelihood").asDouble()).isCloseTo(bruteForceLogLikelihood(lambda), within(1e-8));
    assertThat(r.err()).contains("log prior"); // the report moved to stderr with --json -
  }

  @Test
  void theSameSeedGivesTheSameModelOnOneAndTwoThreads() throws IOException {
    List<JsonNode> outputs = new ArrayList<>();
    for (String threads : new String[] {"1", "2"}) {
      var r = train("--ml", "--batch-size", "10", "--step-size", "0.1", "--step-decay", "none", "--threads", threads,
          "--json", "-");
      assertThat(r.exitCode()).as(r.err()).isZero();
      outputs.add(CliRunner.withoutFields(JSON.readTree(r.out()), ThreadDeterminismTest::varies));
    }
    assertThat(outputs.get(1)).isEqualTo(outputs.get(0));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "--hidden | 0 | --hidden must be >= 1, got 0",
      "--pcd-iterations | 0 | --pcd-iterations must be >= 1, got 0",
      "--pcd-chains | 0 | --pcd-chains must be >= 1, got 0",
      "--pcd-sweeps | 0 | --pcd-sweeps must be >= 1, got 0",
      "--batch-size | -1 | --batch-size must be full or a whole number >= 0 (0: full), got -1",
      "--batch-size | some | --batch-size must be full or a whole number >= 0 (0: full), got some",
      "--step-size | 0 | --step-size must be a finite number > 0, got 0.0",
      "--step-decay | 0 | --step-decay must be a finite number > 0, got 0.0",
      "--step-decay | slow | --step-decay must be none or a finite number > 0, got slow",
      "--prior-sigma | 0 | --prior-sigma: σ0 of the Gaussian prior must be a number in [0.0001, 1e+4], got 0",
      "--threads | 0 | --threads must be >= 1, got 0"})
  void aBadOptionIsRefusedInOneLineBeforeAnyOutput(String option, String value, String message) {
    var r = train(option, value);
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("occam: " + message);
    assertThat(r.out()).isEmpty();
  }

  @Test
  void mlAndAPriorTogetherAreRefused() {
    var r = train("--ml", "--prior-sigma", "2");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("occam: give --ml or --prior-sigma, not both (--ml has no prior)");
    assertThat(r.out()).isEmpty();
  }

  /** λ in feature order (W row-major V×K, α, β) from the JSON's blocks. */
  private static double[] parameters(JsonNode j) {
    JsonNode p = j.get("parameters");
    JsonNode w = p.get("weights");
    assertThat(w).hasSize(3);
    double[] lambda = new double[3 * 2 + 3 + 2];
    for (int i = 0; i < 3; i++) {
      assertThat(w.get(i)).hasSize(2);
      for (int k = 0; k < 2; k++) {
        lambda[i * 2 + k] = w.get(i).get(k).asDouble();
      }
      lambda[6 + i] = p.get("visibleBiases").get(i).asDouble();
    }
    for (int k = 0; k < 2; k++) {
      lambda[9 + k] = p.get("hiddenBiases").get(k).asDouble();
    }
    return lambda;
  }

  /** {@code Σ_n log Σ_z e^{E(x_n, z)} − N log Σ_{x, z} e^{E(x, z)}}, every state summed term by term. */
  private double bruteForceLogLikelihood(double[] lambda) {
    double z = 0;
    for (int x = 0; x < 8; x++) {
      z += marginal(lambda, new int[] {x & 1, (x >> 1) & 1, (x >> 2) & 1});
    }
    double sum = 0;
    for (int[] row : rows) {
      sum += Math.log(marginal(lambda, row));
    }
    return sum - rows.size() * Math.log(z);
  }

  /** {@code Σ_z exp(xᵀW z + αᵀx + βᵀz)} over the 4 hidden states. */
  private static double marginal(double[] lambda, int[] x) {
    double total = 0;
    for (int h = 0; h < 4; h++) {
      int[] z = {h & 1, (h >> 1) & 1};
      double e = 0;
      for (int i = 0; i < 3; i++) {
        e += lambda[6 + i] * x[i];
        for (int k = 0; k < 2; k++) {
          e += lambda[i * 2 + k] * x[i] * z[k];
        }
      }
      for (int k = 0; k < 2; k++) {
        e += lambda[9 + k] * z[k];
      }
      total += Math.exp(e);
    }
    return total;
  }
}
