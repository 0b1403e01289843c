package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code csRangeAtBest} on the command line: {@code dag score} and {@code dag rank} say, in a note and
 * in the JSON, when restarts that reach the same MAP objective end with CS values more than a nat
 * apart, and {@code --em-limit-gap} is taken, checked and reported.
 */
class CsRangeCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BEAL = Path.of("..", "examples", "beal-true.json");

  @TempDir
  Path dir;

  private Path sample(int rows) {
    Path data = dir.resolve("d" + rows + ".csv");
    var s = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "" + rows, "--seed", "20261301",
        "--out", data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    return data;
  }

  private CliRunner.Result score(Path data, String parents, Path json, String... more) {
    var args = new ArrayList<>(List.of("dag", "score", "--parents", parents, "--data", data.toString(), "--methods",
        "map,cs,cs-dagger", "--restarts", "8", "--json", json.toString()));
    args.addAll(List.of(more));
    var r = CliRunner.run(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    return r;
  }

  /** A hidden variable whose only child is y1: one flat optimum, CS nats apart over it, one note for both scores. */
  @Test
  void aFlatOptimumIsNotedOnceForCsAndCsDagger() throws IOException {
    Path json = dir.resolve("flat.json");
    var r = score(sample(400), "y1<-h", json);
    assertThat(r.out()).containsOnlyOnce("note: cs, cs-dagger: the restarts that reach the best MAP objective end"
        + " with CS values");
    JsonNode results = JSON.readTree(json.toFile()).get("results");
    for (JsonNode e : results) {
      String method = e.get("method").asText();
      if (method.equals("map")) {
        assertThat(e.get("diagnostics").has("csRangeAtBest")).isFalse();
      } else {
        assertThat(e.get("diagnostics").get("csRangeAtBest").asDouble()).as(method).isGreaterThan(1);
        assertThat(e.get("settings").get("emLimitGap").asDouble()).isZero();
      }
    }
  }

  /** A latent class model of all four variables, taken to its optimum: no note, the setting reported. */
  @Test
  void anIdentifiedOptimumReachedByAitkensStopHasNoNote() throws IOException {
    Path json = dir.resolve("lc.json");
    var r = score(sample(1000), "y1<-h; y2<-h; y3<-h; y4<-h", json, "--em-limit-gap", "1e-6", "--em-acceleration",
        "squarem");
    assertThat(r.out()).doesNotContain("csRangeAtBest");
    for (JsonNode e : JSON.readTree(json.toFile()).get("results")) {
      assertThat(e.get("settings").get("emLimitGap").asDouble()).isEqualTo(1e-6);
      if (e.get("diagnostics").has("csRangeAtBest")) {
        assertThat(e.get("diagnostics").get("csRangeAtBest").asDouble()).isLessThan(0.01);
      }
    }
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource({"--em-limit-gap,-1", "--vb-limit-gap,-1", "--em-limit-gap,Infinity",
      "--vb-limit-gap,NaN"})
  void aGapThatIsNotAFiniteNumberAtLeastZeroIsRefused(String option, String value) {
    var r = CliRunner.run("dag", "score", "--parents", "y1<-h", "--data", sample(20).toString(), option, value);
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains(option + " must be a finite number >= 0, got " + Double.parseDouble(value));
  }

  @Test
  void dagRankNotesTheStructuresOnce() {
    var r = CliRunner.run("dag", "rank", "--data", sample(400).toString(), "--hidden", "1", "--hidden-states", "2",
        "--methods", "cs,cs-dagger", "--restarts", "8");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).containsOnlyOnce("note: cs, cs-dagger: for ");
    assertThat(r.out()).contains("structure(s) the restarts that reach the best MAP objective end with CS values more"
        + " than 1 nat apart");
  }
}
