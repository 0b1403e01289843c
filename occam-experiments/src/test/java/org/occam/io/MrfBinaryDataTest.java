package org.occam.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.mrf.PairwiseGraph;
import org.occam.report.ResultJson;

class MrfBinaryDataTest {
  @TempDir
  Path dir;

  @Test
  void readsBinaryColumnsAndNamesEdges() throws IOException {
    Path csv = dir.resolve("d.csv");
    Files.writeString(csv, "a,b,c,Freq\n0,1,1,3\n1,0,1,2\n0,0,0,1\n");
    Dataset d = MrfBinaryData.read(csv, "Freq");
    List<Variable> vars = d.variables();
    assertThat(vars).extracting(Variable::name).containsExactly("a", "b", "c");
    assertThat(d.size()).isEqualTo(6.0);
    PairwiseGraph g = new PairwiseGraph(3, new int[][] {{0, 2}, {1, 2}});
    assertThat(MrfBinaryData.edges(vars, g)).isEqualTo("a-c b-c");
    assertThat(MrfBinaryData.edges(vars, new PairwiseGraph(3, new int[0][]))).isEqualTo("(no edges)");
    assertThat(MrfBinaryData.edgeList(vars, g)).containsExactly(List.of("a", "c"), List.of("b", "c"));
    // the JSON's keys come in a fixed order, so two runs write the same file
    String json = ResultJson.write(MrfBinaryData.json(csv, d));
    assertThat(json.replaceAll("\\s", "")).contains("\"rows\":6,\"distinct\":3,\"variables\":[{\"name\":\"a\","
        + "\"states\":[\"0\",\"1\"]}");
    assertThat(MrfBinaryData.describe(csv, d)).startsWith("data " + csv + ": n = 6, 3 distinct rows, 3 binary"
        + " variables, labels of x = 0/x = 1: a 0/1, b 0/1, c 0/1");
  }

  @Test
  void aColumnWithThreeValuesOrASingleColumnIsRefused() throws IOException {
    Path three = dir.resolve("three.csv");
    Files.writeString(three, "a,b\n0,1\n1,2\n0,0\n");
    assertThatThrownBy(() -> MrfBinaryData.read(three, null)).isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith(three + ":4:2: a third value '0' in column b");
    Path constant = dir.resolve("constant.csv");
    Files.writeString(constant, "a,b\n0,yes\n1,yes\n");
    assertThatThrownBy(() -> MrfBinaryData.read(constant, null)).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("column b has 1 distinct value [yes]");
    Path one = dir.resolve("one.csv");
    Files.writeString(one, "a\n0\n1\n");
    assertThatThrownBy(() -> MrfBinaryData.read(one, null)).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("need at least two binary columns");
  }

  @Test
  void aModelFilesGraphFollowsTheDataColumnsOrder() throws IOException {
    Path model = dir.resolve("m.json");
    Files.writeString(model, "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"c\"}, {\"name\": \"a\"},"
        + " {\"name\": \"b\"}], \"edges\": [[\"c\", \"a\"]]}");
    Path csv = dir.resolve("d.csv");
    Files.writeString(csv, "a,b,c\n0,1,1\n1,0,0\n");
    List<Variable> vars = MrfBinaryData.read(csv, null).variables();
    PairwiseGraph g = MrfBinaryData.graphOf(model, vars);
    assertThat(g.vertexCount()).isEqualTo(3);
    assertThat(MrfBinaryData.edges(vars, g)).isIn("a-c", "c-a");
    Path other = dir.resolve("other.csv");
    Files.writeString(other, "a,b,d\n0,1,1\n1,0,0\n");
    List<Variable> otherVars = MrfBinaryData.read(other, null).variables();
    assertThatThrownBy(() -> MrfBinaryData.graphOf(model, otherVars)).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("are not the data's columns");
  }
}
