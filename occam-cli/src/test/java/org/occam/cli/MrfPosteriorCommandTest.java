package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MrfPosteriorCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> METHODS = List.of("bl-mp", "bl-bp", "lv-cd", "mc-bp", "hmc");

  /** A 3-variable chain a-b-c (5 parameters). */
  private static final String CHAIN = """
      {"type": "boltzmann",
       "variables": [{"name": "a"}, {"name": "b"}, {"name": "c"}],
       "edges": [["a", "b"], ["b", "c"]],
       "prior": {"gaussian": {"sigma": 1.0}},
       "parameters": {"bias": {"a": -0.3, "b": 0.2, "c": -0.1},
                      "weight": [["a", "b", 0.8], ["b", "c", -0.6]]}}
      """;

  @TempDir
  Path dir;
  Path model;
  Path data;

  @BeforeEach
  void sampleData() throws IOException {
    model = CliRunner.write(dir, "chain.json", CHAIN);
    data = dir.resolve("d.csv");
    var s = CliRunner.run("mrf", "sample", "--model", model.toString(), "--rows", "200", "--seed", "1", "--out",
        data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
  }

  @Test
  void everyMethodAgainstHmcWritesTheFilesAndTheTable() throws IOException {
    Path out = dir.resolve("post");
    var r = CliRunner.run("mrf", "posterior", "--model", model.toString(), "--data", data.toString(), "--samples",
        "400", "--chains", "4", "--warmup", "300", "--seed", "1", "--threads", "2", "--out", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0)).startsWith("model " + model + ": 3 binary variables, 2 edges, 5 parameters");
    assertThat(lines).anyMatch(l -> l.startsWith("method") && l.contains("converged") && l.contains("MPSRF")
        && l.contains("min ESS") && l.contains("CVM vs hmc") && l.contains("null 99%"));
    for (String m : METHODS) {
      // every method has its line, converged or not (then NO and a line saying so)
      String line = lines.stream().filter(l -> l.startsWith(m + " ")).findFirst().orElseThrow();
      String[] cells = line.trim().split("\\s+");
      assertThat(cells).hasSize(7);
      assertThat(cells[2]).isIn("yes", "NO");
      if (cells[2].equals("NO")) {
        assertThat(lines).anyMatch(l -> l.startsWith(m + " did not converge"));
      }
      assertThat(cells[5]).isEqualTo(m.equals("hmc") ? "-" : cells[5]);
      if (!m.equals("hmc")) {
        assertThat(Double.parseDouble(cells[5])).isGreaterThanOrEqualTo(0);
        assertThat(Double.parseDouble(cells[6])).isGreaterThan(0);
      }
      List<String> csv = Files.readAllLines(out.resolve("samples-" + m + ".csv"));
      assertThat(csv.get(0)).isEqualTo("chain,draw,b:a,b:b,b:c,w:a-b,w:b-c");
      assertThat(csv.size() - 1).isGreaterThanOrEqualTo(400);
      assertThat(lines).contains("wrote " + out.resolve("samples-" + m + ".csv"));
    }
    for (String f : List.of("summary.csv", "cvm.csv", "posterior.json", "histograms.png")) {
      assertThat(out.resolve(f)).exists();
      assertThat(lines).contains("wrote " + out.resolve(f));
    }
    assertThat(Files.readAllLines(out.resolve("summary.csv"))).hasSize(1 + 5 * METHODS.size());
    assertThat(Files.readAllLines(out.resolve("cvm.csv"))).hasSize(1 + 4);
    BufferedImage png = ImageIO.read(out.resolve("histograms.png").toFile());
    assertThat(png.getHeight()).isGreaterThan(png.getWidth());
    JsonNode json = JSON.readTree(out.resolve("posterior.json").toFile());
    assertThat(json.get("seed").asLong()).isEqualTo(1);
    assertThat(json.get("settings").get("samples").asInt()).isEqualTo(400);
    assertThat(json.get("settings").get("chains").asInt()).isEqualTo(4);
    assertThat(json.get("settings").get("priorSigma").asDouble()).isEqualTo(1.0);
    assertThat(json.get("methods")).hasSize(5);
    for (JsonNode m : json.get("methods")) {
      assertThat(m.get("diagnostics").has("converged")).as(m.get("method").asText()).isTrue();
      assertThat(m.get("seconds").asDouble()).isGreaterThanOrEqualTo(0);
    }
  }

  @Test
  void withoutHmcItSaysThereIsNoCvm() {
    Path out = dir.resolve("post");
    var r = CliRunner.run("mrf", "posterior", "--edges", "a-b,b-c", "--data", data.toString(), "--methods",
        "bl-mp,bl-bp", "--samples", "200", "--chains", "2", "--out", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("no hmc among the methods");
    assertThat(out.resolve("cvm.csv")).doesNotExist();
    assertThat(out.resolve("samples-bl-bp.csv")).exists();
  }

  @Test
  void sameDrawsWithAnyThreadCountAndAMethodsDrawsDoNotDependOnTheOthers() throws IOException {
    Path one = dir.resolve("one");
    Path two = dir.resolve("two");
    Path alone = dir.resolve("alone");
    String[] common = {"mrf", "posterior", "--model", model.toString(), "--data", data.toString(), "--samples", "200",
        "--chains", "2", "--warmup", "200", "--seed", "5"};
    var a = CliRunner.run(concat(common, new String[] {"--methods", "bl-mp,mc-bp,hmc", "--threads", "1", "--out",
        one.toString()}));
    var b = CliRunner.run(concat(common, new String[] {"--methods", "bl-mp,mc-bp,hmc", "--threads", "2", "--out",
        two.toString()}));
    var c = CliRunner.run(concat(common, new String[] {"--methods", "mc-bp", "--threads", "2", "--out",
        alone.toString()}));
    assertThat(List.of(a.exitCode(), b.exitCode(), c.exitCode())).as(a.err() + b.err() + c.err()).containsOnly(0);
    for (String f : List.of("samples-bl-mp.csv", "samples-mc-bp.csv", "samples-hmc.csv", "summary.csv", "cvm.csv")) {
      assertThat(Files.readString(two.resolve(f))).as(f).isEqualTo(Files.readString(one.resolve(f)));
    }
    assertThat(Files.readString(alone.resolve("samples-mc-bp.csv")))
        .isEqualTo(Files.readString(one.resolve("samples-mc-bp.csv")));
  }

  @Test
  void badOptionsEndWithOneLineAndExitTwo() throws IOException {
    Path out = dir.resolve("post");
    String[][] bad = {
        {"--methods", "bl-mp,nuts"},
        {"--methods", "hmc,bl-mp,hmc"},
        {"--samples", "0"},
        {"--chains", "0"},
        {"--threads", "0"},
        {"--prior-sigma", "-1"},
    };
    for (String[] extra : bad) {
      String[] args = concat(new String[] {"mrf", "posterior", "--model", model.toString(), "--data",
          data.toString(), "--out", out.toString()}, extra);
      var r = CliRunner.run(args);
      assertThat(r.exitCode()).as(String.join(" ", extra) + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
      assertThat(out).as("nothing written before the options are checked").doesNotExist();
    }
    var unknown = CliRunner.run("mrf", "posterior", "--model", model.toString(), "--data", data.toString(),
        "--methods", "nuts", "--out", out.toString());
    assertThat(unknown.err()).contains("nuts").contains("bl-mp, bl-bp, lv-cd, mc-bp, hmc");
    var stdout = CliRunner.run("mrf", "posterior", "--model", model.toString(), "--data", data.toString(),
        "--methods", "bl-mp", "--out", "-");
    assertThat(stdout.exitCode()).isEqualTo(2);
    assertThat(stdout.err()).contains("folder");

    Files.createDirectories(out);
    Files.writeString(out.resolve("mine.txt"), "keep");
    var full = CliRunner.run("mrf", "posterior", "--model", model.toString(), "--data", data.toString(),
        "--methods", "bl-mp", "--out", out.toString());
    assertThat(full.exitCode()).isEqualTo(2);
    assertThat(full.err()).contains("not empty").contains("--force");
    assertThat(Files.readString(out.resolve("mine.txt"))).isEqualTo("keep");
  }

  private static String[] concat(String[] a, String[] b) {
    String[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
