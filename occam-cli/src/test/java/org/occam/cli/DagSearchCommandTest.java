package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DagSearchCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BEAL = Path.of("..", "examples", "beal-true.json");

  @TempDir
  Path dir;

  private Path bealData(int rows) {
    Path data = dir.resolve("d.csv");
    var s = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "" + rows, "--seed", "5", "--out",
        data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    return data;
  }

  @Test
  void searchWritesItsPathAndFindsDagRanksBest() throws IOException {
    Path data = bealData(400);
    Path json = dir.resolve("search.json");
    Path csv = dir.resolve("search.csv");
    var r = CliRunner.run("dag", "search", "--data", data.toString(), "--true", BEAL.toString(), "--score", "vb",
        "--restarts", "4", "--seed", "3", "--threads", "2", "--json", json.toString(), "--csv", csv.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("best vb = ").contains("true structure").contains("distinct structures");
    JsonNode root = JSON.readTree(json.toFile());
    assertThat(root.get("score").asText()).isEqualTo("vb");
    assertThat(root.get("class").asText()).isEqualTo("bipartite");
    assertThat(root.get("settings").get("restarts").asInt()).isEqualTo(4);
    assertThat(root.get("settings").get("scoreSettings").get("restarts").asInt()).isEqualTo(3);
    JsonNode path = root.get("path");
    assertThat(path.size()).isGreaterThan(5);
    assertThat(path.get(0).get("move").isNull()).isTrue();
    assertThat(path.get(1).get("move").get("kind").asText()).isIn("add", "remove");
    assertThat(root.get("climbs")).hasSize(5);
    int scored = root.get("counts").get("structuresScored").asInt();
    assertThat(scored).isBetween(5, 136);
    double best = root.get("best").get("logScore").asDouble();
    for (JsonNode step : path) {
      assertThat(step.get("logScore").asDouble()).isLessThanOrEqualTo(best);
    }
    assertThat(root.get("best").get("estimate").get("logEvidence").asDouble()).isEqualTo(best);
    assertThat(Files.readAllLines(csv)).hasSize(path.size() + 1).first().asString().startsWith("climb,step,move");

    Path rank = dir.resolve("rank.json");
    var rr = CliRunner.run("dag", "rank", "--data", data.toString(), "--true", BEAL.toString(), "--methods", "vb",
        "--seed", "3", "--threads", "2", "--json", rank.toString());
    assertThat(rr.exitCode()).as(rr.err()).isZero();
    JsonNode top = null;
    for (JsonNode s : JSON.readTree(rank.toFile()).get("structures")) {
      if (s.get("ranks").get("vb").asInt() == 1) {
        top = s;
      }
    }
    assertThat(top).isNotNull();
    // the search scores a structure of the class exactly as dag rank does: the same number
    assertThat(best).isEqualTo(top.get("scores").get("vb").asDouble());
    assertThat(root.get("best").get("parameters").asInt()).isEqualTo(top.get("parameters").asInt());
  }

  @Test
  void completeDataSearchUsesTheFamilyCache() throws IOException {
    StringBuilder b = new StringBuilder("a,b,c\n");
    for (int i = 0; i < 200; i++) {
      int a = i % 2;
      int bb = (i % 7 < 5) ? a : 1 - a;
      int c = (i % 5 < 4) ? bb : 1 - bb;
      b.append(a).append(',').append(bb).append(',').append(c).append('\n');
    }
    Path data = Files.writeString(dir.resolve("c.csv"), b.toString());
    Path json = dir.resolve("c.json");
    var r = CliRunner.run("dag", "search", "--data", data.toString(), "--hidden", "0", "--class", "general", "--score",
        "exact", "--states", "a=2,b=2,c=2", "--json", json.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode counts = JSON.readTree(json.toFile()).get("counts");
    assertThat(counts.get("familiesScored").asInt()).isPositive();
    assertThat(counts.get("familyCacheHits").asInt()).isPositive();
    assertThat(r.out()).contains("families");
  }

  @Test
  void startFromAGivenStructure() throws IOException {
    Path data = bealData(80);
    Path json = dir.resolve("start.json");
    var r = CliRunner.run("dag", "search", "--data", data.toString(), "--true", BEAL.toString(), "--start",
        BEAL.toString(), "--score", "bic", "--restarts", "0", "--json", json.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode root = JSON.readTree(json.toFile());
    assertThat(root.get("path").get(0).get("structure").asText()).isEqualTo(root.get("true").get("structure").asText());
    assertThat(root.get("true").get("firstVisit").get("step").asInt()).isZero();
    var general = CliRunner.run("dag", "search", "--data", data.toString(), "--hidden", "2", "--class", "bipartite",
        "--max-parents", "1", "--start", BEAL.toString());
    assertThat(general.exitCode()).isEqualTo(2);
    assertThat(general.err()).contains("start structure is not in the search space");
  }

  @Test
  void badInputExitsWithTwo() throws IOException {
    Path data = bealData(50);
    var cls = CliRunner.run("dag", "search", "--data", data.toString(), "--hidden", "2", "--class", "tree");
    assertThat(cls.exitCode()).isEqualTo(2);
    assertThat(cls.err()).contains("unknown structure class 'tree'");
    var score = CliRunner.run("dag", "search", "--data", data.toString(), "--hidden", "2", "--score", "bogus");
    assertThat(score.exitCode()).isEqualTo(2);
    assertThat(score.err()).contains("bogus");
    var none = CliRunner.run("dag", "search", "--data", data.toString(), "--hidden", "0");
    assertThat(none.exitCode()).isEqualTo(2);
    assertThat(none.err()).contains("--hidden must be >= 1");
    var restarts = CliRunner.run("dag", "search", "--data", data.toString(), "--hidden", "2", "--restarts", "-1");
    assertThat(restarts.exitCode()).isEqualTo(2);
    Path existing = Files.writeString(dir.resolve("exists.json"), "{}");
    var clash = CliRunner.run("dag", "search", "--data", data.toString(), "--hidden", "2", "--json", existing.toString());
    assertThat(clash.exitCode()).isEqualTo(2);
    assertThat(Files.readString(existing)).isEqualTo("{}");
  }
}
