package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, point 1: an EM or VBEM run that stops at its iteration limit is a warning on the command's
 * output, with the limit and the way round, not only a column or a JSON flag: in {@code dag score} one
 * line per score, in {@code dag rank} one line per method with the number of structures. A limit that
 * binds nowhere prints no such line. {@code dag search} warns when the best structure's score stopped
 * at the limit (a resumed search prints what an uninterrupted one does) and says on stderr how many
 * of the structures scored in the run did; {@code dag select} marks such scores in its table and says
 * what the mark means.
 */
class IterationLimitWarningTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BEAL = Path.of("..", "examples", "beal-true.json");

  @TempDir
  Path dir;

  private Path sample() {
    Path data = dir.resolve("d.csv");
    var s = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "300", "--seed", "20261302",
        "--out", data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    return data;
  }

  /** The command at an iteration limit of 3 with its JSON in {@code json}; it must succeed. */
  private static CliRunner.Result atThree(List<String> command, Path json) {
    List<String> args = new ArrayList<>(command);
    args.addAll(List.of("--max-iterations", "3", "--json", json.toString()));
    var r = CliRunner.run(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    return r;
  }

  /** The command at the default limit: it succeeds and says nothing of convergence; its JSON in {@code json}. */
  private static void atTheDefaultLimitNothingIsSaid(List<String> command, Path json) {
    List<String> args = new ArrayList<>(command);
    args.addAll(List.of("--json", json.toString()));
    var r = CliRunner.run(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    for (String said : List.of(r.out(), r.err())) {
      assertThat(said).doesNotContain("did not converge", "not converged");
    }
  }

  @Test
  void dagScoreWarnsForEachScoreStoppedAtTheLimit() throws IOException {
    List<String> command = List.of("dag", "score", "--model", BEAL.toString(), "--data", sample().toString(),
        "--methods", "vb,map");
    Path json = dir.resolve("s.json");
    var r = atThree(command, json);
    for (String m : new String[] {"vb", "map"}) {
      assertThat(r.out()).containsOnlyOnce("warning: " + m + " did not converge within 3 iterations; its score is"
          + " from the last iteration (--max-iterations raises the limit)");
    }
    for (JsonNode e : JSON.readTree(json.toFile()).get("results")) {
      assertThat(e.get("diagnostics").get("converged").asBoolean()).as(e.get("method").asText()).isFalse();
    }
    atTheDefaultLimitNothingIsSaid(command, dir.resolve("s-default.json"));
  }

  @Test
  void dagRankCountsTheStructuresStoppedAtTheLimit() throws IOException {
    List<String> command = List.of("dag", "rank", "--data", sample().toString(), "--hidden", "2", "--hidden-states",
        "2", "--methods", "vb", "--top", "1");
    Path json = dir.resolve("r.json");
    var r = atThree(command, json);
    Matcher m = Pattern.compile("warning: vb did not converge within 3 iterations for (\\d+) structure\\(s\\);"
        + " their scores are from the last iteration \\(--max-iterations raises the limit\\)").matcher(r.out());
    assertThat(m.find()).as(r.out()).isTrue();
    JsonNode root = JSON.readTree(json.toFile());
    int stopped = 0;
    for (JsonNode s : root.get("structures")) {
      stopped += s.get("converged").get("vb").asBoolean() ? 0 : 1;
    }
    assertThat(stopped).isPositive();
    assertThat(Integer.parseInt(m.group(1))).isEqualTo(stopped);
    assertThat(root.get("nonConverged").get("vb").asInt()).isEqualTo(stopped);
  }

  @Test
  void dagSearchWarnsWhenTheBestStoppedAtTheLimitAndCountsTheRunsOnStderr() throws IOException {
    List<String> command = List.of("dag", "search", "--data", sample().toString(), "--hidden", "2", "--hidden-states",
        "2", "--score", "vb", "--restarts", "1", "--seed", "1");
    Path json = dir.resolve("search.json");
    var r = atThree(command, json);
    JsonNode root = JSON.readTree(json.toFile());
    assertThat(root.at("/best/estimate/diagnostics/converged").asBoolean()).isFalse();
    assertThat(r.out()).containsOnlyOnce("warning: vb did not converge within 3 iterations for the best structure; its"
        + " score is from the last iteration (--max-iterations raises the limit)");
    Matcher m = Pattern.compile("dag search: vb did not converge within 3 iterations for (\\d+) of the (\\d+)"
        + " structure\\(s\\) scored in this run \\(--max-iterations raises the limit\\)").matcher(r.err());
    assertThat(m.find()).as(r.err()).isTrue();
    assertThat(Integer.parseInt(m.group(1))).isPositive().isLessThanOrEqualTo(Integer.parseInt(m.group(2)));
    assertThat(Integer.parseInt(m.group(2))).isEqualTo(root.at("/counts/structuresScored").asInt());

    Path atDefault = dir.resolve("search-default.json");
    atTheDefaultLimitNothingIsSaid(command, atDefault);
    assertThat(JSON.readTree(atDefault.toFile()).at("/best/estimate/diagnostics/converged").asBoolean()).isTrue();
  }

  @Test
  void dagSelectMarksTheScoresStoppedAtTheLimit() throws IOException {
    List<String> command = List.of("dag", "select", "--data", sample().toString(), "--hidden-states", "1..2",
        "--methods", "vb,bic");
    Path json = dir.resolve("select.json");
    var r = atThree(command, json);
    assertThat(r.out()).contains("! not converged: an EM or VBEM run stopped at the iteration limit (--max-iterations"
        + " raises the limit; diagnostics in the JSON)");
    int marked = 0;
    for (JsonNode model : JSON.readTree(json.toFile()).get("models")) {
      for (JsonNode e : model.get("results")) {
        marked += e.get("diagnostics").get("converged").asBoolean() ? 0 : 1;
      }
    }
    assertThat(marked).isPositive();
    atTheDefaultLimitNothingIsSaid(command, dir.resolve("select-default.json"));
  }
}
