package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the commands read data files (issue 12): strict declared states, explicit missing markers,
 * line numbers, bounded memory, one state mapping in every command, complete-case analysis and the
 * weight-column hint — each as a user meets it on the command line.
 */
class DataReadingTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path REINIS = Path.of("..", "data", "reinis.csv");

  @TempDir
  Path dir;

  /** A DAG over a 5-state y and a binary z with one hidden parent h. */
  private Path dagModel() throws IOException {
    return CliRunner.write(dir, "m.json", """
        {"type": "dag", "prior": {"dirichlet": 1.0}, "variables": [
          {"name": "h", "states": 2, "hidden": true},
          {"name": "y", "states": 5, "parents": ["h"]},
          {"name": "z", "states": 2, "parents": ["h"]}]}
        """);
  }

  /** 60 rows in which y uses only the states 0..3, with {@code bad} as y on line 9. */
  private Path sixtyRows(String bad) throws IOException {
    StringBuilder b = new StringBuilder("y,z\n");
    for (int i = 0; i < 60; i++) {
      b.append(i == 7 ? bad : Integer.toString(i % 4)).append(',').append(i / 3 % 2).append('\n');
    }
    return CliRunner.write(dir, "d.csv", b.toString());
  }

  private static void assertOneLineError(CliRunner.Result r, String... fragments) {
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains(fragments);
  }

  @Test
  void aCellThatIsNoDeclaredStateIsRefusedAtItsCell() throws IOException {
    // Before: 2.5, -1, NaN and ? were scored as a fifth state of y, exit 0.
    Path model = dagModel();
    for (String bad : List.of("2.5", "-1", "NaN", "?")) {
      Path data = sixtyRows(bad);
      var r = CliRunner.run("dag", "score", "--model", model.toString(), "--data", data.toString(), "--methods", "bic");
      assertOneLineError(r, data + ":9:1: ", "'" + bad + "'", "y", "0..4");
    }
  }

  @Test
  void onlyTheListedMarkersAreMissing() throws IOException {
    Path model = dagModel();
    Path data = sixtyRows("?");
    var listed = CliRunner.run("dag", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        "bic", "--missing", "NA,?,");
    assertThat(listed.exitCode()).as(listed.err()).isZero();
    assertThat(listed.out()).contains("n = 60").contains("with missing cells");
    var help = CliRunner.run("dag", "score", "--help");
    assertThat(help.out().replaceAll("\\s+", " ")).contains("--missing").contains("default: \"NA,\"")
        .contains("--complete-cases");
  }

  @Test
  void aFileInWhichEveryCellIsMissingIsRefused() throws IOException {
    Path data = CliRunner.write(dir, "na.csv", "y,z\nNA,NA\n,\nNA,\n");
    var r = CliRunner.run("dag", "score", "--model", dagModel().toString(), "--data", data.toString());
    assertOneLineError(r, data.toString(), "every cell is missing");
  }

  @Test
  void aDeclaredColumnThatIsEntirelyMissingIsReported() throws IOException {
    Path data = CliRunner.write(dir, "zna.csv", "y,z\n0,NA\n1,\n3,NA\n");
    var r = CliRunner.run("dag", "score", "--model", dagModel().toString(), "--data", data.toString(), "--methods",
        "bic");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("warning").contains("column z has only missing cells");
  }

  @Test
  void whitespaceOnlyLinesDoNotShiftTheLineOfAnError() throws IOException {
    Path data = CliRunner.write(dir, "blank.csv", "y,z\r\n0,1\r\n   \r\n\t\r\n\r\n4,7\r\n1,0\r\n");
    var r = CliRunner.run("dag", "score", "--model", dagModel().toString(), "--data", data.toString());
    assertOneLineError(r, data + ":6:2: ", "out of range");
  }

  @Test
  void statesNamingAnUnknownVariableNamesTheOption() throws IOException {
    Path data = sixtyRows("1");
    var r = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "1", "--methods", "bic",
        "--states", "zz=3");
    assertOneLineError(r, "--states", "zz");
    assertThat(r.err()).doesNotStartWith("occam: " + data);
    // Naming some variables declares those and infers the others.
    var partial = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "1", "--methods",
        "bic", "--states", "y=5");
    assertThat(partial.exitCode()).as(partial.err()).isZero();
  }

  @Test
  void aCountColumnGetsAWeightColumnHint() {
    var r = CliRunner.run("dag", "select", "--data", Path.of("..", "data", "HairEyeColor.csv").toString(),
        "--hidden-states", "1", "--methods", "bic");
    assertThat(r.err()).contains("--weight-column Freq");
    var mrf = CliRunner.run("mrf", "rank", "--data", Path.of("..", "data", "HairEyeColor.csv").toString());
    assertOneLineError(mrf, "looks like row counts", "--weight-column Freq");
  }

  /** The first three columns of reinis.csv, still coded 1/2. */
  private Path reinisThree() throws IOException {
    List<String> lines = Files.readAllLines(REINIS);
    List<String> out = new ArrayList<>();
    for (String line : lines) {
      String[] cells = line.split(",");
      out.add(cells[0] + "," + cells[1] + "," + cells[2]);
    }
    return CliRunner.write(dir, "reinis3.csv", String.join("\n", out) + "\n");
  }

  @Test
  void mrfScoreMapsReinisAsMrfRankDoes() throws IOException {
    // Before: mrf score refused the 1/2 coding that mrf rank reads.
    Path data = reinisThree();
    Path rank = dir.resolve("rank.json");
    var ranked = CliRunner.run("mrf", "rank", "--data", data.toString(), "--class", "all", "--methods", "map,bic-ml",
        "--criterion", "map", "--json", rank.toString());
    assertThat(ranked.exitCode()).as(ranked.err()).isZero();
    JsonNode models = JSON.readTree(rank.toFile()).get("models");
    int compared = 0;
    for (JsonNode m : models) {
      List<String> edges = new ArrayList<>();
      for (JsonNode e : m.get("edges")) {
        edges.add("[\"" + e.get(0).asText() + "\", \"" + e.get(1).asText() + "\"]");
      }
      if (edges.size() != 2) {
        continue;
      }
      Path model = CliRunner.write(dir, "bm" + compared + ".json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"smoke\"},"
          + " {\"name\": \"mental\"}, {\"name\": \"phys\"}], \"edges\": [" + String.join(", ", edges) + "]}");
      Path scored = dir.resolve("score" + compared + ".json");
      var r = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
          "map,bic-ml", "--json", scored.toString());
      assertThat(r.exitCode()).as(r.err()).isZero();
      JsonNode results = JSON.readTree(scored.toFile()).get("results");
      assertThat(results.get(0).get("logEvidence").asDouble())
          .isCloseTo(m.get("scores").get("map").asDouble(), org.assertj.core.data.Offset.offset(1e-9));
      assertThat(results.get(1).get("logEvidence").asDouble())
          .isCloseTo(m.get("scores").get("bic-ml").asDouble(), org.assertj.core.data.Offset.offset(1e-9));
      compared++;
    }
    assertThat(compared).isEqualTo(3);
    // A model that lists labels other than the data's is held to them.
    Path labelled = CliRunner.write(dir, "lab.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"smoke\", \"states\":"
        + " [\"0\", \"1\"]}, {\"name\": \"mental\"}, {\"name\": \"phys\"}], \"edges\": []}");
    var refused = CliRunner.run("mrf", "score", "--model", labelled.toString(), "--data", data.toString());
    List<String> lines = Files.readAllLines(data);
    int firstTwo = 2;
    while (!lines.get(firstTwo - 1).startsWith("\"2\",")) {
      firstTwo++;
    }
    assertOneLineError(refused, "'2' is not a state of smoke", "expected one of 0, 1");
    assertThat(refused.err()).contains(data + ":" + firstTwo + ":1: ");
  }

  @Test
  void mrfCommandsOfferCompleteCases() throws IOException {
    StringBuilder b = new StringBuilder("a,b\n");
    for (int i = 0; i < 40; i++) {
      b.append(i % 2).append(',').append(i % 3 == 0 ? "NA" : Integer.toString(i / 2 % 2)).append('\n');
    }
    Path data = CliRunner.write(dir, "na.csv", b.toString());
    Path model = CliRunner.write(dir, "bm.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}],"
        + " \"edges\": [[\"a\", \"b\"]]}");
    var refused = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString());
    assertOneLineError(refused, data + ":2:2: ", "--complete-cases");
    Path out = dir.resolve("cc.json");
    var r = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        "map", "--complete-cases", "--json", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("dropped 14 rows with a missing cell");
    JsonNode d = JSON.readTree(out.toFile()).get("data");
    assertThat(d.get("rows").asLong()).isEqualTo(26);
    assertThat(d.get("incompleteRowsDropped").asLong()).isEqualTo(14);
    var rank = CliRunner.run("mrf", "rank", "--data", data.toString(), "--methods", "map", "--criterion", "map");
    assertOneLineError(rank, "--complete-cases");
    var ranked = CliRunner.run("mrf", "rank", "--data", data.toString(), "--methods", "map", "--criterion", "map",
        "--complete-cases");
    assertThat(ranked.exitCode()).as(ranked.err()).isZero();
    assertThat(ranked.out()).contains("n = 26");
  }

  @Test
  void rbmCommandsOfferCompleteCases() throws IOException {
    StringBuilder b = new StringBuilder("a,b,c\n");
    for (int i = 0; i < 30; i++) {
      b.append(i % 2).append(',').append(i % 5 == 0 ? "" : Integer.toString(i / 2 % 2)).append(',')
          .append(i / 3 % 2).append('\n');
    }
    Path data = CliRunner.write(dir, "rbm.csv", b.toString());
    String[] cheap = {"--hidden", "1", "--methods", "map", "--pcd-iterations", "50", "--pcd-chains", "5",
        "--gibbs-chains", "5", "--samples-per-chain", "5", "--burn-in", "5", "--threads", "1"};
    List<String> args = new ArrayList<>(List.of("rbm", "score", "--data", data.toString()));
    args.addAll(List.of(cheap));
    var refused = CliRunner.run(args.toArray(new String[0]));
    assertOneLineError(refused, data + ":2:2: ", "--complete-cases");
    args.add("--complete-cases");
    Path out = dir.resolve("rbm-score.json");
    args.addAll(List.of("--json", out.toString()));
    var r = CliRunner.run(args.toArray(new String[0]));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("dropped 6 rows with a missing cell");
    assertThat(r.out()).contains("24 rows");
    var recorded = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toFile()).get("data");
    assertThat(recorded.get("incompleteRowsDropped").asLong()).isEqualTo(6);
    assertThat(recorded.get("rows").asLong()).isEqualTo(24);
  }

  /** Acceptance 5: a million rows (few distinct) are read under a 128 MB heap, in a child JVM. */
  @Test
  void aMillionRowsReadUnderA128MegabyteHeap() throws IOException, InterruptedException {
    Path data = dir.resolve("big.csv");
    int n = 1_000_000;
    try (BufferedWriter w = Files.newBufferedWriter(data)) {
      w.write("a,b,c,d\n");
      for (int i = 0; i < n; i++) {
        w.write((i % 2) + "," + (i / 2 % 2) + "," + (i / 4 % 2) + "," + (i % 3 == 0 ? 1 : 0) + "\n");
      }
    }
    Path model = CliRunner.write(dir, "bm4.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"},"
        + " {\"name\": \"c\"}, {\"name\": \"d\"}], \"edges\": [[\"a\", \"b\"], [\"c\", \"d\"]]}");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-Xmx128m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
        "org.occam.cli.Occam", "mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        "map,bic-ml", "--threads", "1").redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(output).isZero();
    assertThat(output).contains("n = 1000000").doesNotContain("OutOfMemoryError");
  }
}
