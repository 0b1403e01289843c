package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.occam.crf.methods.CrfMethods;
import org.occam.crf.posterior.CrfPosteriorSamplers;
import org.occam.crf.predict.CrfPredictors;
import org.occam.io.CrfModelJson;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code occam crf} commands on a small example and on bad input. */
class CrfCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String MODEL = """
      {"type": "crf", "labels": ["q", "a"], "inputs": ["x", "y"],
       "features": ["bias", "transition", "state:x", "transition:y"],
       "prior": {"gaussian": {"sigma": 1.5}}}
      """;

  @TempDir
  Path dir;
  Path model;
  Path data;
  Path test;

  /** Six sequences of eight positions: label q mostly where x = 1, a note column that is not an input. */
  private static String sequences(int count, boolean blankLabels) {
    StringBuilder b = new StringBuilder("doc,label,x,y,note\n");
    long state = 12345;
    for (int n = 0; n < count; n++) {
      for (int i = 0; i < 8; i++) {
        state = state * 6364136223846793005L + 1442695040888963407L;
        int x = (int) ((state >>> 33) % 3 == 0 ? 1 : 0);
        int y = (int) ((state >>> 40) & 1);
        boolean flip = (state >>> 50) % 7 == 0;
        String label = (x == 1) != flip ? "q" : "a";
        b.append("d").append(n).append(',').append(blankLabels && i % 3 == 0 ? "" : label).append(',').append(x)
            .append(',').append(y).append(",line ").append(i).append('\n');
      }
    }
    return b.toString();
  }

  @BeforeEach
  void files() throws IOException {
    model = CliRunner.write(dir, "crf.json", MODEL);
    data = CliRunner.write(dir, "d.csv", sequences(6, false));
    test = CliRunner.write(dir, "t.csv", sequences(3, true));
  }

  private static String[] args(String... a) {
    List<String> all = new ArrayList<>(List.of(a));
    all.addAll(List.of("--threads", "2"));
    return all.toArray(String[]::new);
  }

  @Test
  void trainWritesTheModelWithParametersAndRefusesToOverwrite() throws IOException {
    Path out = dir.resolve("fitted.json");
    var r = CliRunner.run(args("crf", "train", "--model", model.toString(), "--data", data.toString(),
        "--sequence-column", "doc", "--out", out.toString()));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("6 sequences, 48 positions", "F = 4 parameters", "prior N(0, 1.500² I) from the"
        + " model file", "state:x", "transition:y", "converged", "wrote " + out);
    CrfModelJson.Loaded fitted = CrfModelJson.read(out);
    assertThat(fitted.priorSigma()).hasValue(1.5);
    double[] lambda = fitted.lambda(List.of("bias", "transition", "state:x", "transition:y"));
    // label q (spin -1) goes with x = 1: the state feature's weight is negative
    assertThat(lambda[2]).isNegative();
    JsonNode fit = JSON.readTree(out.toFile()).get("fit");
    assertThat(fit.get("converged").asBoolean()).isTrue();
    assertThat(fit.get("sequences").asInt()).isEqualTo(6);
    assertThat(fit.get("logPosterior").asDouble()).isCloseTo(fit.get("logLikelihood").asDouble()
        + fit.get("logPrior").asDouble(), within(1e-9));

    var again = CliRunner.run(args("crf", "train", "--model", model.toString(), "--data", data.toString(),
        "--sequence-column", "doc", "--out", out.toString()));
    assertThat(again.exitCode()).isEqualTo(2);
    assertThat(again.err().strip()).doesNotContain("\n").contains(out.toString(), "exists");
    var forced = CliRunner.run(args("crf", "train", "--model", model.toString(), "--data", data.toString(),
        "--sequence-column", "doc", "--out", out.toString(), "--force"));
    assertThat(forced.exitCode()).as(forced.err()).isZero();
  }

  @Test
  void scoreJsonHasTheDesignShape() throws IOException {
    Path out = dir.resolve("s.json");
    var r = CliRunner.run(args("crf", "score", "--model", model.toString(), "--data", data.toString(),
        "--sequence-column", "doc", "--methods", "map,bic-map,laplace-exact,ais", "--ais-steps", "200",
        "--ais-runs", "3", "--seed", "7", "--json", out.toString()));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("method", "log evidence", "laplace-exact", "ais");
    JsonNode root = JSON.readTree(out.toFile());
    assertThat(root.at("/model/type").asText()).isEqualTo("crf");
    assertThat(root.at("/model/parameters").asInt()).isEqualTo(4);
    assertThat(root.at("/model/prior/gaussian/sigma").asDouble()).isEqualTo(1.5);
    assertThat(root.at("/data/sequences").asInt()).isEqualTo(6);
    assertThat(root.at("/data/positions").asInt()).isEqualTo(48);
    JsonNode results = root.get("results");
    assertThat(results).hasSize(4);
    for (JsonNode e : results) {
      assertThat(e.has("method") && e.has("logEvidence") && e.has("stdError") && e.has("seconds")
          && e.has("settings") && e.has("diagnostics")).isTrue();
      assertThat(e.get("logEvidence").asDouble()).isNegative();
    }
    assertThat(results.get(3).get("seed").asLong()).isEqualTo(7);
    assertThat(results.get(3).get("stdError").isNumber()).isTrue();
    // BIC-MAP = L(λMP) − F/2 log N; MAP = L(λMP) + log p(λMP)
    JsonNode map = results.get(0).get("diagnostics");
    assertThat(results.get(1).get("logEvidence").asDouble()).isCloseTo(map.get("logLikelihood").asDouble()
        - 2 * Math.log(6), within(1e-9));
    assertThat(results.get(0).get("logEvidence").asDouble()).isLessThan(map.get("logLikelihood").asDouble());
  }

  /** --ais-target-se: a target the first runs meet changes nothing; one out of reach uses the budget and says so. */
  @Test
  void aisTargetIsOffUnlessGivenAndAMissedOneIsReported() throws IOException {
    String[] base = {"crf", "score", "--model", model.toString(), "--data", data.toString(), "--sequence-column",
        "doc", "--methods", "ais", "--ais-steps", "200", "--ais-runs", "8", "--seed", "7", "--json"};
    Path plainOut = dir.resolve("plain.json");
    var plain = CliRunner.run(args(concat(base, plainOut.toString())));
    assertThat(plain.exitCode()).as(plain.err()).isZero();
    JsonNode p = JSON.readTree(plainOut.toFile()).get("results").get(0);
    assertThat(p.get("diagnostics").has("stdErrorTarget")).isFalse();
    double se = p.get("stdError").asDouble();
    Path metOut = dir.resolve("met.json");
    var met = CliRunner.run(args(concat(base, metOut.toString(), "--ais-target-se", Double.toString(2 * se))));
    assertThat(met.exitCode()).as(met.err()).isZero();
    JsonNode m = JSON.readTree(metOut.toFile()).get("results").get(0);
    assertThat(m.get("logEvidence").asDouble()).isEqualTo(p.get("logEvidence").asDouble());
    assertThat(m.get("diagnostics").get("stdErrorTargetMet").asBoolean()).isTrue();
    Path missOut = dir.resolve("miss.json");
    var miss = CliRunner.run(args(concat(base, missOut.toString(), "--ais-target-se", "1e-9", "--ais-max-runs", "12")));
    assertThat(miss.exitCode()).as(miss.err()).isZero();
    JsonNode x = JSON.readTree(missOut.toFile()).get("results").get(0).get("diagnostics");
    assertThat(x.get("stdErrorTargetMet").asBoolean()).isFalse();
    assertThat(x.get("runs").asInt()).isEqualTo(12);
    var budgetAlone = CliRunner.run(args(concat(base, dir.resolve("b.json").toString(), "--ais-max-runs", "6")));
    assertThat(budgetAlone.exitCode()).isEqualTo(2);
    assertThat(budgetAlone.err().strip()).doesNotContain("\n").contains("--ais-max-runs needs --ais-target-se");
  }

  private static String[] concat(String[] a, String... b) {
    return java.util.stream.Stream.concat(java.util.Arrays.stream(a), java.util.Arrays.stream(b))
        .toArray(String[]::new);
  }

  @Test
  void scoreWithoutModelUsesFeaturesOrTheFullModel() {
    var r = CliRunner.run(args("crf", "score", "--data", data.toString(), "--sequence-column", "doc",
        "--ignore-columns", "note", "--features", "bias,state:x", "--methods", "map"));
    assertThat(r.exitCode()).as(r.err()).isZero();
    // without a model or --keep-labels, the labels are in order of appearance (the first row's is a)
    assertThat(r.out()).contains("model (--features)", "labels a (spin -1) / q (spin +1)", "F = 2 parameters");
    var full = CliRunner.run(args("crf", "score", "--data", data.toString(), "--sequence-column", "doc",
        "--inputs", "y,x", "--keep-labels", "a,q", "--methods", "map"));
    assertThat(full.exitCode()).as(full.err()).isZero();
    assertThat(full.out()).contains("model (full model)", "labels a (spin -1) / q (spin +1)", "2 inputs",
        "F = 6 parameters");
    var chunks = CliRunner.run(args("crf", "score", "--data", data.toString(), "--ignore-columns", "note,doc",
        "--chunk", "20", "--methods", "map"));
    assertThat(chunks.exitCode()).as(chunks.err()).isZero();
    assertThat(chunks.out()).contains("3 sequences, 48 positions (longest 20)");
  }

  @Test
  void rankScoresTheNestedModelsWithCsvAndJson() throws IOException {
    Path csv = dir.resolve("rank.csv");
    Path json = dir.resolve("rank.json");
    var r = CliRunner.run(args("crf", "rank", "--data", data.toString(), "--sequence-column", "doc",
        "--ignore-columns", "note", "--features", "bias,state:x,transition,transition:y",
        "--methods", "map,laplace-exact", "--csv", csv.toString(), "--json", json.toString()));
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines).anyMatch(l -> l.startsWith("k") && l.contains("added") && l.contains("laplace-exact/seq"));
    assertThat(lines).anyMatch(l -> l.matches("4\\s+transition:y\\s+4\\s.*"));
    List<String> rows = Files.readAllLines(csv);
    assertThat(rows).hasSize(1 + 4 * 2);
    assertThat(rows.get(0)).startsWith("k,added,F,method,logEvidence");
    JsonNode models = JSON.readTree(json.toFile()).get("models");
    assertThat(models).hasSize(4);
    assertThat(models.get(1).get("features").toString()).isEqualTo("[\"bias\",\"state:x\"]");
    // the state feature explains the labels: model 2 beats model 1 by laplace-exact
    assertThat(models.get(1).at("/results/1/logEvidence").asDouble())
        .isGreaterThan(models.get(0).at("/results/1/logEvidence").asDouble());
  }

  @Test
  void helpListsTheRegistryMethods() {
    var r = CliRunner.run("crf", "score", "--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("CRF methods:");
    // picocli wraps the list after a comma
    assertThat(r.out().replaceAll(",\\s+", ",")).contains(CrfMethods.REGISTRY.names());
    var predict = CliRunner.run("crf", "predict", "--help");
    assertThat(predict.out()).contains("CRF prediction methods:");
    CrfPredictors.all().forEach(p -> assertThat(predict.out()).contains("  " + p.name() + " "));
    var posterior = CliRunner.run("crf", "posterior", "--help");
    assertThat(posterior.out()).contains("CRF posterior samplers:");
    CrfPosteriorSamplers.all().forEach(p -> assertThat(posterior.out()).contains("  " + p.name() + " "));
    var top = CliRunner.run("crf", "--help");
    assertThat(top.out()).contains("train", "score", "rank", "predict", "posterior");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "score --methods map,bogus | unknown CRF method 'bogus'",
      "score --model - --features bias,state:nope | not both",
      "rank --features bias,state:nope | state:nope",
      "rank --features bias,colour | unknown CRF feature 'colour'",
      "score --keep-labels a,q | differs from the model's labels",
      "score --sequence-column chapter | no sequence column 'chapter'",
      "score --label-column tag | no label column 'tag'",
      "score --chunk 0 | --chunk must be >= 1",
      "score --chunk 4 | not both",
      "score --prior-sigma -1 | --prior-sigma",
      "predict --test - --methods nothing | unknown CRF prediction method 'nothing'",
      "posterior --out - --methods nothing | nothing",
  })
  void badInputIsExitTwoWithOneLine(String command, String words) {
    List<String> a = new ArrayList<>(List.of("crf"));
    for (String w : command.split(" ")) {
      a.add(w.equals("-") ? (a.get(a.size() - 1).equals("--model") ? model.toString() : dir.resolve("x").toString())
          : w);
    }
    a.addAll(List.of("--data", data.toString(), "--sequence-column", "doc", "--ignore-columns", "note"));
    if (!command.contains("--model") && !command.contains("--features")) {
      a.addAll(List.of("--model", model.toString()));
    }
    if (command.contains("--sequence-column") || command.contains("--chunk")) {
      int at = a.lastIndexOf("--sequence-column");
      if (command.contains("--sequence-column")) {
        a.remove(at);
        a.remove(at);
      } else if (command.contains("--chunk 0")) {
        a.remove(at);
        a.remove(at);
      }
    }
    var r = CliRunner.run(a.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains(words);
  }

  @Test
  void badDataNamesFileLineAndColumn() throws IOException {
    Path bad = CliRunner.write(dir, "bad.csv", "doc,label,x,y\nd1,q,1,0\nd1,a,yes,0\n");
    var r = CliRunner.run(args("crf", "score", "--model", model.toString(), "--data", bad.toString(),
        "--sequence-column", "doc"));
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains(bad + ":3:3:", "'yes'");
    Path three = CliRunner.write(dir, "three.csv", "label,x\nq,1\na,0\nh,1\n");
    var s = CliRunner.run(args("crf", "score", "--data", three.toString(), "--methods", "map"));
    assertThat(s.exitCode()).isEqualTo(2);
    assertThat(s.err()).contains("3: q,a,h");
  }

  @Test
  void predictWritesLabelsPerMethod() throws IOException {
    assumeTrue(CrfPredictors.names().contains("map"), "no predictors registered on this branch");
    Path out = dir.resolve("labels.csv");
    var r = CliRunner.run(args("crf", "predict", "--model", model.toString(), "--data", data.toString(),
        "--test", test.toString(), "--sequence-column", "doc", "--methods", "map", "--samples", "5",
        "--out", out.toString()));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("test " + test + ": 3 sequences, 24 positions", "label error");
    List<String> rows = Files.readAllLines(out);
    assertThat(rows).hasSize(1 + 24);
    assertThat(rows.get(0)).isEqualTo("sequence,position,label,map");
    assertThat(rows.get(1)).matches("d0,1,,[qa]");
  }

  @Test
  void posteriorWritesTheReport() throws IOException {
    assumeTrue(CrfPosteriorSamplers.names().contains("bl-mp"), "no posterior samplers registered on this branch");
    Path out = dir.resolve("post");
    var r = CliRunner.run(args("crf", "posterior", "--model", model.toString(), "--data", data.toString(),
        "--sequence-column", "doc", "--methods", "bl-mp", "--samples", "200", "--chains", "2", "--warmup", "50",
        "--out", out.toString()));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(out.resolve("samples-bl-mp.csv")).exists();
    assertThat(out.resolve("posterior.json")).exists();
    assertThat(Files.readAllLines(out.resolve("samples-bl-mp.csv")).get(0)).contains("state:x");
  }

  @Test
  void theFaqExampleScoresOnTheRealData() {
    var r = CliRunner.run(args("crf", "score", "--model", Path.of("..", "examples", "crf-faq.json").toString(),
        "--data", Path.of("..", "data", "faq_sed_lines.tsv").toString(), "--chunk", "100", "--methods",
        "map,laplace-exact"));
    assertThat(r.exitCode()).as(r.err()).isZero();
    // the model's labels keep question and answer lines only; the text column is not among its inputs
    assertThat(r.out()).contains("24 inputs, 50 feature templates (tied), F = 50 parameters",
        "38 sequences, 3792 positions (longest 100), 126 question, 3666 answer");
  }

  @Test
  void scoresDoNotDependOnTheThreadCount() throws IOException {
    List<JsonNode> runs = new ArrayList<>();
    for (String threads : List.of("1", "2")) {
      Path out = dir.resolve("t" + threads + ".json");
      var r = CliRunner.run("crf", "score", "--model", model.toString(), "--data", data.toString(),
          "--sequence-column", "doc", "--methods", "map,laplace-exact,ais", "--ais-steps", "100", "--ais-runs", "2",
          "--threads", threads, "--json", out.toString());
      assertThat(r.exitCode()).as(r.err()).isZero();
      runs.add(CliRunner.withoutFields(JSON.readTree(out.toFile()), f -> f.toLowerCase().contains("seconds")
          || f.equals("threads")));
    }
    assertThat(runs.get(1)).isEqualTo(runs.get(0));
  }
}
