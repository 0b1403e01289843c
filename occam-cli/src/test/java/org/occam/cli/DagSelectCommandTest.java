package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.dag.AncestralSampler;
import org.occam.dag.DagStructure;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;
import org.occam.search.LatentClassOrders;

/** {@code occam dag select} and the edge warnings and {@code --extend} of both select commands. */
class DagSelectCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path SOTU = Path.of("..", "data", "sotu_chunks100_w100.csv");

  @TempDir
  Path dir;

  /** 400 rows of a latent class model with 3 well-separated classes over four 3-state variables. */
  private Path latentClassData() throws IOException {
    List<Variable> observed = new ArrayList<>();
    for (int j = 1; j <= 4; j++) {
      observed.add(Variable.withCount("y" + j, 3));
    }
    DagStructure s = LatentClassOrders.structure(observed, 1, 3);
    double[] theta = new double[s.tableSize()];
    for (int c = 0; c < 3; c++) {
      theta[c] = 1.0 / 3;
      for (int j = 1; j <= 4; j++) {
        for (int x = 0; x < 3; x++) {
          theta[s.offset(j) + 3 * c + x] = x == (c + j) % 3 ? 0.8 : 0.1;
        }
      }
    }
    int[][] rows = AncestralSampler.sampleObserved(s, theta, 400, RandomStreams.fromSeed(5));
    StringBuilder b = new StringBuilder("y1,y2,y3,y4\n");
    for (int[] r : rows) {
      b.append(r[0]).append(',').append(r[1]).append(',').append(r[2]).append(',').append(r[3]).append('\n');
    }
    Path p = dir.resolve("lc.csv");
    Files.writeString(p, b.toString());
    return p;
  }

  /** The JSON without what depends on the clock or on how the run was made (threads, --extend). */
  static JsonNode withoutTimes(JsonNode n) {
    return CliRunner.withoutFields(n, List.of("seconds", "stageSeconds", "run")::contains);
  }

  @Test
  void printsTheTableTheBestLinesAndWritesJsonCsvAndPng() throws IOException {
    Path data = latentClassData();
    Path json = dir.resolve("s.json");
    Path csv = dir.resolve("s.csv");
    Path png = dir.resolve("s.png");
    var r = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "1..5", "--methods",
        "vb,bic,cs", "--restarts", "2", "--threads", "2", "--json", json.toString(), "--csv", csv.toString(),
        "--png", png.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("n = 400", "1 hidden variable h, the parent of every observed variable",
        "states in 1..5", "states   d", "best by vb: ", "best by bic: ", "best by cs: ", "wrote " + png);
    // d = (s − 1) + 4·s·2: 8, 17, 26, 35, 44
    assertThat(r.out()).containsPattern("(?m)^1 +8 ").containsPattern("(?m)^5 +44 ");
    assertThat(Files.size(png)).isGreaterThan(1000);
    assertThat(Files.readAllBytes(png)).startsWith(0x89, 'P', 'N', 'G');
    assertThat(Files.readAllLines(csv)).hasSize(1 + 5 * 3).first().isEqualTo("hiddenVariables,states,d,method,score");

    JsonNode root = JSON.readTree(json.toFile());
    assertThat(root.get("command").asText()).isEqualTo("dag select");
    assertThat(root.get("models")).hasSize(5);
    List<String> methods = List.of("vb", "bic", "cs");
    for (int m = 0; m < 3; m++) {
      int best = -1;
      double bestValue = Double.NEGATIVE_INFINITY;
      for (JsonNode model : root.get("models")) {
        JsonNode e = model.get("results").get(m);
        assertThat(e.get("method").asText()).isEqualTo(methods.get(m));
        if (e.get("logEvidence").asDouble() > bestValue) {
          bestValue = e.get("logEvidence").asDouble();
          best = model.get("states").asInt();
        }
      }
      assertThat(root.at("/best/" + methods.get(m) + "/states").asInt()).isEqualTo(best);
      assertThat(root.at("/best/" + methods.get(m) + "/hiddenVariables").asInt()).isEqualTo(1);
      assertThat(r.out()).contains("best by " + methods.get(m) + ": " + best);
    }
    // three well-separated classes on 400 rows: VB finds them, inside the range
    assertThat(root.at("/best/vb/states").asInt()).isEqualTo(3);
    assertThat(root.at("/bestStatesAtEdgeByHiddenVariables/1/vb").isNull()).isTrue();
    // the alias correction ln s! is in every corrected score
    JsonNode three = root.get("models").get(2).get("results").get(0);
    assertThat(three.get("logEvidence").asDouble() - three.at("/diagnostics/uncorrectedLogEvidence").asDouble())
        .isCloseTo(Math.log(6), org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void warnsWhenTheBestIsAtAnEdgeOfTheRange() throws IOException {
    Path data = latentClassData();
    // three true states: 1..2 leaves VB rising at the top
    var top = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "1..2", "--methods", "vb",
        "--restarts", "2");
    assertThat(top.exitCode()).as(top.err()).isZero();
    assertThat(top.out()).contains("best by vb: 2", "warning: vb: the best number of states is 2, the largest tried:"
        + " the score is still rising at the largest order tried; try --extend with a larger range");
    // a range of two orders above 1 has every best at one edge or the other; above the truth, at the lower one
    Path json = dir.resolve("edge.json");
    var both = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "4,5", "--methods",
        "vb,bic", "--restarts", "2", "--json", json.toString());
    assertThat(both.exitCode()).as(both.err()).isZero();
    assertThat(both.out()).contains("warning: vb, bic: the best number of states is 4, the smallest tried: the score"
        + " is still rising towards smaller orders; try a range that starts lower");
    JsonNode root = JSON.readTree(json.toFile());
    assertThat(root.at("/bestStatesAtEdgeByHiddenVariables/1/vb").asText()).isEqualTo("lower");
    assertThat(root.at("/bestStatesAtEdgeByHiddenVariables/1/bic").asText()).isEqualTo("lower");
    assertThat(root.get("warnings")).hasSize(1);
    // and inside the range, no warning
    var inside = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "2..4", "--methods",
        "vb", "--restarts", "2");
    assertThat(inside.out()).contains("best by vb: 3").doesNotContain("warning");
  }

  @Test
  void extendScoresOnlyTheNewOrdersAndGivesTheFullRunsJson() throws IOException {
    Path data = latentClassData();
    Path first = dir.resolve("first.json");
    Path extended = dir.resolve("extended.json");
    Path full = dir.resolve("full.json");
    String[] common = {"--data", data.toString(), "--restarts", "2", "--methods", "vb,bicp", "--seed", "7"};
    var a = CliRunner.run(concat(new String[] {"dag", "select", "--hidden-states", "1..2", "--threads", "1",
        "--json", first.toString()}, common));
    assertThat(a.exitCode()).as(a.err()).isZero();
    assertThat(a.out()).contains("warning: vb");
    // --methods is taken from the previous run when not given
    var b = CliRunner.run("dag", "select", "--data", data.toString(), "--restarts", "2", "--seed", "7",
        "--hidden-states", "1..5", "--extend", first.toString(), "--threads", "2", "--json", extended.toString());
    assertThat(b.exitCode()).as(b.err()).isZero();
    assertThat(b.out()).contains("extending " + first + ": states 1..2 scored before, scoring 3..5").doesNotContain("warning");
    var c = CliRunner.run(concat(new String[] {"dag", "select", "--hidden-states", "1..5", "--json",
        full.toString()}, common));
    assertThat(c.exitCode()).as(c.err()).isZero();
    JsonNode e = JSON.readTree(extended.toFile());
    assertThat(e.at("/run/scoredStatesByHiddenVariables/1").toString()).isEqualTo("[3,4,5]");
    assertThat(withoutTimes(e)).isEqualTo(withoutTimes(JSON.readTree(full.toFile())));
    assertThat(b.out().substring(b.out().indexOf("states   d"), b.out().indexOf("\nscored ")))
        .isEqualTo(c.out().substring(c.out().indexOf("states   d"), c.out().indexOf("\nscored ")));
  }

  @Test
  void aMismatchedPreviousRunIsRefusedInOneLine() throws IOException {
    Path data = latentClassData();
    Path first = dir.resolve("first.json");
    var a = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "1..2", "--methods", "bic",
        "--restarts", "1", "--json", first.toString());
    assertThat(a.exitCode()).as(a.err()).isZero();
    Path other = dir.resolve("other.csv");
    List<String> lines = new ArrayList<>(Files.readAllLines(data));
    lines.remove(1);
    Files.write(other, lines);
    Path notSelect = dir.resolve("score.json");
    Files.writeString(notSelect, "{\"model\": \"m.json\", \"results\": []}");
    Path broken = dir.resolve("broken.json");
    Files.writeString(broken, "{\"command\": ");
    String[][] cases = {
        {"--data", data.toString(), "--seed", "2", "the settings differ", "seed: 1 vs 2"},
        {"--data", data.toString(), "--restarts", "3", "the settings differ", "restarts: 1 vs 3"},
        {"--data", data.toString(), "--methods", "vb", "the methods differ"},
        {"--data", data.toString(), "--prior", "2", "the settings differ", "prior: \"dirichlet(1.0)\" vs \"dirichlet(2.0)\""},
        {"--data", other.toString(), "the data differ", "rows: 400 vs 399"},
    };
    for (String[] c : cases) {
      List<String> args = new ArrayList<>(List.of("dag", "select", "--hidden-states", "1..3", "--extend",
          first.toString()));
      int expected = c[c.length - 1].contains(":") ? 2 : 1;
      args.addAll(List.of(c).subList(0, c.length - expected));
      if (!args.contains("--restarts")) {
        args.addAll(List.of("--restarts", "1"));
      }
      var r = CliRunner.run(args.toArray(new String[0]));
      assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(2);
      for (String want : List.of(c).subList(c.length - expected, c.length)) {
        assertThat(r.err()).as(String.join(" ", args)).contains(want);
      }
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
    }
    for (Path bad : List.of(notSelect, broken, dir.resolve("missing.json"))) {
      var r = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "1..3", "--extend",
          bad.toString());
      assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
      assertThat(r.err()).contains(bad.toString());
    }
    // and the saved run is never overwritten without --force
    var bad = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "1..3", "--json",
        first.toString());
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("exists");
  }

  @Test
  void severalHiddenVariablesAreScoredPerNumberAndExtendedAcrossThem() throws IOException {
    Path data = latentClassData();
    Path first = dir.resolve("k1.json");
    Path extended = dir.resolve("k12.json");
    Path full = dir.resolve("k12-full.json");
    var a = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "1..3", "--methods",
        "vb,bic", "--restarts", "2", "--json", first.toString());
    assertThat(a.exitCode()).as(a.err()).isZero();
    var b = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "1..3",
        "--hidden-variables", "2", "--restarts", "2", "--extend", first.toString(), "--json", extended.toString());
    assertThat(b.exitCode()).as(b.err()).isZero();
    assertThat(b.out()).contains("1..2 hidden variables, the parents of every observed variable", "k  states   d",
        "best by vb: 1 hidden variable with 3 states", "best by bic: 1 hidden variable with 3 states");
    // two 2-state variables: 1 + 1 + 4·4·2 = 34 parameters
    assertThat(b.out()).containsPattern("(?m)^2       2  34 ");
    var c = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", "1..3",
        "--hidden-variables", "1..2", "--methods", "vb,bic", "--restarts", "2", "--json", full.toString());
    assertThat(c.exitCode()).as(c.err()).isZero();
    JsonNode root = JSON.readTree(full.toFile());
    assertThat(root.get("models")).hasSize(6);
    assertThat(root.at("/best/vb/hiddenVariables").asInt()).isEqualTo(1);
    assertThat(root.at("/bestStatesByHiddenVariables/2/vb").asInt()).isBetween(2, 3);
    // one state is the independence model for any number of hidden variables
    assertThat(root.at("/models/3/results/0/logEvidence").asDouble())
        .isEqualTo(root.at("/models/0/results/0/logEvidence").asDouble());
    assertThat(withoutTimes(JSON.readTree(extended.toFile()))).isEqualTo(withoutTimes(root));
  }

  @Test
  void badRangesAreOneLine() throws IOException {
    Path data = latentClassData();
    String[][] cases = {{"0..3", "--hidden-states needs orders >= 1"}, {"4..2", "is empty"}, {"two", "cannot read"}};
    for (String[] c : cases) {
      var r = CliRunner.run("dag", "select", "--data", data.toString(), "--hidden-states", c[0]);
      assertThat(r.exitCode()).isEqualTo(2);
      assertThat(r.err()).contains(c[1]);
      assertThat(r.err().strip().lines().count()).isEqualTo(1);
    }
  }

  /** Cheap RBM settings: the numbers are checked for consistency, not accuracy. */
  private static final String[] CHEAP_RBM = {"--data", SOTU.toString(), "--most-frequent", "4", "--rows", "150",
      "--pcd-iterations", "500", "--pcd-chains", "10", "--gibbs-chains", "10", "--samples-per-chain", "20",
      "--burn-in", "50", "--thinning", "2", "--threads", "2", "--folds", "2"};

  @Test
  void rbmSelectWarnsAtTheEdgeAndExtendsASavedRun() throws IOException {
    Path first = dir.resolve("rbm-first.json");
    // a range 2..3 has every best at one edge or the other
    var a = CliRunner.run(concat(new String[] {"rbm", "select", "--hidden", "2..3", "--methods", "map,ml-bic,cv",
        "--json", first.toString()}, CHEAP_RBM));
    assertThat(a.exitCode()).as(a.err()).isZero();
    assertThat(a.out()).contains("best K by map: ", "best K by cv: ", "within one standard error");
    // every method is named in one warning line or the other
    List<String> warned = a.out().lines().filter(l -> l.startsWith("warning: "))
        .flatMap(l -> java.util.Arrays.stream(l.substring(9, l.indexOf(": the best K is")).split(", "))).toList();
    assertThat(warned).containsExactlyInAnyOrder("map", "ml-bic", "cv");
    assertThat(a.out()).containsPattern("warning: [a-z, -]*map[a-z, -]*: the best K is (2, the smallest|3, the largest)"
        + " tried");
    JsonNode root = JSON.readTree(first.toFile());
    assertThat(root.get("warnings").size()).isBetween(1, 2);
    assertThat(root.at("/bestAtEdge/ml-bic").asText()).isIn("lower", "upper");

    Path extended = dir.resolve("rbm-extended.json");
    Path full = dir.resolve("rbm-full.json");
    var b = CliRunner.run(concat(new String[] {"rbm", "select", "--hidden", "1..3", "--extend", first.toString(),
        "--json", extended.toString()}, CHEAP_RBM));
    assertThat(b.exitCode()).as(b.err()).isZero();
    assertThat(b.out()).contains("scoring [1]");
    var c = CliRunner.run(concat(new String[] {"rbm", "select", "--hidden", "1..3", "--methods", "map,ml-bic,cv",
        "--json", full.toString()}, CHEAP_RBM));
    assertThat(c.exitCode()).as(c.err()).isZero();
    assertThat(withoutTimes(JSON.readTree(extended.toFile()))).isEqualTo(withoutTimes(JSON.readTree(full.toFile())));

    // other settings are refused
    var d = CliRunner.run(concat(concat(new String[] {"rbm", "select", "--hidden", "1..3", "--extend",
        first.toString()}, CHEAP_RBM), new String[] {"--prior-sigma", "2"}));
    assertThat(d.exitCode()).isEqualTo(2);
    assertThat(d.err()).contains("the settings differ", "priorSigma: 1.0 vs 2.0");
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
