package org.occam.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.ColumnSpec;
import org.occam.data.CsvDatasetReader;
import org.occam.data.Dataset;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.loglinear.LogLinearMethods;
import org.occam.mrf.loglinear.LogLinearProblem;
import org.occam.mrf.loglinear.LogLinearStructure;

/** {@code mrf score --generators}: log-linear models on multi-state variables. */
class MrfLogLinearScoreCommandTest {
  @TempDir
  Path dir;

  private Path threeByTwo() throws IOException {
    return CliRunner.write(dir, "d.csv", "colour,size,Freq\nred,S,12\nred,L,3\ngreen,S,4\ngreen,L,9\nblue,S,7\n"
        + "blue,L,6\n");
  }

  @Test
  void scoresAMultiStateModelAsTheLibraryDoes() throws IOException {
    Path data = threeByTwo();
    Path out = dir.resolve("r.json");
    CliRunner.Result r = CliRunner.run("mrf", "score", "--data", data.toString(), "--weight-column", "Freq",
        "--generators", "colour*size", "--methods", "map,bic-ml,laplace-exact", "--json", out.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("model colour*size: 2 variables (3×2 states), 3 terms, 5 parameters"), r.out());
    assertTrue(r.out().contains("states: colour 3 (red/green/blue), size 2 (S/L); the first state of each is its"
        + " reference"), r.out());
    JsonNode json = new ObjectMapper().readTree(Files.readString(out));
    assertEquals("loglinear", json.at("/model/type").asText());
    assertEquals(41, json.at("/data/rows").asDouble(), 0);
    Dataset d = CsvDatasetReader.read(data, null, java.util.Set.of(), "Freq");
    List<Double> expected = new LogLinearProblem(LogLinearStructure.parse(d.variables(), "colour*size"), d,
        MrfScoreSettings.defaults(), 1).estimate(LogLinearMethods.parseList("map,bic-ml,laplace-exact")).stream()
        .map(e -> e.logEvidence()).toList();
    for (int k = 0; k < 3; k++) {
      assertEquals(expected.get(k), json.at("/results/" + k + "/logEvidence").asDouble(), 1e-9);
    }
  }

  @Test
  void onBinaryColumnsAPairwiseModelScoresAsTheBoltzmannMachine() throws IOException {
    Path data = CliRunner.write(dir, "b.csv", "a,b,c\n0,0,1\n1,1,1\n1,0,0\n1,1,0\n0,0,0\n1,1,1\n0,1,1\n1,1,1\n");
    CliRunner.Result ll = CliRunner.run("mrf", "score", "--data", data.toString(), "--generators", "a*b,b*c",
        "--methods", "laplace-exact", "--json", "-");
    CliRunner.Result bm = CliRunner.run("mrf", "score", "--data", data.toString(), "--edges", "a-b,b-c",
        "--methods", "laplace-exact", "--json", "-");
    assertEquals(0, ll.exitCode(), ll.err());
    assertEquals(0, bm.exitCode(), bm.err());
    double a = new ObjectMapper().readTree(ll.out().substring(ll.out().indexOf('{'))).at("/results/0/logEvidence")
        .asDouble();
    double b = new ObjectMapper().readTree(bm.out().substring(bm.out().indexOf('{'))).at("/results/0/logEvidence")
        .asDouble();
    assertEquals(b, a, 1e-6);
  }

  @Test
  void bpLrScoresAGeneratorModelAndIsLaplaceExactWhereBpIsExact() throws IOException {
    Path data = threeByTwo();
    CliRunner.Result r = CliRunner.run("mrf", "score", "--data", data.toString(), "--weight-column", "Freq",
        "--generators", "colour*size", "--methods", "bp-lr,laplace-exact", "--json", "-");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode json = new ObjectMapper().readTree(r.out().substring(r.out().indexOf('{')));
    assertEquals("bp-lr", json.at("/results/0/method").asText());
    assertTrue(json.at("/results/0/diagnostics/bpConverged").asBoolean());
    assertEquals(json.at("/results/1/logEvidence").asDouble(), json.at("/results/0/logEvidence").asDouble(), 1e-5);
  }

  @Test
  void badGeneratorsMethodsAndDataGetOneLineErrors() throws IOException {
    Path data = threeByTwo();
    CliRunner.Result r = CliRunner.run("mrf", "score", "--data", data.toString(), "--weight-column", "Freq",
        "--generators", "colour*sise");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("unknown variable \"sise\"; the variables are colour, size"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    r = CliRunner.run("mrf", "score", "--data", data.toString(), "--weight-column", "Freq", "--generators",
        "colour*size", "--methods", "bp-lr-exactgrad");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("bp-lr-exactgrad"), r.err());
    r = CliRunner.run("mrf", "score", "--data", data.toString(), "--weight-column", "Freq", "--generators",
        "colour*size", "--edges", "colour-size");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("one of --model, --edges and --generators"), r.err());
    Path missing = CliRunner.write(dir, "m.csv", "x,y\na,b\n,c\nb,c\n");
    r = CliRunner.run("mrf", "score", "--data", missing.toString(), "--generators", "x*y");
    assertEquals(2, r.exitCode());
    assertTrue(r.err().contains("m.csv:3:1"), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
  }

  @Test
  void aMarkovNetworkFileIsSampledAndScoredAsTheModelItsScopesGenerate() throws IOException {
    Path model = CliRunner.write(dir, "m.json", """
        {"type": "markov",
         "variables": [{"name": "x", "states": ["lo", "mid", "hi"]}, {"name": "y", "states": ["no", "yes"]}],
         "factors": [{"scope": ["x", "y"], "logPotentials": [0.2, -0.4, 0.9, 0.0, -0.3, 1.1]}]}""");
    Path rows = dir.resolve("rows.csv");
    CliRunner.Result s = CliRunner.run("mrf", "sample", "--model", model.toString(), "--rows", "400", "--seed", "5",
        "--out", rows.toString());
    assertEquals(0, s.exitCode(), s.err());
    assertTrue(Files.readString(rows).startsWith("x,y\n"), Files.readString(rows).substring(0, 20));
    Path uai = dir.resolve("m.uai");
    assertEquals(0, CliRunner.run("convert", model.toString(), uai.toString()).exitCode());
    CliRunner.Result fromJson = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", rows.toString(),
        "--methods", "laplace-exact,exact", "--json", "-");
    assertEquals(0, fromJson.exitCode(), fromJson.err());
    assertTrue((fromJson.out() + fromJson.err()).contains("model x*y (" + model + "): 2 variables (3×2 states), 3 terms,"
        + " 5 parameters"), fromJson.out() + fromJson.err());
    JsonNode a = new ObjectMapper().readTree(fromJson.out().substring(fromJson.out().indexOf('{')));
    Dataset d = CsvDatasetReader.read(rows, List.of(ColumnSpec.labels("x", List.of("lo", "mid", "hi")),
        ColumnSpec.labels("y", List.of("no", "yes"))), java.util.Set.of(), null);
    LogLinearStructure structure = LogLinearStructure.parse(d.variables(), "x*y");
    double expected = new LogLinearProblem(structure, d, MrfScoreSettings.defaults(), 1)
        .estimate(LogLinearMethods.parseList("laplace-exact")).get(0).logEvidence();
    assertEquals(expected, a.at("/results/0/logEvidence").asDouble(), 1e-9);
    // UAI keeps no names: its variables are x0, x1 with states 0..k-1, so the data must say so
    CliRunner.Result wrongNames = CliRunner.run("mrf", "score", "--model", uai.toString(), "--data", rows.toString());
    assertEquals(2, wrongNames.exitCode());
    assertEquals(1, wrongNames.err().strip().lines().count(), wrongNames.err());
    Path dag = CliRunner.write(dir, "d.bif", "network n { }\nvariable a { type discrete [ 2 ] { u, v }; }\n"
        + "probability ( a ) { table 0.4, 0.6; }\n");
    CliRunner.Result notMarkov = CliRunner.run("mrf", "score", "--model", dag.toString(), "--data", rows.toString());
    assertEquals(2, notMarkov.exitCode());
    assertTrue(notMarkov.err().contains("use the dag commands"), notMarkov.err());
  }
}
