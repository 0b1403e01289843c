package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code mrf score --edges} and {@code dag score --parents}: the same structure given on the
 * command line and as a model file scores the same, and every mistake is a one-line error (exit 2)
 * naming the option.
 */
class StructureOptionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String BINARY = """
      a,b,c
      0,1,1
      1,1,0
      0,0,0
      1,1,1
      0,1,0
      1,0,1
      1,1,1
      0,0,1
      1,1,1
      0,0,0
      """;

  /** y1 in 0..2, y2 and y3 in 0..1, every state present. */
  private static final String DAG_DATA = """
      y1,y2,y3
      0,1,0
      2,1,1
      1,0,0
      0,0,1
      2,1,0
      1,1,1
      0,0,0
      2,0,1
      1,1,0
      0,1,1
      2,0,0
      1,0,1
      """;

  @TempDir
  Path dir;

  /** The JSON's results without their timings. */
  private static JsonNode results(Path json) throws IOException {
    JsonNode root = JSON.readTree(json.toFile());
    for (JsonNode r : root.get("results")) {
      ((ObjectNode) r).remove("seconds");
      JsonNode diag = r.get("diagnostics");
      if (diag instanceof ObjectNode o) {
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
          if (it.next().getKey().toLowerCase().contains("seconds")) {
            it.remove();
          }
        }
      }
    }
    return root.get("results");
  }

  @Test
  void edgesScoreExactlyAsTheSameModelFile() throws IOException {
    Path data = CliRunner.write(dir, "d.csv", BINARY);
    Path model = CliRunner.write(dir, "m.json", """
        {"type": "boltzmann", "variables": [{"name": "a"}, {"name": "b"}, {"name": "c"}],
         "edges": [["a", "b"], ["b", "c"], ["c", "a"]]}""");
    String methods = "map,bic-ml,bic-map,bp-lr,bp-lr-exactgrad,laplace-exact,ais";
    var f = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        methods, "--json", dir.resolve("file.json").toString());
    var e = CliRunner.run("mrf", "score", "--edges", "a-b, b-c,c-a", "--data", data.toString(), "--methods",
        methods, "--json", dir.resolve("edges.json").toString());
    assertThat(f.exitCode()).as(f.err()).isZero();
    assertThat(e.exitCode()).as(e.err()).isZero();
    JsonNode fromFile = results(dir.resolve("file.json"));
    assertThat(fromFile).hasSize(7);
    assertThat(results(dir.resolve("edges.json"))).isEqualTo(fromFile);
    assertThat(e.out()).contains("model --edges a-b, b-c,c-a: 3 binary variables, 3 edges, 6 parameters");
  }

  @Test
  void noEdgesIsTheEmptyGraph() throws IOException {
    Path data = CliRunner.write(dir, "d.csv", BINARY);
    Path model = CliRunner.write(dir, "m.json", """
        {"type": "boltzmann", "variables": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "edges": []}""");
    var f = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods", "map");
    var e = CliRunner.run("mrf", "score", "--edges", "", "--data", data.toString(), "--methods", "map");
    assertThat(e.exitCode()).as(e.err()).isZero();
    assertThat(e.out()).contains("0 edges, 3 parameters");
    assertThat(mapScore(e.out())).isEqualTo(mapScore(f.out())).isNotEmpty();
  }

  /** The log evidence column of the map line. */
  private static String mapScore(String out) {
    return out.lines().filter(l -> l.startsWith("map ")).findFirst().orElse("").trim().split("\\s+")[1];
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "a-a       | --edges: edge 'a-a' is a self-loop",
      "a-b,b-a   | --edges: edge 'b-a' is given twice (also as 'a-b')",
      "a-x       | --edges: unknown variable 'x' in edge 'a-x' (the data's columns: a, b, c)",
      "ab        | --edges: 'ab' is not an edge",
      "'a-b,,b-c'| --edges: '' is not an edge"})
  void badEdgesAreOneLineErrorsNamingTheOption(String edges, String message) throws IOException {
    Path data = CliRunner.write(dir, "d.csv", BINARY);
    var r = CliRunner.run("mrf", "score", "--edges", edges, "--data", data.toString(), "--methods", "map");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("occam: " + message).doesNotContain("\n");
  }

  @Test
  void aColumnNameWithADashIsReadWhenOnlyOneSplitFits() throws IOException {
    Path data = CliRunner.write(dir, "d.csv", BINARY.replaceFirst("a,b,c", "x-1,b,c"));
    var r = CliRunner.run("mrf", "score", "--edges", "x-1-b", "--data", data.toString(), "--methods", "map");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("1 edge,");
  }

  @Test
  void modelAndEdgesTogetherOrNeitherAreRefused() throws IOException {
    Path data = CliRunner.write(dir, "d.csv", BINARY);
    Path model = CliRunner.write(dir, "m.json", """
        {"type": "boltzmann", "variables": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "edges": []}""");
    var both = CliRunner.run("mrf", "score", "--model", model.toString(), "--edges", "a-b", "--data", data.toString());
    var neither = CliRunner.run("mrf", "score", "--data", data.toString());
    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err().strip()).isEqualTo("occam: give the structure by one of --model, --edges and --generators, not 2");
    assertThat(neither.exitCode()).isEqualTo(2);
    assertThat(neither.err().strip()).isEqualTo("occam: give the structure by one of --model, --edges and --generators");
  }

  @Test
  void parentsScoreExactlyAsTheSameModelFile() throws IOException {
    // the first 8 rows (every state still present): `exact` sums 6^8 hidden assignments, not 6^12
    Path data = CliRunner.write(dir, "y.csv", String.join("\n", DAG_DATA.lines().limit(9).toList()) + "\n");
    Path model = CliRunner.write(dir, "m.json", """
        {"type": "dag", "prior": {"dirichlet": 1.5}, "variables": [
          {"name": "h1", "states": 2, "hidden": true}, {"name": "h2", "states": 3, "hidden": true},
          {"name": "y1", "states": 3, "parents": ["h1"]}, {"name": "y2", "states": 2, "parents": ["h1", "h2"]},
          {"name": "y3", "states": 2}]}""");
    String methods = "map,bic,bicp,cs,cs-dagger,vb,exact,ais";
    var f = CliRunner.run("dag", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        methods, "--ais-runs", "2", "--ais-steps", "50", "--json", dir.resolve("file.json").toString());
    var p = CliRunner.run("dag", "score", "--parents", "y1<-h1; y2<-h1,h2", "--hidden-states", "h2=3",
        "--prior", "1.5", "--data", data.toString(), "--methods", methods, "--ais-runs", "2", "--ais-steps", "50",
        "--json", dir.resolve("parents.json").toString());
    assertThat(f.exitCode()).as(f.err()).isZero();
    assertThat(p.exitCode()).as(p.err()).isZero();
    JsonNode fromFile = results(dir.resolve("file.json"));
    assertThat(fromFile).hasSize(8);
    assertThat(results(dir.resolve("parents.json"))).isEqualTo(fromFile);
    assertThat(p.out()).contains("5 variables (2 hidden), 14 free parameters");
  }

  @Test
  void hiddenVariablesHaveTwoStatesByDefault() throws IOException {
    Path data = CliRunner.write(dir, "y.csv", DAG_DATA);
    var p = CliRunner.run("dag", "score", "--parents", "y1<-h;y2<-h", "--data", data.toString(), "--methods", "bic");
    assertThat(p.exitCode()).as(p.err()).isZero();
    // h: 1, y1: 2 x 2, y2: 2 x 1, y3: 1
    assertThat(p.out()).contains("4 variables (1 hidden), 8 free parameters");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "y1<-h1;y1<-h2      | | --parents: the parents of y1 are given twice",
      "y1<h1              | | --parents: 'y1<h1' is not child<-parent,parent",
      "y1<-h1,h1          | | --parents: parent h1 of y1 is given twice",
      "y1<-y1             | | --parents: y1 cannot be its own parent",
      "y1<-h1;yy2<-h1     | | --parents: yy2 is not a data column, so it is hidden, but no data column descends",
      "y1<-y2;y2<-y1      | | --parents: the graph has a cycle: y1 -> y2 -> y1",
      "<-h1               | | --parents: a variable name is missing in '<-h1'",
      "y1<-h1,            | | --parents: a variable name is missing in 'y1<-h1,'",
      "y1<-h1             | h3=2 | --hidden-states: h3 is not a variable of --parents (hidden variables: h1)",
      "y1<-h1             | y1=2 | --hidden-states: y1 is a data column, not a hidden variable",
      "y1<-h1             | h1=1 | --hidden-states: hidden variable h1 needs 2 to 1048576 states, got 1"})
  void badParentsAreOneLineErrorsNamingTheOption(String parents, String hiddenStates, String message)
      throws IOException {
    Path data = CliRunner.write(dir, "y.csv", DAG_DATA);
    var r = hiddenStates == null
        ? CliRunner.run("dag", "score", "--parents", parents, "--data", data.toString(), "--methods", "bic")
        : CliRunner.run("dag", "score", "--parents", parents, "--hidden-states", hiddenStates, "--data",
            data.toString(), "--methods", "bic");
    assertThat(r.exitCode()).as(r.out()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("occam: " + message).doesNotContain("\n");
  }

  @Test
  void parentOnlyOptionsAreRefusedWithAModelFile() throws IOException {
    Path data = CliRunner.write(dir, "y.csv", DAG_DATA);
    Path model = CliRunner.write(dir, "m.json", """
        {"type": "dag", "prior": {"dirichlet": 1}, "variables": [{"name": "y1", "states": 3},
          {"name": "y2", "states": 2}, {"name": "y3", "states": 2}]}""");
    var r = CliRunner.run("dag", "score", "--model", model.toString(), "--prior", "2", "--data", data.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("occam: --prior goes with --parents");
    var z = CliRunner.run("dag", "score", "--parents", "y1<-h", "--prior", "0", "--data", data.toString());
    assertThat(z.exitCode()).isEqualTo(2);
    assertThat(z.err().strip()).isEqualTo("occam: --prior: the Dirichlet λ must be a number in [0.000001, 1e+6], got 0");
  }
}
