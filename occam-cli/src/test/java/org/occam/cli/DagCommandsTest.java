package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.numbers.gamma.LogGamma;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DagCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BEAL = Path.of("..", "examples", "beal-true.json");

  @TempDir
  Path dir;

  @Test
  void sampleThenScoreWritesTheJsonContract() throws IOException {
    Path data = dir.resolve("d.csv");
    var s = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "120", "--seed", "3", "--out",
        data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    assertThat(Files.readAllLines(data)).hasSize(121).first().isEqualTo("y1,y2,y3,y4");

    Path out = dir.resolve("out.json");
    var r = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", data.toString(), "--methods",
        "vb,cs,bic,bicp,map", "--json", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode root = JSON.readTree(out.toFile());
    assertThat(root.get("data").get("rows").asDouble()).isEqualTo(120);
    List<String> rows = Files.readAllLines(data);
    assertThat(root.get("data").get("distinct").asInt()).isEqualTo(new java.util.HashSet<>(rows.subList(1, rows.size())).size());
    JsonNode results = root.get("results");
    assertThat(results).hasSize(5);
    assertThat(results.get(0).get("method").asText()).isEqualTo("vb");
    for (JsonNode e : results) {
      assertThat(e.get("logEvidence").isNumber()).isTrue();
      assertThat(e.has("stdError")).isTrue();
      assertThat(e.get("seconds").asDouble()).isGreaterThanOrEqualTo(0);
      assertThat(e.get("settings").get("restarts").asInt()).isEqualTo(3);
      JsonNode diag = e.get("diagnostics");
      assertThat(diag.get("aliasCount").asInt()).isEqualTo(4); // 2!·2!, no symmetry
      double uncorrected = diag.get("uncorrectedLogEvidence").asDouble();
      double expectedShift = e.get("method").asText().equals("map") ? 0 : Math.log(4);
      assertThat(e.get("logEvidence").asDouble() - uncorrected).isCloseTo(expectedShift, org.assertj.core.data.Offset.offset(1e-9));
      assertThat(diag.get("iterations").asInt()).isPositive();
      assertThat(diag.get("traceLength").asInt()).isEqualTo(diag.get("iterations").asInt());
      assertThat(diag.has("converged")).isTrue();
      // the note names exactly the methods whose best optimum only one restart reached
      int atBest = diag.get("restartsAtBest").asInt();
      assertThat(atBest).isBetween(1, 3);
      boolean named = r.out().lines().anyMatch(l -> l.startsWith("note: ") && l.contains("restarts")
          && java.util.Arrays.asList(l.substring(6, l.indexOf(':', 6)).split(", ")).contains(e.get("method").asText()));
      assertThat(named).as(e.get("method").asText()).isEqualTo(atBest == 1);
    }
    // VB and CS are lower bounds; MAP (max of log joint) is above both at the same data.
    double vb = results.get(0).get("diagnostics").get("uncorrectedLogEvidence").asDouble();
    double map = results.get(4).get("logEvidence").asDouble();
    assertThat(vb).isLessThan(map);
  }

  @Test
  void exactScoreOfACompleteModelIsTheDirichletMultinomialEvidence() throws IOException {
    Path model = CliRunner.write(dir, "m.json", """
        {"type": "dag", "prior": {"dirichlet": 1.0},
         "variables": [{"name": "a", "states": ["no", "yes"]},
                       {"name": "b", "states": 2, "parents": ["a"]}]}
        """);
    // a: 3 no, 2 yes; b | a=no: 2 zeros 1 one; b | a=yes: 0 zeros 2 ones (with a weight column).
    Path data = CliRunner.write(dir, "d.csv", "a,b,Freq\nno,0,2\nno,1,1\nyes,1,2\n");
    var r = CliRunner.run("dag", "score", "--model", model.toString(), "--data", data.toString(), "--weight-column",
        "Freq", "--methods", "exact,vb,cs");
    assertThat(r.exitCode()).as(r.err()).isZero();
    // Beta-binomial with λ = 1: ln( n1! n2! / (n+1)! ) per row.
    double expected = lf(3) + lf(2) - lf(6) + lf(2) + lf(1) - lf(4) + lf(0) + lf(2) - lf(3);
    String line = r.out().lines().filter(l -> l.startsWith("exact")).findFirst().orElseThrow();
    assertThat(Double.parseDouble(line.trim().split("\\s+")[1])).isCloseTo(expected, org.assertj.core.data.Offset.offset(0.005));
    for (String m : new String[] {"vb", "cs"}) {
      String l = r.out().lines().filter(x -> x.startsWith(m + " ")).findFirst().orElseThrow();
      assertThat(Double.parseDouble(l.trim().split("\\s+")[1])).isCloseTo(expected, org.assertj.core.data.Offset.offset(0.005));
    }
  }

  private static double lf(int n) {
    return LogGamma.value(n + 1.0);
  }

  @Test
  void malformedCsvIsOneLineWithFileLineAndColumnAndExitCode2() throws IOException {
    Path data = CliRunner.write(dir, "bad.csv", "y1,y2,y3,y4\n0,1,2,3\n0,7,2,3\n");
    var r = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", data.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("bad.csv:3:2").contains("out of range");
    assertThat(r.err()).doesNotContain("Exception");
  }

  @Test
  void wrongColumnsAreRejected() throws IOException {
    Path data = CliRunner.write(dir, "cols.csv", "y1,y2,y3,y5\n0,1,2,3\n");
    var r = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", data.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("cols.csv:1").contains("y4");
    Path hidden = CliRunner.write(dir, "hidden.csv", "y1,y2,y3,y4,h1\n0,1,2,3,0\n");
    var h = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", hidden.toString());
    assertThat(h.exitCode()).isEqualTo(2);
    assertThat(h.err()).contains("hidden.csv:1:5").contains("hidden variable");
  }

  @Test
  void modelErrorsNameTheFileAndPlace() throws IOException {
    Path cyclic = CliRunner.write(dir, "cyc.json", """
        {"type": "dag", "prior": {"dirichlet": 1},
         "variables": [{"name": "a", "states": 2, "parents": ["b"]},
                       {"name": "b", "states": 2, "parents": ["a"]}]}
        """);
    Path data = CliRunner.write(dir, "ab.csv", "a,b\n0,1\n");
    var c = CliRunner.run("dag", "score", "--model", cyclic.toString(), "--data", data.toString());
    assertThat(c.exitCode()).isEqualTo(2);
    assertThat(c.err()).contains("cyc.json:").contains("cycle").contains("a -> b -> a");

    Path unknown = CliRunner.write(dir, "unk.json", """
        {"type": "dag", "prior": {"dirichlet": 1},
         "variables": [{"name": "a", "states": 2},
                       {"name": "b", "states": 2, "parents": ["c"]}]}
        """);
    var u = CliRunner.run("dag", "score", "--model", unknown.toString(), "--data", data.toString());
    assertThat(u.exitCode()).isEqualTo(2);
    assertThat(u.err()).contains("unk.json:3:").contains("unknown parent \"c\"");

    Path badRow = CliRunner.write(dir, "row.json", """
        {"type": "dag", "prior": {"dirichlet": 1},
         "variables": [{"name": "a", "states": 2, "cpt": [[0.5, 0.6]]},
                       {"name": "b", "states": 2, "parents": ["a"], "cpt": [[0.5, 0.5], [0.1, 0.9]]}]}
        """);
    var b = CliRunner.run("dag", "sample", "--model", badRow.toString(), "--rows", "5", "--seed", "1", "--out",
        dir.resolve("s.csv").toString());
    assertThat(b.exitCode()).isEqualTo(2);
    assertThat(b.err()).contains("row.json:2:").contains("sums to 1.1").contains("--renormalise");
    var fixed = CliRunner.run("dag", "sample", "--model", badRow.toString(), "--rows", "5", "--seed", "1", "--out",
        dir.resolve("s.csv").toString(), "--renormalise");
    assertThat(fixed.exitCode()).as(fixed.err()).isZero();

    Path shape = CliRunner.write(dir, "shape.json", """
        {"type": "dag", "prior": {"dirichlet": 1},
         "variables": [{"name": "a", "states": 2, "cpt": [[0.5, 0.5]]},
                       {"name": "b", "states": 2, "parents": ["a"], "cpt": [[0.5, 0.5]]}]}
        """);
    var sh = CliRunner.run("dag", "sample", "--model", shape.toString(), "--rows", "5", "--seed", "1", "--out",
        dir.resolve("t.csv").toString());
    assertThat(sh.exitCode()).isEqualTo(2);
    assertThat(sh.err()).contains("shape.json:3:").contains("needs 2 row(s)");

    Path prior = CliRunner.write(dir, "prior.json", """
        {"type": "dag", "prior": {"dirichlet": -1}, "variables": [{"name": "a", "states": 2}]}
        """);
    var p = CliRunner.run("dag", "score", "--model", prior.toString(), "--data", CliRunner.write(dir, "a.csv", "a\n0\n").toString());
    assertThat(p.exitCode()).isEqualTo(2);
    assertThat(p.err()).contains("prior.json:1:").contains("λ must be a number in [0.000001, 1e+6], got -1");

    Path broken = CliRunner.write(dir, "broken.json", "{\"type\": \"dag\",\n \"variables\": [\n");
    var j = CliRunner.run("dag", "score", "--model", broken.toString(), "--data", data.toString());
    assertThat(j.exitCode()).isEqualTo(2);
    assertThat(j.err()).contains("broken.json:3:").contains("invalid JSON");
  }

  @Test
  void outputsAreNeverOverwrittenWithoutForce() throws IOException {
    Path existing = CliRunner.write(dir, "keep.csv", "precious\n");
    var r = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "5", "--seed", "1", "--out",
        existing.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("keep.csv").contains("--force");
    assertThat(Files.readString(existing)).isEqualTo("precious\n");
    var f = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "5", "--seed", "1", "--out",
        existing.toString(), "--force");
    assertThat(f.exitCode()).isZero();
    assertThat(Files.readString(existing)).startsWith("y1,y2,y3,y4");
  }

  @Test
  void samplingIsDeterministicForASeed() throws IOException {
    Path a = dir.resolve("a.csv");
    Path b = dir.resolve("b.csv");
    Path c = dir.resolve("c.csv");
    CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "50", "--seed", "9", "--out", a.toString());
    CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "50", "--seed", "9", "--out", b.toString());
    CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "50", "--seed", "10", "--out", c.toString());
    assertThat(Files.readString(a)).isEqualTo(Files.readString(b)).isNotEqualTo(Files.readString(c));
  }

  @Test
  void rankScoresAll136StructuresAndFindsTheTrueOne() throws IOException {
    Path data = dir.resolve("d.csv");
    CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "60", "--seed", "3", "--out", data.toString());
    Path out = dir.resolve("rank.json");
    var r = CliRunner.run("dag", "rank", "--data", data.toString(), "--hidden", "2", "--hidden-states", "2", "--true",
        BEAL.toString(), "--methods", "bic,vb", "--json", out.toString(), "--threads", "2");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("true structure").contains("scored 136 structures");
    JsonNode root = JSON.readTree(out.toFile());
    JsonNode structures = root.get("structures");
    assertThat(structures).hasSize(136);
    int trues = 0;
    double trueVb = Double.NaN;
    for (JsonNode s : structures) {
      if (s.get("true").asBoolean()) {
        trueVb = s.get("scores").get("vb").asDouble();
      }
    }
    int higher = 0;
    for (JsonNode s : structures) {
      higher += s.get("scores").get("vb").asDouble() > trueVb ? 1 : 0;
    }
    for (JsonNode s : structures) {
      assertThat(s.get("parents").size()).isEqualTo(6);
      // two binary hidden variables (1 free parameter each); each 5-state y has 4 per configuration of its parents
      int expected = 2;
      for (String y : List.of("y1", "y2", "y3", "y4")) {
        expected += 4 * (1 << s.get("parents").get(y).size());
      }
      assertThat(s.get("parameters").asInt()).isEqualTo(expected);
      assertThat(s.get("scores").get("vb").isNumber()).isTrue();
      assertThat(s.get("scores").get("bic").isNumber()).isTrue();
      if (s.get("true").asBoolean()) {
        trues++;
        assertThat(s.get("parameters").asInt()).isEqualTo(50);
        // the rank reported twice, and recomputed from the scores (1 + the number strictly higher)
        assertThat(s.get("ranks").get("vb").asInt()).isEqualTo(higher + 1);
        assertThat(root.get("true").get("ranks").get("vb").asInt()).isEqualTo(higher + 1);
      }
    }
    assertThat(trues).isEqualTo(1);
  }

  @Test
  void rankWithoutDeclaredStatesSaysTheyWereInferred() throws IOException {
    Path data = CliRunner.write(dir, "small.csv", "a,b\nx,1\ny,2\nx,2\ny,1\n");
    var r = CliRunner.run("dag", "rank", "--data", data.toString(), "--hidden", "1", "--methods", "vb");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("states inferred").contains("a=2").contains("b=2");
    assertThat(r.out()).contains("4 structures");
  }

  @Test
  void badOptionsAreUsageErrors() {
    assertThat(CliRunner.run("dag", "score", "--model").exitCode()).isEqualTo(2);
    var m = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", "x.csv", "--methods", "vb,bogus");
    assertThat(m.exitCode()).isEqualTo(2);
    assertThat(m.err()).contains("unknown DAG method 'bogus'");
    var nofile = CliRunner.run("dag", "score", "--model", BEAL.toString(), "--data", dir.resolve("none.csv").toString());
    assertThat(nofile.exitCode()).isEqualTo(2);
    assertThat(nofile.err()).contains("none.csv: no such file");
  }
}
