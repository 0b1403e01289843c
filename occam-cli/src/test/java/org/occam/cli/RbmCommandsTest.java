package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code occam rbm score} and {@code occam rbm select} on the repository's SOTU data and on bad input. */
class RbmCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path SOTU = Path.of("..", "data", "sotu_chunks100_w100.csv");
  /** Cheap settings: the numbers are checked for consistency, not accuracy. */
  private static final String[] CHEAP = {"--pcd-iterations", "1000", "--pcd-chains", "20", "--gibbs-chains", "20",
      "--samples-per-chain", "50", "--burn-in", "100", "--thinning", "2", "--threads", "2"};

  @TempDir
  Path dir;

  private static String[] args(String... head) {
    List<String> all = new ArrayList<>(List.of(head));
    all.addAll(List.of(CHEAP));
    return all.toArray(new String[0]);
  }

  @Test
  void scoreWritesEveryMethodWithDiagnosticsAndTheScoresAddUp() throws IOException {
    Path out = dir.resolve("s.json");
    var r = CliRunner.run(args("rbm", "score", "--data", SOTU.toString(), "--most-frequent", "5", "--rows", "100",
        "--hidden", "2", "--methods", "laplace,laplace0,map,ml-bic", "--json", out.toString()));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("100 rows", "V = 5", "K = 2 hidden units, F = 17 parameters", "laplace0", "ml-bic");

    JsonNode root = JSON.readTree(out.toFile());
    assertThat(root.at("/data/columns").toString()).contains("government", "states", "congress", "united", "people");
    JsonNode results = root.get("results");
    assertThat(results).hasSize(4);
    JsonNode laplace = results.get(0);
    JsonNode map = results.get(2);
    JsonNode mlBic = results.get(3);
    JsonNode d = laplace.get("diagnostics");
    // map is L + log p at the same point for all three MAP-run scores
    assertThat(map.get("logEvidence").asDouble()).isCloseTo(
        d.get("logLikelihood").asDouble() + d.get("logPrior").asDouble(), within(1e-9));
    assertThat(d.get("logZMethod").asText()).isEqualTo("exact");
    // F = 17 ≤ 200 with log Z exact: λMP minimises the exact ℓ, so there are no samples and no ESS
    assertThat(d.get("fineTuningObjective").asText()).isEqualTo("exact");
    assertThat(d.has("effectiveSampleSize")).isFalse();
    assertThat(d.has("trapezoidDirections")).isTrue();
    assertThat(d.has("modeGroups")).isTrue();
    JsonNode b = mlBic.get("diagnostics");
    assertThat(mlBic.get("logEvidence").asDouble()).isCloseTo(b.get("logLikelihood").asDouble()
        + b.get("logPrior").asDouble() - 8.5 * Math.log(100), within(1e-9));
    assertThat(laplace.get("seed").asLong()).isEqualTo(1);

    // the same seed again gives the same numbers
    Path again = dir.resolve("again.json");
    var r2 = CliRunner.run(args("rbm", "score", "--data", SOTU.toString(), "--most-frequent", "5", "--rows", "100",
        "--hidden", "2", "--methods", "laplace,laplace0,map,ml-bic", "--json", again.toString()));
    assertThat(r2.exitCode()).isZero();
    assertThat(JSON.readTree(again.toFile()).at("/results/0/logEvidence").asDouble())
        .isEqualTo(laplace.get("logEvidence").asDouble());
    // and the output is not overwritten without --force
    var r3 = CliRunner.run(args("rbm", "score", "--data", SOTU.toString(), "--most-frequent", "5", "--rows", "100",
        "--hidden", "2", "--methods", "map", "--json", again.toString()));
    assertThat(r3.exitCode()).isNotZero();
    assertThat(r3.err()).contains("exists");
  }

  @Test
  void sampledFineTuningAsksForThePapersImportanceSampledObjective() throws IOException {
    Path out = dir.resolve("sampled.json");
    var r = CliRunner.run(args("rbm", "score", "--data", SOTU.toString(), "--most-frequent", "5", "--rows", "100",
        "--hidden", "2", "--methods", "laplace", "--sampled-fine-tuning", "--json", out.toString()));
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode result = JSON.readTree(out.toFile()).get("results").get(0);
    JsonNode d = result.get("diagnostics");
    assertThat(d.get("fineTuningObjective").asText()).isEqualTo("importance-sampled");
    // T = 20 chains × 50 samples, at least N = 100
    assertThat(d.get("samples").asInt()).isEqualTo(1000);
    assertThat(d.get("effectiveSampleSize").asDouble()).isGreaterThanOrEqualTo(0.9 * d.get("samples").asDouble());
    assertThat(result.get("settings").get("exactFineTuning").asBoolean()).isFalse();
  }

  @Test
  void selectReportsTheBestKPerMethodFromItsOwnTable() throws IOException {
    Path out = dir.resolve("sel.json");
    var r = CliRunner.run(args("rbm", "select", "--data", SOTU.toString(), "--most-frequent", "4", "--rows", "200",
        "--hidden", "1..3", "--methods", "map,laplace,cv", "--folds", "3", "--json", out.toString()));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("best K by laplace:", "best K by map:", "best K by cv:");
    JsonNode root = JSON.readTree(out.toFile());
    JsonNode models = root.get("models");
    assertThat(models).hasSize(3);
    for (String method : List.of("map", "laplace")) {
      int index = method.equals("map") ? 0 : 1;
      int best = -1;
      double bestValue = Double.NEGATIVE_INFINITY;
      for (JsonNode m : models) {
        double v = m.get("results").get(index).get("logEvidence").asDouble();
        if (v > bestValue) {
          bestValue = v;
          best = m.get("hidden").asInt();
        }
      }
      assertThat(root.at("/bestHidden/" + method).asInt()).isEqualTo(best);
    }
    int bestCv = -1;
    double bestCvValue = Double.NEGATIVE_INFINITY;
    for (JsonNode m : models) {
      double v = m.at("/cv/meanTestLogLikelihoodPerRow").asDouble();
      if (v > bestCvValue) {
        bestCvValue = v;
        bestCv = m.get("hidden").asInt();
      }
    }
    assertThat(root.at("/bestHidden/cv").asInt()).isEqualTo(bestCv);
  }

  /** The MCMC-based estimators beside laplace, on lv-cd draws (500, the CLI's budget options). */
  @Test
  void scoreRunsTheSampleBasedEstimators() throws IOException {
    Path tiny = dir.resolve("tiny.csv");
    StringBuilder b = new StringBuilder("a,b\n");
    int[][] rows = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {1, 1}, {1, 1}, {0, 0}, {1, 0}, {1, 1}, {0, 0}};
    for (int[] r : rows) {
      b.append(r[0]).append(',').append(r[1]).append('\n');
    }
    Files.writeString(tiny, b.toString());
    Path out = dir.resolve("mcmc.json");
    var r = CliRunner.run(args("rbm", "score", "--data", tiny.toString(), "--hidden", "1", "--methods",
        "laplace,harmonic1,bridge-opt,dic", "--sampler", "lv-cd", "--samples", "500", "--prior-draws", "500", "--json",
        out.toString()));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("laplace", "harmonic1", "bridge-opt", "dic");
    JsonNode results = JSON.readTree(out.toFile()).get("results");
    assertThat(results).hasSize(4);
    for (int i = 1; i < 4; i++) {
      JsonNode s = results.get(i).get("settings");
      assertThat(s.get("sampler").asText()).isEqualTo("lv-cd");
      assertThat(s.get("samples").asInt()).isEqualTo(500);
      assertThat(s.get("chains").asInt()).isEqualTo(10);
      assertThat(s.get("likelihood").asText()).isEqualTo("exact");
    }
    // the estimators share one run: the same draws give harmonic1 and bridge-opt within a few nats of laplace
    double laplace = results.get(0).get("logEvidence").asDouble();
    assertThat(results.get(2).get("logEvidence").asDouble()).isCloseTo(laplace, within(3.0));
  }

  @Test
  void badInputIsOneLineWithANonZeroExit() throws IOException {
    Path bad = dir.resolve("bad.csv");
    Files.writeString(bad, "a,b\n0,1\n1,2\n");
    String[][] cases = {
        {"rbm", "score", "--data", bad.toString(), "--hidden", "1", "bad.csv:3:2"},
        {"rbm", "score", "--data", SOTU.toString(), "--hidden", "0", "--hidden must be >= 1"},
        {"rbm", "score", "--data", SOTU.toString(), "--hidden", "1", "--log-z", "magic", "--log-z must be"},
        {"rbm", "score", "--data", SOTU.toString(), "--hidden", "1", "--columns", "war", "--most-frequent", "2",
            "not both"},
        {"rbm", "score", "--data", SOTU.toString(), "--hidden", "1", "--methods", "laplace,best", "best"},
        {"rbm", "score", "--data", SOTU.toString(), "--hidden", "1", "--columns", "nosuchword", "nosuchword"},
        {"rbm", "select", "--data", SOTU.toString(), "--hidden", "2..1", "empty"},
        {"rbm", "select", "--data", SOTU.toString(), "--hidden", "0..2", "--hidden needs orders >= 1"},
        {"rbm", "select", "--data", SOTU.toString(), "--hidden", "1,x", "--hidden: cannot read \"x\""},
    };
    for (String[] c : cases) {
      String[] a = java.util.Arrays.copyOf(c, c.length - 1);
      var r = CliRunner.run(a);
      assertThat(r.exitCode()).as(String.join(" ", a)).isEqualTo(2);
      assertThat(r.err()).as(String.join(" ", a)).contains(c[c.length - 1]);
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
      assertThat(r.err()).doesNotContain("Exception");
    }
  }
}
