package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --restarts adaptive} on the DAG commands (issue 16): the settings and every result say what was run. */
class AdaptiveRestartsCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BEAL = Path.of("..", "examples", "beal-true.json");
  private static final Path HAIR_EYE = Path.of("..", "data", "HairEyeColor.csv");

  @TempDir
  Path dir;

  @Test
  void dagScoreReportsTheRuleAndTheRestartsRunAndAtTheBest() throws IOException {
    Path data = dir.resolve("d.csv");
    var s = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "300", "--seed", "5", "--out",
        data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    Path out = dir.resolve("out.json");
    var r = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", data.toString(), "--methods",
        "vb,cs", "--restarts", "adaptive", "--max-restarts", "6", "--json", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    for (JsonNode e : JSON.readTree(out.toFile()).get("results")) {
      JsonNode set = e.get("settings");
      assertThat(set.get("restarts").asInt()).isEqualTo(3);
      assertThat(set.get("restartsUntilBest").asInt()).isEqualTo(2);
      assertThat(set.get("maxRestarts").asInt()).isEqualTo(6);
      JsonNode diag = e.get("diagnostics");
      int run = diag.get("restartsRun").asInt();
      assertThat(run).isBetween(3, 6).isEqualTo(diag.get("restarts").size());
      assertThat(run == 6 || diag.get("restartsAtBest").asInt() >= 2).as(e.get("method").asText()).isTrue();
    }
  }

  @Test
  void dagRankWithAdaptiveRestartsSaysSoAndFixedOnesAreAsBefore() throws IOException {
    Path json = dir.resolve("rank.json");
    var r = CliRunner.run("dag", "rank", "--data", HAIR_EYE.toString(), "--weight-column", "Freq", "--hidden", "1",
        "--methods", "bic,vb", "--restarts", "adaptive", "--threads", "2", "--json", json.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("(3-30 adaptive EM restarts each)");
    assertThat(r.out()).contains("(3-30 adaptive restarts each)");
    JsonNode set = JSON.readTree(json.toFile()).get("settings");
    assertThat(set.get("restartsUntilBest").asInt()).isEqualTo(2);
    assertThat(set.get("refineMargin").asDouble()).isPositive();

    var fixed = CliRunner.run("dag", "rank", "--data", HAIR_EYE.toString(), "--weight-column", "Freq", "--hidden",
        "1", "--methods", "bic", "--restarts", "3", "--threads", "1", "--json", json.toString(), "--force");
    assertThat(fixed.exitCode()).as(fixed.err()).isZero();
    assertThat(JSON.readTree(json.toFile()).get("settings").has("restartsUntilBest")).isFalse();
  }

  @Test
  void aWordOtherThanAdaptiveIsRefused() {
    var r = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", "nothing.csv", "--restarts", "many");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--restarts", "'many' is neither a whole number nor adaptive");
  }
}
