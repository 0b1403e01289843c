package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Findings of the bad-input review (issue 12) fixed so far, each checked as a user meets it: one
 * AIS run reports no standard error (it had 0.0); an omitted bias is an error like an omitted weight
 * (it was silently 0); enum options accept the lower case the help writes; {@code --top} must be
 * positive.
 */
class InputFindingsTest {
  private static final Path BEAL = Path.of("..", "examples", "beal-true.json");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private Path sample(int rows) {
    Path data = dir.resolve("d.csv");
    var s = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", Integer.toString(rows), "--seed", "5",
        "--out", data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    return data;
  }

  @Test
  void oneAisRunReportsNoStandardError() throws IOException {
    Path data = sample(40);
    Path out = dir.resolve("ais.json");
    var r = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", data.toString(), "--methods", "ais",
        "--ais-runs", "1", "--ais-steps", "200", "--json", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode root = JSON.readTree(out.toFile());
    assertThat(root.at("/data/rows").isIntegralNumber()).as("rows is a count, not 40.0").isTrue();
    assertThat(root.at("/data/rows").asLong()).isEqualTo(40);
    JsonNode e = root.get("results").get(0);
    assertThat(e.get("stdError").isNull()).isTrue();
    assertThat(e.get("diagnostics").get("stdErrorMethod").asText()).startsWith("none: one run");
    assertThat(r.out()).containsPattern("ais +-?[0-9.]+ +- ");
    var two = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", data.toString(), "--methods", "ais",
        "--ais-runs", "2", "--ais-steps", "200", "--json", dir.resolve("ais2.json").toString());
    assertThat(two.exitCode()).isZero();
    assertThat(JSON.readTree(dir.resolve("ais2.json").toFile()).get("results").get(0).get("stdError").asDouble())
        .isPositive();
  }

  @Test
  void anOmittedBiasIsAnErrorLikeAnOmittedWeight() throws IOException {
    Path model = dir.resolve("m.json");
    Files.writeString(model, """
        {"type": "boltzmann", "variables": [{"name": "a"}, {"name": "b"}], "edges": [["a", "b"]],
         "parameters": {"bias": {"a": 0.1},
                        "weight": [["a", "b", 1.0]]}}
        """);
    var r = CliRunner.run("mrf", "sample", "--model", model.toString(), "--rows", "5", "--seed", "1", "--out",
        dir.resolve("x.csv").toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("m.json:2:").contains("no bias for variable 'b'");
    assertThat(dir.resolve("x.csv")).doesNotExist();
  }

  @Test
  void enumOptionsTakeTheLowerCaseTheHelpWrites() throws IOException {
    Path data = sample(30);
    var r = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", data.toString(), "--methods", "map",
        "--map-basis", "simplex");
    assertThat(r.exitCode()).as(r.err()).isZero();
    var bad = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", data.toString(), "--map-basis",
        "cubic");
    assertThat(bad.exitCode()).isEqualTo(2);
  }

  @Test
  void helpReachesSubcommands() {
    var r = CliRunner.run("help", "dag", "score");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("Usage: occam dag score");
    assertThat(CliRunner.run("help", "dag", "nope").exitCode()).isEqualTo(2);
  }

  @Test
  void topMustBePositive() throws IOException {
    Path data = sample(30);
    var r = CliRunner.run("dag", "rank", "--data", data.toString(), "--hidden", "1", "--top", "-1");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--top must be >= 1, got -1");
  }

  @Test
  void rbmSamplingOptionsAreNamedWhenTheyAreZero() {
    Path sotu = Path.of("..", "data", "sotu_chunks100_w100.csv");
    for (String option : new String[] {"--pcd-chains", "--samples-per-chain", "--thinning", "--gibbs-chains"}) {
      var r = CliRunner.run("rbm", "score", "--data", sotu.toString(), "--most-frequent", "3", "--rows", "20",
          "--hidden", "1", "--methods", "map", option, "0");
      assertThat(r.exitCode()).as(option).isEqualTo(2);
      assertThat(r.err().strip()).as(option).doesNotContain("\n").contains(option + " must be >= 1, got 0");
    }
  }

  @Test
  void twoOutputsOnOneFileAreRefusedBeforeAnyWork() throws IOException {
    Path data = sample(30);
    Path out = dir.resolve("out");
    var r = CliRunner.run("dag", "rank", "--data", data.toString(), "--hidden", "1", "--json", out.toString(), "--csv",
        dir.resolve(".").resolve("out").toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("given for two outputs");
    assertThat(out).doesNotExist();
    var m = CliRunner.run("mrf", "rank", "--data", Path.of("..", "data", "reinis.csv").toString(), "--json",
        out.toString(), "--posterior-png", out.toString());
    assertThat(m.exitCode()).isEqualTo(2);
    assertThat(m.err()).contains("given for two outputs");
    assertThat(out).doesNotExist();
  }
}
