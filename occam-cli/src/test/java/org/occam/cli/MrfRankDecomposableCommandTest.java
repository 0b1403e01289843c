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
import org.occam.data.Dataset;
import org.occam.data.ReadSettings;
import org.occam.io.MrfDiscreteData;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.loglinear.DecomposableEvidence;

/** {@code occam mrf rank --class decomposable --methods exact}: the chordal graphs scored in closed form. */
class MrfRankDecomposableCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  /** Four columns, one of three values: a, b, c tied together, d on its own. */
  private Path data() throws IOException {
    StringBuilder csv = new StringBuilder("a,b,c,d\n");
    String[] rows = {"0,x,0,1", "0,x,0,0", "1,y,1,1", "1,y,1,0", "1,z,1,1", "0,z,0,0", "1,x,0,1", "0,y,1,0"};
    for (int k = 0; k < 5; k++) {
      for (int i = 0; i < rows.length - (k % 3); i++) {
        csv.append(rows[i]).append('\n');
      }
    }
    return CliRunner.write(dir, "d.csv", csv.toString());
  }

  @Test
  void ranksTheSixtyOneChordalGraphsAndTheTopScoreIsTheLibrarys() throws IOException {
    Path data = data();
    Path json = dir.resolve("out.json");
    var r = CliRunner.run("mrf", "rank", "--data", data.toString(), "--class", "decomposable", "--methods", "exact",
        "--prior", "dirichlet:2", "--posterior", "--json", json.toString(), "--threads", "2");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("4 variables, states: a 2 (0/1), b 3 (x/y/z)")
        .contains("exact: hyper-Dirichlet prior dirichlet:2; every decomposable (chordal) graph on 4 variables,"
            + " 61 structures scored")
        .contains("posterior by exact").contains("edge posterior probabilities");
    assertThat(r.err()).contains("61 graphs on 4 variables, the decomposable (chordal) ones of 64");
    JsonNode root = JSON.readTree(json.toFile());
    assertThat(root.get("class").asText()).isEqualTo("decomposable");
    JsonNode models = root.get("models");
    assertThat(models).hasSize(61); // OEIS A058862 at n = 4

    Dataset d = MrfDiscreteData.read(data, null, ReadSettings.defaults()).data();
    DecomposableEvidence library = new DecomposableEvidence(d, 2.0);
    JsonNode top = null;
    for (JsonNode m : models) {
      List<int[]> edges = new ArrayList<>();
      for (JsonNode e : m.get("edges")) {
        edges.add(new int[] {d.indexOf(e.get(0).asText()), d.indexOf(e.get(1).asText())});
      }
      double own = library.logEvidence(new PairwiseGraph(4, edges.toArray(new int[0][])));
      assertThat(m.get("scores").get("exact").asDouble()).as(m.get("name").asText()).isEqualTo(own);
      if (m.get("ranks").get("exact").asInt() == 1) {
        top = m;
      }
    }
    assertThat(top).isNotNull();
    assertThat(root.get("best").get("exact").asText()).isEqualTo(top.get("name").asText());
    assertThat(root.get("posterior").get("exact")).isNotNull();
  }

  @Test
  void exactOutsideTheDecomposableClassIsRefusedInOneLine() throws IOException {
    var r = CliRunner.run("mrf", "rank", "--data", data().toString(), "--class", "all", "--methods", "exact");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).contains("method exact is the closed-form evidence of decomposable (chordal) graphs")
        .contains("--class all has graphs that are not; use --class decomposable").doesNotContain("\n");
  }

  @Test
  void aBinaryOnlyMethodRefusesAThreeValuedColumnAndNamesTheOthers() throws IOException {
    var r = CliRunner.run("mrf", "rank", "--data", data().toString(), "--class", "decomposable", "--methods",
        "exact,bp-lr-exactgrad");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).contains("method bp-lr-exactgrad scores binary variables only, and the data have b (3"
        + " states)").contains("laplace-exact").doesNotContain("\n");
    var both = CliRunner.run("mrf", "rank", "--data", data().toString(), "--class", "decomposable", "--methods",
        "exact,laplace-exact");
    assertThat(both.exitCode()).as(both.err()).isEqualTo(0);
    var p = CliRunner.run("mrf", "rank", "--data", data().toString(), "--class", "decomposable", "--methods", "exact",
        "--prior", "dirichlet:0");
    assertThat(p.exitCode()).isEqualTo(2);
    assertThat(p.err()).contains("prior 'dirichlet:0'");
  }
}
