package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code occam convert} and the DAG commands reading BIF, XMLBIF and UAI models. */
class ConvertCommandTest {
  private static final Path ASIA = Path.of("..", "examples", "asia.bif");
  private static final Path SPRINKLER = Path.of("..", "examples", "sprinkler.xml");

  @TempDir
  Path dir;

  @Test
  void convertSaysWhatItWroteAndWhatUaiLoses() throws IOException {
    Path uai = dir.resolve("asia.uai");
    var r = CliRunner.run("convert", ASIA.toString(), uai.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out().lines()).containsExactly("wrote " + uai + " (UAI BAYES): 8 variables, 8 CPTs",
        "note: UAI keeps no names or state labels: the variables read back as x0..x7 with states 0..k-1");
    assertThat(Files.readAllLines(uai).subList(0, 3)).containsExactly("BAYES", "8", "2 2 2 2 2 2 2 2");

    Path json = dir.resolve("sprinkler.json");
    var j = CliRunner.run("convert", SPRINKLER.toString(), json.toString());
    assertThat(j.exitCode()).as(j.err()).isZero();
    assertThat(j.out().lines()).containsExactly("wrote " + json + " (Occam JSON, type \"dag\"): 4 variables, 4 CPTs");
    Path bif = dir.resolve("sprinkler.bif");
    assertThat(CliRunner.run("convert", json.toString(), bif.toString()).exitCode()).isZero();
    assertThat(Files.readString(bif)).contains("probability ( WetGrass | Sprinkler, Rain ) {\n  (F, F) 1, 0;\n");
  }

  @Test
  void convertNeverOverwritesWithoutForce() throws IOException {
    Path out = Files.writeString(dir.resolve("asia.xml"), "mine");
    var r = CliRunner.run("convert", ASIA.toString(), out.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("occam: " + out + ": exists; pass --force");
    assertThat(Files.readString(out)).isEqualTo("mine");
    var forced = CliRunner.run("convert", ASIA.toString(), out.toString(), "--force");
    assertThat(forced.exitCode()).as(forced.err()).isZero();
    assertThat(Files.readString(out)).startsWith("<?xml").contains("<FOR>dysp</FOR>");
  }

  @Test
  void aMarkovNetworkConvertsToUaiButNotToBif() throws IOException {
    Path json = CliRunner.write(dir, "mk.json", "{\"type\": \"markov\", \"variables\": [{\"name\": \"A\", \"states\": 2},"
        + " {\"name\": \"B\", \"states\": 2}], \"factors\": [{\"scope\": [\"A\", \"B\"], \"logPotentials\": [0, 0, 0, 1.5]}]}");
    Path uai = dir.resolve("mk.uai");
    var r = CliRunner.run("convert", json.toString(), uai.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("wrote " + uai + " (UAI MARKOV): 2 variables, 1 factor\n");
    var bif = CliRunner.run("convert", uai.toString(), dir.resolve("mk.bif").toString());
    assertThat(bif.exitCode()).isEqualTo(2);
    assertThat(bif.err().lines()).containsExactly("occam: " + dir.resolve("mk.bif") + ": cannot write " + uai
        + ": a Markov network is not a DAG: BIF holds DAGs only; write it as .uai (UAI MARKOV) or .json (type \"markov\")");
    assertThat(dir.resolve("mk.bif")).doesNotExist();
    var score = CliRunner.run("dag", "score", "--model", uai.toString(), "--data", dir.resolve("d.csv").toString());
    assertThat(score.exitCode()).isEqualTo(2);
    assertThat(score.err()).contains(uai + ":1:1: is a Markov network");
  }

  @Test
  void dagCommandsReadBifXmlbifAndUaiModels() throws IOException {
    Path data = dir.resolve("asia.csv");
    var s = CliRunner.run("dag", "sample", "--model", ASIA.toString(), "--rows", "300", "--seed", "4", "--out",
        data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    assertThat(Files.readAllLines(data).get(0)).isEqualTo("asia,tub,smoke,lung,bronc,either,xray,dysp");

    var bif = CliRunner.run("dag", "score", "--model", ASIA.toString(), "--data", data.toString(), "--methods", "bic,vb");
    assertThat(bif.exitCode()).as(bif.err()).isZero();
    assertThat(bif.out()).contains("model " + ASIA + ": 8 variables (0 hidden), 18 free parameters, prior dirichlet(1.0)");
    Path xml = dir.resolve("asia.xml");
    Path json = dir.resolve("asia.json");
    assertThat(CliRunner.run("convert", ASIA.toString(), xml.toString()).exitCode()).isZero();
    assertThat(CliRunner.run("convert", xml.toString(), json.toString()).exitCode()).isZero();
    var fromXml = CliRunner.run("dag", "score", "--model", xml.toString(), "--data", data.toString(), "--methods", "bic,vb");
    var fromJson = CliRunner.run("dag", "score", "--model", json.toString(), "--data", data.toString(), "--methods",
        "bic,vb");
    assertThat(scores(fromXml.out())).isEqualTo(scores(bif.out())).isEqualTo(scores(fromJson.out()));

    // a UAI model names its variables x0, x1, …: data sampled from it has those columns
    Path uai = dir.resolve("asia.uai");
    assertThat(CliRunner.run("convert", ASIA.toString(), uai.toString()).exitCode()).isZero();
    Path uaiData = dir.resolve("x.csv");
    assertThat(CliRunner.run("dag", "sample", "--model", uai.toString(), "--rows", "300", "--seed", "4", "--out",
        uaiData.toString()).exitCode()).isZero();
    assertThat(Files.readAllLines(uaiData).get(0)).isEqualTo("x0,x1,x2,x3,x4,x5,x6,x7");
    var fromUai = CliRunner.run("dag", "score", "--model", uai.toString(), "--data", uaiData.toString(), "--methods",
        "bic,vb");
    assertThat(fromUai.exitCode()).as(fromUai.err()).isZero();
    // the same seed draws the same rows, so the same scores
    assertThat(scores(fromUai.out())).isEqualTo(scores(bif.out()));
  }

  /** The score table's rows (method and numbers), without the timing column. */
  private static java.util.List<String> scores(String out) {
    return out.lines().filter(l -> l.startsWith("bic ") || l.startsWith("vb "))
        .map(l -> l.substring(0, l.lastIndexOf(' ')).strip()).toList();
  }

  @Test
  void aMalformedModelIsOneLocatedLine() throws IOException {
    Path bad = CliRunner.write(dir, "bad.bif", "variable a {\n  type discrete [ 2 ] { no, yes };\n}\n"
        + "probability ( a | ghost ) {\n  table 0.5, 0.5;\n}\n");
    var r = CliRunner.run("convert", bad.toString(), dir.resolve("out.json").toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().lines()).containsExactly("occam: " + bad + ":4:19: unknown parent 'ghost' of a (variables: a)");
    assertThat(dir.resolve("out.json")).doesNotExist();
  }
}
