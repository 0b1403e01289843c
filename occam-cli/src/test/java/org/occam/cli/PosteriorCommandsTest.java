package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --posterior} on {@code dag rank} and {@code mrf rank}: tables, JSON, CSV, heat map, bad options. */
class PosteriorCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BEAL = Path.of("..", "examples", "beal-true.json");
  private static final Path REINIS = Path.of("..", "data", "reinis.csv");
  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  @TempDir
  Path dir;

  /** Checks one method's posterior object; returns it. */
  private static JsonNode checkPosterior(JsonNode p, int structures) {
    JsonNode list = p.get("structures");
    assertThat(list).hasSize(structures);
    double sum = 0;
    double windowSum = 0;
    int best = p.get("best").get("index").asInt();
    for (JsonNode s : list) {
      double post = s.get("posterior").asDouble();
      assertThat(post).isBetween(0.0, 1.0);
      assertThat(s.get("logBayesFactor").asDouble()).isFinite();
      sum += post;
      windowSum += s.get("windowPosterior").asDouble();
      if (s.get("index").asInt() == best) {
        assertThat(s.get("logBayesFactor").asDouble()).isZero();
        assertThat(s.get("rank").asInt()).isEqualTo(1);
        assertThat(s.get("inWindow").asBoolean()).isTrue();
      }
    }
    assertThat(sum).isCloseTo(1, within(1e-9));
    assertThat(windowSum).isCloseTo(1, within(1e-9));
    assertThat(p.get("window").get(0).asInt()).isEqualTo(best);
    assertThat(p.get("summary").get("sentence").asText()).isNotBlank();
    assertThat(p.get("summary").get("windowSize").asInt()).isEqualTo(p.get("window").size());
    for (JsonNode e : p.get("edges")) {
      assertThat(e.get("all").asDouble()).isBetween(0.0, 1.0);
      assertThat(e.get("window").asDouble()).isBetween(0.0, 1.0);
    }
    return p;
  }

  private static void assertPng(Path png) throws IOException {
    assertThat(png).exists();
    byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), PNG_MAGIC.length);
    assertThat(head).isEqualTo(PNG_MAGIC);
    assertThat(javax.imageio.ImageIO.read(png.toFile()).getWidth()).isGreaterThan(300);
  }

  @Test
  void dagRankWithPosteriorAddsColumnsSectionsJsonCsvAndAHeatMap() throws IOException {
    Path data = dir.resolve("d.csv");
    CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "40", "--seed", "5", "--out", data.toString());
    Path json = dir.resolve("rank.json");
    Path csv = dir.resolve("rank.csv");
    Path png = dir.resolve("arcs.png");
    var r = CliRunner.run("dag", "rank", "--data", data.toString(), "--hidden", "1", "--states",
        "y1=5,y2=5,y3=5,y4=5", "--methods", "bic,vb", "--posterior", "--posterior-png", png.toString(), "--json",
        json.toString(), "--csv", csv.toString(), "--threads", "2");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("log BF vs best").contains("posterior by bic").contains("posterior by vb")
        .contains("arc posterior probabilities").contains("Occam's window");
    JsonNode root = JSON.readTree(json.toFile());
    for (String m : new String[] {"bic", "vb"}) {
      JsonNode p = checkPosterior(root.get("posterior").get(m), 16);
      assertThat(p.get("settings").get("structurePrior").asText()).isEqualTo("uniform");
      assertThat(p.get("settings").get("window").asDouble()).isEqualTo(20);
      // the posterior follows the scores: the best by posterior is the rank-1 structure
      int best = p.get("best").get("index").asInt();
      assertThat(root.get("structures").get(best).get("ranks").get(m).asInt()).isEqualTo(1);
      // an arc's probability is the mass of the structures that have it
      for (JsonNode e : p.get("edges")) {
        String[] ends = e.get("edge").asText().split("->");
        double mass = 0;
        for (JsonNode s : p.get("structures")) {
          JsonNode parents = root.get("structures").get(s.get("index").asInt()).get("parents").get(ends[1]);
          for (JsonNode q : parents) {
            mass += q.asText().equals(ends[0]) ? s.get("posterior").asDouble() : 0;
          }
        }
        assertThat(e.get("all").asDouble()).as(e.get("edge").asText()).isCloseTo(mass, within(1e-9));
      }
    }
    List<String> rows = Files.readAllLines(csv);
    assertThat(rows.get(0)).endsWith(",converged,logBayesFactor,posterior,inWindow");
    assertThat(rows).hasSize(1 + 16 * 2);
    assertPng(png);
  }

  @Test
  void mrfRankOnReinisSaysTheTopModelsCannotBeSeparated() throws IOException {
    Path json = dir.resolve("reinis.json");
    Path csv = dir.resolve("reinis.csv");
    Path png = dir.resolve("edges.png");
    var r = CliRunner.run("mrf", "rank", "--data", REINIS.toString(), "--methods", "bic-ml,laplace-exact",
        "--posterior", "--posterior-png", png.toString(), "--json", json.toString(), "--csv", csv.toString(),
        "--threads", "2");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("posterior by laplace-exact").contains("edge posterior probabilities")
        .contains("the data cannot separate the top structures");
    JsonNode root = JSON.readTree(json.toFile());
    JsonNode p = checkPosterior(root.get("posterior").get("laplace-exact"), 17);
    assertThat(p.get("summary").get("separated").asBoolean()).isFalse();
    assertThat(p.get("summary").get("within1Nat").asInt()).isPositive();
    assertThat(p.get("best").get("name").asText()).isEqualTo(root.get("best").get("laplace-exact").asText());
    checkPosterior(root.get("posterior").get("bic-ml"), 17);
    // every model is scored, and the edges every top model shares have probability ~1
    double mentalPhys = 0;
    for (JsonNode e : p.get("edges")) {
      if (e.get("edge").asText().equals("mental-phys")) {
        mentalPhys = e.get("all").asDouble();
      }
    }
    assertThat(mentalPhys).isGreaterThan(0.99);
    List<String> rows = Files.readAllLines(csv);
    assertThat(rows.get(0)).isEqualTo("model,pathStep,edgeCount,added,edges,bic-ml,laplace-exact,"
        + "bic-ml:logBayesFactor,bic-ml:posterior,bic-ml:inWindow,"
        + "laplace-exact:logBayesFactor,laplace-exact:posterior,laplace-exact:inWindow");
    assertThat(rows).hasSize(18);
    assertPng(png);
  }

  @Test
  void theEdgePenaltyPriorAndAWindowOptionReachTheResult() throws IOException {
    Path json = dir.resolve("pen.json");
    var r = CliRunner.run("mrf", "rank", "--data", REINIS.toString(), "--methods", "bic-ml", "--posterior",
        "--structure-prior", "edge-penalty:0.5", "--window", "5", "--edge-posterior", "window", "--json",
        json.toString(), "--threads", "2");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("edge-penalty:0.5 prior").contains("C = 5").contains("(over Occam's window)");
    JsonNode p = checkPosterior(JSON.readTree(json.toFile()).get("posterior").get("bic-ml"), 17);
    for (JsonNode s : p.get("structures")) {
      double logPrior = s.get("logPrior").asDouble();
      assertThat(logPrior).isLessThanOrEqualTo(0);
      assertThat(s.get("logPosteriorOdds").asDouble()).isLessThanOrEqualTo(0);
      if (s.get("inWindow").asBoolean()) {
        assertThat(s.get("logPosteriorOdds").asDouble()).isGreaterThanOrEqualTo(-Math.log(5) - 1e-12);
      }
    }
  }

  @Test
  void withoutPosteriorNothingChanges() throws IOException {
    Path json = dir.resolve("plain.json");
    var r = CliRunner.run("mrf", "rank", "--data", REINIS.toString(), "--methods", "bic-ml", "--json",
        json.toString(), "--threads", "2");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).doesNotContain("posterior by").doesNotContain("log BF");
    assertThat(JSON.readTree(json.toFile()).has("posterior")).isFalse();
  }

  @Test
  void badPosteriorOptionsAreOneLineErrorsAndNothingIsOverwritten() throws IOException {
    var w = CliRunner.run("mrf", "rank", "--data", REINIS.toString(), "--methods", "bic-ml", "--posterior",
        "--window", "1");
    assertThat(w.exitCode()).isEqualTo(2);
    assertThat(w.err()).contains("--window must be a number > 1");
    var p = CliRunner.run("mrf", "rank", "--data", REINIS.toString(), "--methods", "bic-ml", "--posterior",
        "--structure-prior", "edge-penalty:-2");
    assertThat(p.exitCode()).isEqualTo(2);
    assertThat(p.err()).contains(">= 0");
    var o = CliRunner.run("mrf", "rank", "--data", REINIS.toString(), "--methods", "bic-ml", "--posterior",
        "--edge-posterior", "some");
    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err()).contains("--edge-posterior must be all or window");
    Path existing = dir.resolve("keep.png");
    Files.writeString(existing, "precious\n");
    var k = CliRunner.run("dag", "rank", "--data", REINIS.toString(), "--hidden", "1", "--methods", "bic",
        "--posterior-png", existing.toString());
    assertThat(k.exitCode()).isEqualTo(2);
    assertThat(k.err()).contains("keep.png").contains("--force");
    assertThat(Files.readString(existing)).isEqualTo("precious\n");
  }
}
