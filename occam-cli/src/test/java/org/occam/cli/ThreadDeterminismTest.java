package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Same seed, same numbers, with any thread count: each family's score, rank and select (or search)
 * command runs with {@code --threads 1} and {@code --threads 2} and the JSON must be identical
 * once the fields that record time or the thread count are taken out. Stochastic methods (AIS,
 * PCD, Gibbs sampling) are among those run, since they are where a shared or thread-ordered random
 * stream would show.
 */
class ThreadDeterminismTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BEAL = Path.of("..", "examples", "beal-true.json").toString();
  private static final String CYCLE = Path.of("..", "examples", "mrf-cycle.json").toString();
  private static final String EDGE = Path.of("..", "examples", "mrf-edge.json").toString();
  private static final String SOTU = Path.of("..", "data", "sotu_chunks100_w100.csv").toString();
  private static final String[] RBM_CHEAP = {"--pcd-iterations", "300", "--pcd-chains", "10", "--gibbs-chains", "10",
      "--samples-per-chain", "20", "--burn-in", "20", "--thinning", "1", "--ais-pd-runs", "4", "--ais-pd-steps", "50"};

  @TempDir
  static Path dir;

  private static String dagData;
  private static String mrfData;
  private static String edgeData;

  @BeforeAll
  static void data() {
    dagData = dir.resolve("dag.csv").toString();
    var d = CliRunner.run("dag", "sample", "--model", BEAL, "--rows", "60", "--seed", "11", "--out", dagData);
    assertThat(d.exitCode()).as(d.err()).isZero();
    mrfData = dir.resolve("mrf.csv").toString();
    var m = CliRunner.run("mrf", "sample", "--model", CYCLE, "--rows", "300", "--seed", "11", "--out", mrfData);
    assertThat(m.exitCode()).as(m.err()).isZero();
    edgeData = dir.resolve("edge.csv").toString();
    var e = CliRunner.run("mrf", "sample", "--model", EDGE, "--rows", "100", "--seed", "11", "--out", edgeData);
    assertThat(e.exitCode()).as(e.err()).isZero();
  }

  /** A timing, thread-count or engine field (how it ran): its value may differ between the runs. */
  static boolean varies(String field) {
    String f = field.toLowerCase(Locale.ROOT);
    return f.contains("second") || f.contains("time") || f.contains("elapsed") || f.contains("millis")
        || f.contains("nanos") || f.equals("threads") || f.equals("engine");
  }

  /** The JSON without the fields that {@link #varies}, and the names of those taken out. */
  static JsonNode withoutTimings(JsonNode node, List<String> removed) {
    return CliRunner.withoutFields(node, f -> varies(f) && removed.add(f));
  }

  /** Runs the command with {@code --threads T --json -} for T = 1, 2 and compares the JSON. */
  private static void sameJsonWithOneAndTwoThreads(String... command) throws IOException {
    List<JsonNode> outputs = new ArrayList<>();
    List<String> removed = new ArrayList<>();
    for (String threads : new String[] {"1", "2"}) {
      List<String> args = new ArrayList<>(List.of(command));
      if (!command[1].equals("score") || !command[0].equals("dag")) { // dag score runs its methods in turn: no option
        args.addAll(List.of("--threads", threads));
      }
      args.addAll(List.of("--json", "-"));
      var r = CliRunner.run(args.toArray(new String[0]));
      assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r.err()).isZero();
      outputs.add(withoutTimings(JSON.readTree(r.out()), removed));
    }
    assertThat(outputs.get(1)).as(String.join(" ", command) + " with 2 threads against 1").isEqualTo(outputs.get(0));
    // guard against comparing nothing: each output has a result of substance
    assertThat(outputs.get(0).toString().length()).as(String.join(" ", command)).isGreaterThan(200);
    assertThat(outputs.get(0).toString()).containsPattern("-\\d+\\.\\d{6,}"); // a log evidence or score
  }

  @Test
  void timingFieldsAreRecognised() {
    assertThat(List.of("seconds", "scoringSeconds", "secondsSinceJvmStart", "wallTime", "threads"))
        .allMatch(ThreadDeterminismTest::varies);
    assertThat(List.of("logEvidence", "seed", "iterations", "stdError", "restarts", "steps"))
        .noneMatch(ThreadDeterminismTest::varies);
  }

  @Test
  void dag() throws IOException {
    sameJsonWithOneAndTwoThreads("dag", "score", "--model", BEAL, "--data", dagData, "--methods", "vb,cs,bic,ais",
        "--ais-runs", "2", "--ais-steps", "200", "--seed", "7");
    sameJsonWithOneAndTwoThreads("dag", "rank", "--data", dagData, "--hidden", "1", "--hidden-states", "2",
        "--methods", "vb,bic", "--restarts", "2", "--seed", "7", "--posterior");
    sameJsonWithOneAndTwoThreads("dag", "select", "--data", dagData, "--hidden-states", "1..3", "--methods", "vb,cs",
        "--restarts", "2", "--seed", "7");
  }

  @Test
  void mrf() throws IOException {
    sameJsonWithOneAndTwoThreads("mrf", "score", "--model", CYCLE, "--data", mrfData, "--methods",
        "map,bp-lr,laplace-exact", "--seed", "7");
    // AIS (10 runs of 10^4 temperatures) on one edge, to keep the test short
    sameJsonWithOneAndTwoThreads("mrf", "score", "--model", EDGE, "--data", edgeData, "--methods", "ais", "--seed", "7");
    sameJsonWithOneAndTwoThreads("mrf", "rank", "--data", mrfData, "--methods", "bic-ml,bp-lr", "--seed", "7");
    sameJsonWithOneAndTwoThreads("mrf", "search", "--data", mrfData, "--score", "bp-lr", "--restarts", "2",
        "--seed", "7");
  }

  @Test
  void rbm() throws IOException {
    List<String> score = new ArrayList<>(List.of("rbm", "score", "--data", SOTU, "--most-frequent", "4", "--rows",
        "100", "--hidden", "2", "--methods", "laplace,map,ais-pd", "--seed", "7"));
    score.addAll(List.of(RBM_CHEAP));
    sameJsonWithOneAndTwoThreads(score.toArray(new String[0]));
    List<String> select = new ArrayList<>(List.of("rbm", "select", "--data", SOTU, "--most-frequent", "4", "--rows",
        "100", "--hidden", "1..2", "--methods", "laplace,map", "--seed", "7"));
    select.addAll(List.of(RBM_CHEAP));
    sameJsonWithOneAndTwoThreads(select.toArray(new String[0]));
  }
}
