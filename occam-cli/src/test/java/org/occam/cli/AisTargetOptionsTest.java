package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --ais-target-se} of {@code mrf score} and the DAG commands, and {@code --ais-pd-target-se}
 * of {@code rbm score}:
 * off unless given (the same numbers as without the option), and a target the budget cannot reach
 * is reported as not converged, with the reason.
 */
class AisTargetOptionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SOTU = Path.of("..", "data", "sotu_chunks100_w100.csv").toString();

  @TempDir
  Path dir;

  private Path[] pair() throws IOException {
    Path model = CliRunner.write(dir, "pair.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"},"
        + " {\"name\": \"b\"}], \"edges\": [[\"a\", \"b\"]]}");
    StringBuilder rows = new StringBuilder("a,b\n");
    int[][] counts = {{0, 0, 9}, {0, 1, 4}, {1, 0, 3}, {1, 1, 14}};
    for (int[] c : counts) {
      rows.append((c[0] + "," + c[1] + "\n").repeat(c[2]));
    }
    return new Path[] {model, CliRunner.write(dir, "pair.csv", rows.toString())};
  }

  private JsonNode mrfAis(String name, String... extra) throws IOException {
    Path[] p = pair();
    Path out = dir.resolve(name + ".json");
    String[] base = {"mrf", "score", "--model", p[0].toString(), "--data", p[1].toString(), "--methods", "ais",
        "--seed", "4", "--threads", "2", "--json", out.toString()};
    String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(extra))
        .toArray(String[]::new);
    var r = CliRunner.run(args);
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode result = JSON.readTree(out.toFile()).get("results").get(0);
    ((com.fasterxml.jackson.databind.node.ObjectNode) result).put("stdout", r.out());
    return result;
  }

  @Test
  void mrfScoreWithoutTheOptionIsUnchangedAndAMetTargetAddsNoRuns() throws IOException {
    JsonNode plain = mrfAis("plain");
    assertThat(plain.get("diagnostics").has("stdErrorTarget")).isFalse();
    assertThat(plain.get("settings").has("stdErrorTarget")).isFalse();
    double se = plain.get("stdError").asDouble();
    // a target above the standard error of the first 10 runs: met at once, the same numbers
    JsonNode met = mrfAis("met", "--ais-target-se", Double.toString(2 * se));
    assertThat(met.get("logEvidence").asDouble()).isEqualTo(plain.get("logEvidence").asDouble());
    assertThat(met.get("stdError").asDouble()).isEqualTo(se);
    JsonNode d = met.get("diagnostics");
    assertThat(d.get("stdErrorTargetMet").asBoolean()).isTrue();
    assertThat(d.get("runs").asInt()).isEqualTo(10);
    assertThat(d.get("runBudget").asInt()).isEqualTo(80);
    assertThat(met.get("stdout").asText()).doesNotContain("warning");
  }

  @Test
  void mrfScoreSaysWhenTheBudgetRanOutBeforeTheTarget() throws IOException {
    JsonNode missed = mrfAis("missed", "--ais-target-se", "0.0001", "--ais-max-runs", "20");
    JsonNode d = missed.get("diagnostics");
    assertThat(d.get("stdErrorTargetMet").asBoolean()).isFalse();
    assertThat(d.get("runs").asInt()).isEqualTo(20);
    assertThat(d.get("logWeights")).hasSize(20);
    assertThat(d.get("converged").asBoolean()).isFalse();
    assertThat(missed.get("stdError").asDouble()).isGreaterThan(0.0001);
    assertThat(missed.get("stdout").asText()).contains("warning: ais is not to be trusted: the standard error")
        .contains("after the budget of 20 runs");
  }

  @Test
  void mrfScoreRefusesABudgetWithoutATargetAndABadTarget() throws IOException {
    Path[] p = pair();
    var r = CliRunner.run("mrf", "score", "--model", p[0].toString(), "--data", p[1].toString(), "--methods", "ais",
        "--ais-max-runs", "40");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--ais-max-runs needs --ais-target-se");
    var s = CliRunner.run("mrf", "score", "--model", p[0].toString(), "--data", p[1].toString(), "--methods", "ais",
        "--ais-target-se", "-1");
    assertThat(s.exitCode()).isEqualTo(2);
    assertThat(s.err()).contains("--ais-target-se must be a finite number > 0");
    var t = CliRunner.run("mrf", "score", "--model", p[0].toString(), "--data", p[1].toString(), "--methods", "ais",
        "--ais-target-se", "0.1", "--ais-max-runs", "5");
    assertThat(t.exitCode()).isEqualTo(2);
    assertThat(t.err()).contains("--ais-max-runs must be >= 10");
  }

  @Test
  void dagScoreAisTakesATargetAndSaysWhenTheBudgetRanOut() throws IOException {
    String beal = Path.of("..", "examples", "beal-true.json").toString();
    Path data = dir.resolve("dag.csv");
    var s = CliRunner.run("dag", "sample", "--model", beal, "--rows", "120", "--seed", "3", "--out", data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    Path out = dir.resolve("dag.json");
    var r = CliRunner.run("dag", "score", "--model", beal, "--data", data.toString(), "--methods", "ais",
        "--ais-steps", "200", "--ais-runs", "4", "--ais-target-se", "0.000001", "--ais-max-runs", "8", "--json",
        out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode d = JSON.readTree(out.toFile()).get("results").get(0).get("diagnostics");
    assertThat(d.get("stdErrorTargetMet").asBoolean()).isFalse();
    assertThat(d.get("runs").asInt()).isEqualTo(8);
    assertThat(d.get("logWeights")).hasSize(8);
    assertThat(r.out()).contains("warning: ais is not to be trusted: the standard error")
        .contains("after the budget of 8 runs");
    var refused = CliRunner.run("dag", "score", "--model", beal, "--data", data.toString(), "--methods", "ais",
        "--ais-max-runs", "8");
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains("--ais-max-runs needs --ais-target-se");
  }

  @Test
  void rbmScoreAisPdTakesATargetAndGivesTheSameNumbersOnOneAndTwoThreads() throws IOException {
    JsonNode[] d = new JsonNode[2];
    double[] logEvidence = new double[2];
    for (int t = 1; t <= 2; t++) {
      Path out = dir.resolve("rbm" + t + ".json");
      var r = CliRunner.run("rbm", "score", "--data", SOTU, "--most-frequent", "4", "--rows", "100", "--hidden", "1",
          "--methods", "ais-pd", "--ais-pd-steps", "50", "--ais-pd-runs", "4", "--ais-pd-target-se", "0.0001",
          "--ais-pd-max-runs", "8", "--seed", "7", "--threads", Integer.toString(t), "--json", out.toString());
      assertThat(r.exitCode()).as(r.err()).isZero();
      assertThat(r.out()).contains("warning: ais-pd is not to be trusted: the standard error")
          .contains("after the budget of 8 runs");
      JsonNode result = JSON.readTree(out.toFile()).get("results").get(0);
      d[t - 1] = result.get("diagnostics");
      logEvidence[t - 1] = result.get("logEvidence").asDouble();
    }
    assertThat(d[0].get("stdErrorTargetMet").asBoolean()).isFalse();
    assertThat(d[0].get("runs").asInt()).isEqualTo(8);
    assertThat(d[1].get("logWeights")).isEqualTo(d[0].get("logWeights"));
    assertThat(logEvidence[1]).isEqualTo(logEvidence[0]);
  }
}
