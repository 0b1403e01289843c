package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --vb-acceleration} on {@code dag score}: with squarem VB's settings say so (and only VB's), its
 * bound is at least plain VBEM's from the same starts on these data, and the other scores are unchanged;
 * without the option the scores are squarem's for VB and plain EM's for the rest.
 */
class VbAccelerationCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BEAL = Path.of("..", "examples", "beal-true.json");

  @TempDir
  Path dir;

  /** VB and CS with {@code --vb-acceleration} set to {@code acceleration}, or without the option when null. */
  private JsonNode score(Path data, String acceleration) throws IOException {
    Path out = dir.resolve(acceleration + ".json");
    var args = new java.util.ArrayList<>(java.util.List.of("dag", "score", "--model", BEAL.toString(), "--data",
        data.toString(), "--methods", "vb,cs", "--json", out.toString()));
    if (acceleration != null) {
      args.addAll(java.util.List.of("--vb-acceleration", acceleration));
    }
    var r = CliRunner.run(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    return JSON.readTree(out.toFile()).get("results");
  }

  private Path sample() {
    Path data = dir.resolve("d.csv");
    var s = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "2000", "--seed", "20261229",
        "--out", data.toString());
    assertThat(s.exitCode()).as(s.err()).isZero();
    return data;
  }

  @Test
  void theDefaultIsSquaremForVbAndPlainForEm() throws IOException {
    Path data = sample();
    JsonNode byDefault = score(data, null);
    JsonNode fast = score(data, "squarem");
    for (int i = 0; i < 2; i++) {
      assertThat(byDefault.get(i).get("settings")).isEqualTo(fast.get(i).get("settings"));
      assertThat(byDefault.get(i).get("logEvidence").asDouble()).isEqualTo(fast.get(i).get("logEvidence").asDouble());
    }
    assertThat(byDefault.get(0).get("settings").get("vbAcceleration").asText()).isEqualTo("squarem");
    assertThat(byDefault.get(1).get("settings").get("emAcceleration").asText()).isEqualTo("none");
  }

  @Test
  void theSettingIsReportedAndOnlyVbMoves() throws IOException {
    Path data = sample();
    JsonNode plain = score(data, "none");
    JsonNode fast = score(data, "squarem");
    for (int i = 0; i < 2; i++) {
      String method = fast.get(i).get("method").asText();
      JsonNode set = fast.get(i).get("settings");
      if (method.equals("vb")) {
        assertThat(set.get("vbAcceleration").asText()).isEqualTo("squarem");
        assertThat(plain.get(i).get("settings").get("vbAcceleration").asText()).isEqualTo("none");
        assertThat(fast.get(i).get("diagnostics").get("converged").asBoolean()).isTrue();
        assertThat(fast.get(i).get("logEvidence").asDouble())
            .isGreaterThanOrEqualTo(plain.get(i).get("logEvidence").asDouble() - 0.01);
      } else {
        assertThat(set.has("vbAcceleration")).as(method).isFalse();
        assertThat(set.get("emAcceleration").asText()).as(method).isEqualTo("none");
        assertThat(fast.get(i).get("logEvidence").asDouble()).isEqualTo(plain.get(i).get("logEvidence").asDouble());
      }
    }
  }
}
