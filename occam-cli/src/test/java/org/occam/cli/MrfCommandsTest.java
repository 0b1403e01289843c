package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MrfCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path REINIS = Path.of("..", "data", "reinis.csv");
  private static final Path CYCLE_EXAMPLE = Path.of("..", "examples", "mrf-cycle.json");
  private static final Path EMPTY_EXAMPLE = Path.of("..", "examples", "mrf-cycle-empty.json");

  /** The 4-cycle a-b-c-d-a of examples/mrf-cycle.json. */
  private static final String CYCLE = """
      {"type": "boltzmann",
       "variables": [{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}],
       "edges": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]],
       "prior": {"gaussian": {"sigma": 1.0}},
       "parameters": {"bias": {"a": -0.5, "b": -0.5, "c": -0.5, "d": -0.5},
                      "weight": [["a", "b", 1.0], ["b", "c", 1.0], ["c", "d", 1.0], ["d", "a", 1.0]]}}
      """;

  @TempDir
  Path dir;

  private static double score(String out, String method) {
    String line = out.lines().filter(l -> l.startsWith(method + " ")).findFirst().orElseThrow();
    return Double.parseDouble(line.trim().split("\\s+")[1]);
  }

  @Test
  void sampleThenScoreFindsTheTrueCycleAboveTheEmptyGraphAndWritesTheJsonContract() throws IOException {
    Path model = CYCLE_EXAMPLE;
    Path data = dir.resolve("d.csv");
    var s = CliRunner.run("mrf", "sample", "--model", model.toString(), "--rows", "2000", "--seed", "1", "--out",
        data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    List<String> lines = Files.readAllLines(data);
    assertThat(lines).hasSize(2001).first().isEqualTo("a,b,c,d");
    assertThat(lines.subList(1, lines.size())).allMatch(l -> l.matches("[01],[01],[01],[01]"));

    Path out = dir.resolve("out.json");
    var t = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        "map,bic-ml,bp-lr,bp-lr-exactgrad,laplace-exact", "--json", out.toString(), "--threads", "2");
    assertThat(t.exitCode()).as(t.err()).isZero();
    assertThat(t.out()).contains("min eig A").contains("BP converged").contains("prior N(0, 1² I)");
    Path empty = EMPTY_EXAMPLE;
    var e = CliRunner.run("mrf", "score", "--model", empty.toString(), "--data", data.toString(), "--methods",
        "laplace-exact,bic-ml");
    assertThat(e.exitCode()).as(e.err()).isZero();
    assertThat(score(t.out(), "laplace-exact")).isGreaterThan(score(e.out(), "laplace-exact") + 10);
    assertThat(score(t.out(), "bic-ml")).isGreaterThan(score(e.out(), "bic-ml"));

    JsonNode root = JSON.readTree(out.toFile());
    assertThat(root.get("model").get("type").asText()).isEqualTo("boltzmann");
    assertThat(root.get("model").get("edges")).hasSize(4);
    assertThat(root.get("model").get("parameters").asInt()).isEqualTo(8);
    assertThat(root.get("model").get("prior").get("gaussian").get("sigma").asDouble()).isEqualTo(1.0);
    assertThat(root.get("data").get("rows").asDouble()).isEqualTo(2000);
    assertThat(root.get("data").get("distinct").asInt()).isEqualTo(new java.util.HashSet<>(lines.subList(1, lines.size())).size());
    JsonNode results = root.get("results");
    assertThat(results).hasSize(5);
    String[] methods = {"map", "bic-ml", "bp-lr", "bp-lr-exactgrad", "laplace-exact"};
    for (int k = 0; k < methods.length; k++) {
      JsonNode r = results.get(k);
      assertThat(r.get("method").asText()).isEqualTo(methods[k]);
      assertThat(r.get("logEvidence").isNumber()).isTrue();
      assertThat(Double.isFinite(r.get("logEvidence").asDouble())).isTrue();
      assertThat(r.has("stdError")).isTrue();
      assertThat(r.get("seconds").asDouble()).isGreaterThanOrEqualTo(0);
      assertThat(r.get("settings").get("priorSigma").asDouble()).isEqualTo(1.0);
      assertThat(r.get("diagnostics").get("converged").asBoolean()).isTrue();
    }
    assertThat(results.get(4).get("diagnostics").get("smallestEigenvalue").asDouble()).isPositive();
    assertThat(results.get(2).get("diagnostics").get("bpConverged").asBoolean()).isTrue();
  }

  @Test
  void spinModelsSampleMinusOneAndOneAndScoreThemBack() throws IOException {
    // J = 1 on s1-s2 with no fields: P(s1 = s2) = e / (e + 1/e) ≈ 0.88; J = −1 on s2-s3: they disagree as often.
    Path model = CliRunner.write(dir, "spins.json", """
        {"type": "boltzmann", "spins": true,
         "variables": [{"name": "s1"}, {"name": "s2"}, {"name": "s3", "states": ["down", "up"]}],
         "edges": [["s1", "s2"], ["s2", "s3"]],
         "parameters": {"bias": {"s1": 0, "s2": 0, "s3": 0}, "weight": [["s1", "s2", 1.0], ["s3", "s2", -1.0]]}}
        """);
    Path data = dir.resolve("s.csv");
    var s = CliRunner.run("mrf", "sample", "--model", model.toString(), "--rows", "2000", "--seed", "5", "--out",
        data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    List<String> lines = Files.readAllLines(data);
    assertThat(lines.get(0)).isEqualTo("s1,s2,s3");
    Set<String> seen = new HashSet<>();
    int agree12 = 0;
    int agree23 = 0;
    for (String l : lines.subList(1, lines.size())) {
      String[] c = l.split(",");
      seen.add(c[0]);
      seen.add(c[1]);
      seen.add(c[2]);
      agree12 += c[0].equals(c[1]) ? 1 : 0;
      agree23 += c[1].equals("1") == c[2].equals("up") ? 1 : 0;
    }
    assertThat(seen).containsExactlyInAnyOrder("-1", "1", "down", "up");
    assertThat(agree12 / 2000.0).isBetween(0.84, 0.92);
    assertThat(agree23 / 2000.0).isBetween(0.08, 0.16);

    var r = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        "laplace-exact,bp-lr");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("±1 spins").contains("n = 2000");
    // a tree: BP and linear response are exact, so bp-lr agrees with laplace-exact
    assertThat(score(r.out(), "bp-lr")).isCloseTo(score(r.out(), "laplace-exact"), org.assertj.core.data.Offset.offset(0.02));
  }

  @Test
  void modelFileErrorsAreOneLineWithFileLineAndColumn() throws IOException {
    Path data = CliRunner.write(dir, "ab.csv", "a,b\n0,1\n1,1\n");
    String[][] cases = {
        {"unknown.json", "{\"type\": \"boltzmann\",\n \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}],\n"
            + " \"edges\": [[\"a\", \"z\"]]}", "unknown.json:3:18", "unknown variable \"z\""},
        {"loop.json", "{\"type\": \"boltzmann\",\n \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}],\n"
            + " \"edges\": [[\"a\", \"b\"],\n   [\"b\", \"b\"]]}", "loop.json:4:4", "self-loop"},
        {"dup.json", "{\"type\": \"boltzmann\",\n \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}],\n"
            + " \"edges\": [[\"a\", \"b\"],\n   [\"b\", \"a\"]]}", "dup.json:4:4", "duplicate edge"},
        {"states.json", "{\"type\": \"boltzmann\",\n \"variables\": [{\"name\": \"a\", \"states\": 3}, {\"name\": \"b\"}],\n"
            + " \"edges\": []}", "states.json:2:", "binary"},
        {"sigma.json", "{\"type\": \"boltzmann\",\n \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}], \"edges\": [],\n"
            + " \"prior\": {\"gaussian\": {\"sigma\": -1}}}", "sigma.json:3:", "σ0 of the Gaussian prior must be a number in [0.0001, 1e+4], got -1"},
        {"syntax.json", "{\"type\": \"boltzmann\",\n \"variables\": [\n", "syntax.json:3:", "invalid JSON"},
    };
    for (String[] c : cases) {
      Path model = CliRunner.write(dir, c[0], c[1]);
      var r = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString());
      assertThat(r.exitCode()).as(c[0] + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().strip()).as(c[0]).doesNotContain("\n").contains(c[2]).contains(c[3]);
      assertThat(r.err()).doesNotContain("Exception");
    }
    Path noParameters = CliRunner.write(dir, "nop.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}], \"edges\": []}");
    var s = CliRunner.run("mrf", "sample", "--model", noParameters.toString(), "--rows", "5", "--seed", "1", "--out",
        dir.resolve("x.csv").toString());
    assertThat(s.exitCode()).isEqualTo(2);
    assertThat(s.err()).contains("nop.json:1:1").contains("no \"parameters\"");
    assertThat(dir.resolve("x.csv")).doesNotExist();
    Path noWeight = CliRunner.write(dir, "now.json", """
        {"type": "boltzmann", "variables": [{"name": "a"}, {"name": "b"}], "edges": [["a", "b"]],
         "parameters": {"bias": {"a": 0.1, "b": 0.0},
                        "weight": []}}
        """);
    var w = CliRunner.run("mrf", "sample", "--model", noWeight.toString(), "--rows", "5", "--seed", "1", "--out",
        dir.resolve("x.csv").toString());
    assertThat(w.exitCode()).isEqualTo(2);
    assertThat(w.err()).contains("now.json:3:").contains("no weight for the edge a–b");
  }

  @Test
  void dataThatDoNotMatchTheModelAreRejected() throws IOException {
    Path model = CliRunner.write(dir, "m.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}],"
        + " \"edges\": [[\"a\", \"b\"]]}");
    var bad = CliRunner.run("mrf", "score", "--model", model.toString(), "--data",
        CliRunner.write(dir, "bad.csv", "a,b\n0,1\n1,2\n0,0\n").toString());
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("bad.csv:4:2").contains("a third value '0' in column b");
    Path labelled = CliRunner.write(dir, "lab.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\","
        + " \"states\": [\"0\", \"1\"]}], \"edges\": [[\"a\", \"b\"]]}");
    var unknown = CliRunner.run("mrf", "score", "--model", labelled.toString(), "--data",
        CliRunner.write(dir, "bad2.csv", "a,b\n0,1\n1,2\n").toString());
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).contains("bad2.csv:3:2").contains("'2' is not a state of b");
    var missing = CliRunner.run("mrf", "score", "--model", model.toString(), "--data",
        CliRunner.write(dir, "na.csv", "a,b\n0,1\n1,NA\n").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err()).contains("na.csv").contains("complete rows");
  }

  @Test
  void aisAndQuadratureAgreeOnAThreeParameterModelAndQuadratureRefusesMore() throws IOException {
    Path pair = CliRunner.write(dir, "pair.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}], "
        + "\"edges\": [[\"a\", \"b\"]]}");
    StringBuilder rows = new StringBuilder("a,b\n");
    int[][] counts = {{0, 0, 9}, {0, 1, 4}, {1, 0, 3}, {1, 1, 14}};
    for (int[] c : counts) {
      rows.append((c[0] + "," + c[1] + "\n").repeat(c[2]));
    }
    Path data = CliRunner.write(dir, "pair.csv", rows.toString());
    Path out = dir.resolve("pair-scores.json");
    var r = CliRunner.run("mrf", "score", "--model", pair.toString(), "--data", data.toString(), "--methods",
        "laplace-exact,quadrature,ais", "--seed", "4", "--json", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode results = JSON.readTree(out.toFile()).get("results");
    double laplace = results.get(0).get("logEvidence").asDouble();
    double quadrature = results.get(1).get("logEvidence").asDouble();
    double ais = results.get(2).get("logEvidence").asDouble();
    double se = results.get(2).get("stdError").asDouble();
    assertThat(se).isPositive().isLessThan(0.1);
    assertThat(Math.abs(ais - quadrature)).isLessThan(3 * se + 1e-9);
    assertThat(Math.abs(laplace - quadrature)).isLessThan(0.1); // Laplace's error at N = 30 is O(1/N)

    Path cycle = CliRunner.write(dir, "cycle.json", CYCLE);
    Path cycleData = CliRunner.write(dir, "d.csv", "a,b,c,d\n0,1,0,1\n1,1,0,0\n");
    var refused = CliRunner.run("mrf", "score", "--model", cycle.toString(), "--data", cycleData.toString(),
        "--methods", "quadrature");
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains("quadrature integrates over at most");
    var u = CliRunner.run("mrf", "score", "--model", cycle.toString(), "--data", cycleData.toString(), "--methods", "vb");
    assertThat(u.exitCode()).isEqualTo(2);
    assertThat(u.err()).contains("unknown MRF method 'vb'");
  }

  @Test
  void outputsAreNeverOverwrittenWithoutForce() throws IOException {
    Path model = CliRunner.write(dir, "cycle.json", CYCLE);
    Path existing = CliRunner.write(dir, "keep.csv", "precious\n");
    var r = CliRunner.run("mrf", "sample", "--model", model.toString(), "--rows", "5", "--seed", "1", "--out",
        existing.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("keep.csv").contains("--force");
    assertThat(Files.readString(existing)).isEqualTo("precious\n");

    Path data = dir.resolve("d.csv");
    assertThat(CliRunner.run("mrf", "sample", "--model", model.toString(), "--rows", "50", "--seed", "1", "--out",
        data.toString()).exitCode()).isZero();
    Path json = CliRunner.write(dir, "keep.json", "{}\n");
    var j = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods", "map",
        "--json", json.toString());
    assertThat(j.exitCode()).isEqualTo(2);
    assertThat(Files.readString(json)).isEqualTo("{}\n");
    var k = CliRunner.run("mrf", "rank", "--data", data.toString(), "--methods", "bic-ml", "--csv", json.toString());
    assertThat(k.exitCode()).isEqualTo(2);
    assertThat(Files.readString(json)).isEqualTo("{}\n");

    var f = CliRunner.run("mrf", "sample", "--model", model.toString(), "--rows", "5", "--seed", "1", "--out",
        existing.toString(), "--force");
    assertThat(f.exitCode()).as(f.err()).isZero();
    assertThat(Files.readAllLines(existing)).hasSize(6).first().isEqualTo("a,b,c,d");
  }

  @Test
  void samplingIsDeterministicForASeed() throws IOException {
    Path model = CliRunner.write(dir, "cycle.json", CYCLE);
    String[] texts = new String[3];
    long[] seeds = {9, 9, 10};
    for (int i = 0; i < 3; i++) {
      Path p = dir.resolve("s" + i + ".csv");
      CliRunner.run("mrf", "sample", "--model", model.toString(), "--rows", "50", "--seed", Long.toString(seeds[i]),
          "--out", p.toString());
      texts[i] = Files.readString(p);
    }
    assertThat(texts[0]).isEqualTo(texts[1]).isNotEqualTo(texts[2]);
  }

  @Test
  void reinisPathRunsFromTheEmptyToTheCompleteGraph() throws IOException {
    Path json = dir.resolve("path.json");
    Path csv = dir.resolve("path.csv");
    var r = CliRunner.run("mrf", "rank", "--data", REINIS.toString(), "--methods", "bic-ml,bp-lr,laplace-exact",
        "--json", json.toString(), "--csv", csv.toString(), "--threads", "2");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("n = 1841").contains("6 binary variables").contains("best by laplace-exact");
    JsonNode root = JSON.readTree(json.toFile());
    assertThat(root.get("data").get("rows").asDouble()).isEqualTo(1841);
    assertThat(root.get("data").get("distinct").asInt()).isEqualTo(63);
    assertThat(root.get("criterion").asText()).isEqualTo("laplace-exact");
    JsonNode models = root.get("models");
    assertThat(models).hasSize(1 + 1 + 15); // empty, chain, 15 path steps ending at the complete graph
    JsonNode first = models.get(0);
    JsonNode last = models.get(models.size() - 1);
    assertThat(first.get("name").asText()).isEqualTo("empty");
    assertThat(first.get("edges")).isEmpty();
    assertThat(first.get("parameters").asInt()).isEqualTo(6);
    assertThat(last.get("name").asText()).isEqualTo("complete");
    assertThat(last.get("edges")).hasSize(15);
    assertThat(last.get("parameters").asInt()).isEqualTo(21);
    assertThat(models.get(1).get("name").asText()).isEqualTo("chain");
    assertThat(models.get(1).get("edges").toString()).isEqualTo(
        "[[\"smoke\",\"mental\"],[\"mental\",\"phys\"],[\"phys\",\"systol\"],[\"systol\",\"protein\"],[\"protein\",\"family\"]]");
    for (int i = 0; i < models.size(); i++) {
      JsonNode m = models.get(i);
      for (String method : new String[] {"bic-ml", "bp-lr", "laplace-exact"}) {
        assertThat(Double.isFinite(m.get("scores").get(method).asDouble())).as(m.get("name") + " " + method).isTrue();
        // 1 + the number of models scoring strictly higher (equal scores share a rank)
        double own = m.get("scores").get(method).asDouble();
        int higher = 0;
        for (JsonNode other : models) {
          higher += other.get("scores").get(method).asDouble() > own ? 1 : 0;
        }
        assertThat(m.get("ranks").get(method).asInt()).as(m.get("name") + " " + method).isEqualTo(higher + 1);
      }
      if (i >= 2) {
        assertThat(m.get("pathStep").asInt()).isEqualTo(i - 1);
        assertThat(m.get("edges")).hasSize(i - 1);
        assertThat(m.get("added")).hasSize(2);
      }
      assertThat(m.get("results")).hasSize(3);
    }
    // the first step adds the edge that gains most over the empty graph, so it beats it
    assertThat(models.get(2).get("scores").get("laplace-exact").asDouble())
        .isGreaterThan(first.get("scores").get("laplace-exact").asDouble());
    assertThat(root.get("best").get("laplace-exact").asText()).isNotIn("empty", "complete");
    List<String> rows = Files.readAllLines(csv);
    assertThat(rows).hasSize(18);
    assertThat(rows.get(0)).isEqualTo("model,pathStep,edgeCount,added,edges,bic-ml,bp-lr,laplace-exact");
    assertThat(rows.get(1)).startsWith("empty,0,0,,,");
    assertThat(rows.get(17)).startsWith("complete,15,15,");
  }

  @Test
  void helpSaysWhatThePriorIs() {
    var r = CliRunner.run("mrf", "score", "--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("N(0, σ0² I)").contains("do not state their prior");
    var top = CliRunner.run("--help");
    assertThat(top.out()).contains("mrf");
  }
}
