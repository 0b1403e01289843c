package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mrf score} with the sample-based estimators and the options of their posterior draws. */
class MrfScoreSampledEstimatorsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One edge a-b (3 parameters). */
  private static final String EDGE = """
      {"type": "boltzmann",
       "variables": [{"name": "a"}, {"name": "b"}],
       "edges": [["a", "b"]],
       "prior": {"gaussian": {"sigma": 1.0}},
       "parameters": {"bias": {"a": -0.4, "b": 0.3}, "weight": [["a", "b", 0.9]]}}
      """;

  @TempDir
  Path dir;
  Path model;
  Path data;

  @BeforeEach
  void sampleData() throws IOException {
    model = CliRunner.write(dir, "edge.json", EDGE);
    data = dir.resolve("d.csv");
    var s = CliRunner.run("mrf", "sample", "--model", model.toString(), "--rows", "100", "--seed", "3", "--out",
        data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
  }

  /** Without --sampler (auto) and with the exact likelihood, the draws are HMC's. */
  @Test
  void hmcDrawsFeedTheEstimatorsAndTheJsonSaysHow() throws IOException {
    Path json = dir.resolve("s.json");
    var r = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        "laplace-exact,harmonic1,bridge-opt,dic", "--samples", "500", "--prior-draws", "2000",
        "--threads", "2", "--json", json.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> methods = List.of("laplace-exact", "harmonic1", "bridge-opt", "dic");
    for (String m : methods) {
      assertThat(r.out().lines()).as(m).anyMatch(l -> l.startsWith(m + " "));
    }
    JsonNode results = JSON.readTree(json.toFile()).get("results");
    assertThat(results).hasSize(4);
    for (int i = 1; i < 4; i++) {
      JsonNode e = results.get(i);
      assertThat(e.get("method").asText()).isEqualTo(methods.get(i));
      assertThat(Double.isFinite(e.get("logEvidence").asDouble())).isTrue();
      JsonNode s = e.get("settings");
      assertThat(s.get("sampler").asText()).isEqualTo("hmc");
      assertThat(s.get("samples").asInt()).isEqualTo(500);
      assertThat(s.get("chains").asInt()).isEqualTo(10);
      assertThat(s.get("likelihood").asText()).isEqualTo("exact");
      assertThat(s.get("priorDraws").asInt()).isEqualTo(2000);
    }
    // the laplace score is untouched by the options
    assertThat(results.get(0).get("settings").has("sampler")).isFalse();
  }

  @Test
  void theOptionsAreReadOnlyWhenAnEstimatorIsAskedFor() {
    var ignored = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        "laplace-exact", "--sampler", "nuts", "--likelihood", "whatever", "--samples", "0");
    assertThat(ignored.exitCode()).as(ignored.err()).isZero();
    String[][] bad = {{"--sampler", "nuts"}, {"--likelihood", "whatever"}, {"--samples", "0"}, {"--chains", "0"},
        {"--prior-draws", "-1"}};
    for (String[] extra : bad) {
      var r = CliRunner.run(concat(new String[] {"mrf", "score", "--model", model.toString(), "--data",
          data.toString(), "--methods", "laplace-exact,dic"}, extra));
      assertThat(r.exitCode()).as(String.join(" ", extra)).isEqualTo(2);
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
      assertThat(r.err()).contains(extra[0]);
    }
  }

  @Test
  void helpListsTheEstimatorsFromTheRegistryAndTheOptions() {
    var r = CliRunner.run("mrf", "score", "--help");
    assertThat(r.exitCode()).isZero();
    for (String s : List.of("harmonic1", "harmonic4", "bridge-geo", "bridge-opt", "dic", "--sampler", "--likelihood",
        "--prior-draws", "--chains")) {
      assertThat(r.out()).contains(s);
    }
  }

  private static String[] concat(String[] a, String[] b) {
    String[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
