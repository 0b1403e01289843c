package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MrfSearchCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path CYCLE_EXAMPLE = Path.of("..", "examples", "mrf-cycle.json");

  @TempDir
  Path dir;

  private Path data;

  @BeforeEach
  void sampleTheFourCycle() {
    data = dir.resolve("cycle.csv");
    var s = CliRunner.run("mrf", "sample", "--model", CYCLE_EXAMPLE.toString(), "--rows", "1000", "--seed", "3",
        "--out", data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
  }

  /** An edge list [["a", "b"], …] as a set of "a-b". */
  private static Set<String> edges(JsonNode list) {
    Set<String> out = new TreeSet<>();
    for (JsonNode e : list) {
      out.add(e.get(0).asText() + "-" + e.get(1).asText());
    }
    return out;
  }

  @Test
  void theBestGraphOfTheSearchIsTheBestOfEveryGraphAndThePathIsInTheJson() throws IOException {
    Path searchJson = dir.resolve("search.json");
    Path searchCsv = dir.resolve("search.csv");
    var s = CliRunner.run("mrf", "search", "--data", data.toString(), "--score", "laplace-exact", "--restarts", "2",
        "--seed", "5", "--threads", "2", "--json", searchJson.toString(), "--csv", searchCsv.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    assertThat(s.out()).contains("best: laplace-exact").contains("distinct graphs scored");
    JsonNode root = JSON.readTree(searchJson.toFile());
    assertThat(root.get("score").asText()).isEqualTo("laplace-exact");
    assertThat(root.get("settings").get("restarts").asInt()).isEqualTo(2);
    assertThat(root.get("settings").get("seed").asLong()).isEqualTo(5);
    JsonNode path = root.get("path");
    assertThat(path.size()).isGreaterThan(3);
    assertThat(path.get(0).get("move").isNull()).isTrue();
    assertThat(path.get(0).get("edges")).isEmpty();
    assertThat(path.get(1).get("move").asText()).startsWith("add ");
    assertThat(path.get(1).get("candidates").asInt()).isEqualTo(6);
    assertThat(root.get("runs")).hasSize(3);
    assertThat(Files.readAllLines(searchCsv)).hasSize(path.size() + 1).first()
        .isEqualTo("run,step,move,score,edgeCount,edges,candidates,cacheHits");
    // the data come from the 4-cycle a-b-c-d-a
    assertThat(edges(root.get("best").get("edges"))).containsExactly("a-b", "a-d", "b-c", "c-d");
    assertThat(root.get("best").get("result").get("logEvidence").asDouble())
        .isEqualTo(root.get("best").get("score").asDouble());

    Path rankJson = dir.resolve("rank.json");
    var r = CliRunner.run("mrf", "rank", "--data", data.toString(), "--class", "all", "--methods", "laplace-exact",
        "--threads", "2", "--json", rankJson.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("every graph on 4 variables, 64 structures scored");
    JsonNode rank = JSON.readTree(rankJson.toFile());
    assertThat(rank.get("class").asText()).isEqualTo("all");
    JsonNode models = rank.get("models");
    assertThat(models).hasSize(64);
    Set<Set<String>> distinct = new java.util.HashSet<>();
    JsonNode bestModel = null;
    for (JsonNode m : models) {
      distinct.add(edges(m.get("edges")));
      if (m.get("ranks").get("laplace-exact").asInt() == 1) {
        bestModel = m;
      }
    }
    assertThat(distinct).hasSize(64);
    assertThat(bestModel).isNotNull();
    assertThat(bestModel.get("name").asText()).isEqualTo(rank.get("best").get("laplace-exact").asText());
    assertThat(edges(bestModel.get("edges"))).isEqualTo(edges(root.get("best").get("edges")));
    assertThat(bestModel.get("scores").get("laplace-exact").asDouble())
        .isCloseTo(root.get("best").get("score").asDouble(), org.assertj.core.data.Offset.offset(1e-6));
  }

  @Test
  void theSamePathWithOneAndTwoThreadsAndFromAGivenGraph() throws IOException {
    String[] paths = new String[2];
    for (int t = 1; t <= 2; t++) {
      Path out = dir.resolve("s" + t + ".json");
      var s = CliRunner.run("mrf", "search", "--data", data.toString(), "--score", "bic-ml", "--tabu", "2",
          "--restarts", "1", "--threads", Integer.toString(t), "--json", out.toString());
      assertThat(s.exitCode()).as(s.err()).isZero();
      paths[t - 1] = JSON.readTree(out.toFile()).get("path").toString();
    }
    assertThat(paths[1]).isEqualTo(paths[0]);

    // from the true graph no single edge change improves laplace-exact on these data
    Path out = dir.resolve("given.json");
    var g = CliRunner.run("mrf", "search", "--data", data.toString(), "--start", CYCLE_EXAMPLE.toString(),
        "--json", out.toString());
    assertThat(g.exitCode()).as(g.err()).isZero();
    JsonNode root = JSON.readTree(out.toFile());
    assertThat(root.get("path")).hasSize(1);
    assertThat(edges(root.get("path").get(0).get("edges"))).containsExactly("a-b", "a-d", "b-c", "c-d");

    var full = CliRunner.run("mrf", "search", "--data", data.toString(), "--start", "full", "--score", "bic-ml");
    assertThat(full.exitCode()).as(full.err()).isZero();
    assertThat(full.out()).contains("4 edges: a-b a-d b-c c-d");
  }

  @Test
  void badInputExitsTwoWithOneLine() throws IOException {
    Path keep = dir.resolve("keep.json");
    Files.writeString(keep, "{}\n");
    Path threeValued = dir.resolve("three.csv");
    Files.writeString(threeValued, "a,b\n0,1\n1,2\n2,0\n");
    Path seven = dir.resolve("seven.csv");
    Files.writeString(seven, "a,b,c,d,e,f,g\n0,1,0,1,0,1,0\n1,0,1,0,1,0,1\n");
    List<String[]> bad = List.of(
        new String[] {"mrf", "search", "--data", data.toString(), "--score", "nonsense"},
        new String[] {"mrf", "search", "--data", threeValued.toString(), "--score", "bp-lr-exactgrad"},
        new String[] {"mrf", "search", "--data", data.toString(), "--start", "nowhere.json"},
        new String[] {"mrf", "search", "--data", data.toString(), "--restarts", "-1"},
        new String[] {"mrf", "search", "--data", data.toString(), "--start", "full", "--max-degree", "1"},
        new String[] {"mrf", "search", "--data", data.toString(), "--json", keep.toString()},
        new String[] {"mrf", "search", "--data", dir.resolve("missing.csv").toString()},
        new String[] {"mrf", "rank", "--data", seven.toString(), "--class", "all", "--methods", "bic-ml"},
        new String[] {"mrf", "rank", "--data", data.toString(), "--class", "some"});
    for (String[] args : bad) {
      var r = CliRunner.run(args);
      assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(2);
      assertThat(r.err().strip()).as(String.join(" ", args)).isNotEmpty();
      if (!args[args.length - 1].equals("some")) {
        assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
      }
    }
    assertThat(Files.readString(keep)).isEqualTo("{}\n");
    var seven7 = CliRunner.run("mrf", "rank", "--data", seven.toString(), "--class", "all", "--methods", "bic-ml");
    assertThat(seven7.err()).contains("2^21").contains("use a search instead");
  }

  @Test
  void aStartGraphAboveTheDegreeBoundIsRefusedInOneLineBeforeTheAnnouncement() {
    var s = CliRunner.run("mrf", "search", "--data", data.toString(), "--start", "full", "--max-degree", "2");
    assertThat(s.exitCode()).isEqualTo(2);
    assertThat(s.err().strip()).isEqualTo("occam: the start graph gives vertex 0 3 neighbours, more than the maximum"
        + " degree 2");
  }
}
