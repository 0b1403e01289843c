package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code occam rbm select}'s K as tasks: {@code --engine local} is the default, a K that fails is
 * named and left out while the others are written (exit 3), {@code --fail-fast} stops at it, and
 * {@code --engine spark} without its module says how to get it.
 */
class RbmSelectEngineTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path SOTU = Path.of("..", "data", "sotu_chunks100_w100.csv");
  private static final String[] CHEAP = {"--pcd-iterations", "200", "--pcd-chains", "10", "--gibbs-chains", "10",
      "--samples-per-chain", "20", "--burn-in", "20", "--thinning", "2", "--folds", "2", "--threads", "2"};

  @TempDir
  Path dir;

  private static String[] args(String... head) {
    List<String> all = new ArrayList<>(List.of("rbm", "select", "--data", SOTU.toString()));
    all.addAll(List.of(head));
    all.addAll(List.of(CHEAP));
    return all.toArray(new String[0]);
  }

  @Test
  void theLocalEngineIsTheDefault() throws IOException {
    Path plain = dir.resolve("plain.json");
    Path local = dir.resolve("local.json");
    var a = CliRunner.run(args("--most-frequent", "4", "--rows", "100", "--hidden", "1..2", "--methods", "map,cv",
        "--json", plain.toString()));
    var b = CliRunner.run(args("--most-frequent", "4", "--rows", "100", "--hidden", "1..2", "--methods", "map,cv",
        "--json", local.toString(), "--engine", "local"));
    assertThat(a.exitCode()).as(a.err()).isZero();
    assertThat(b.exitCode()).as(b.err()).isZero();
    assertThat(b.out().replace(local.toString(), "OUT")).isEqualTo(a.out().replace(plain.toString(), "OUT"));
    // the K lines come largest first, as a selection has always scored them
    assertThat(a.err().indexOf("K = 2: map")).isLessThan(a.err().indexOf("K = 1: map")).isNotNegative();
    assertThat(untimed(JSON.readTree(local.toFile()))).isEqualTo(untimed(JSON.readTree(plain.toFile())));
  }

  /** V = 21 columns: exact log Z is refused for K = 21 (2^21 states), not for K = 1 or 2. */
  private static final String[] ONE_K_FAILS = {"--most-frequent", "21", "--rows", "60", "--hidden", "1,2,21",
      "--methods", "cv", "--log-z", "exact"};

  @Test
  void aKThatFailsIsNamedAndLeftOutAndTheOthersAreWritten() throws IOException {
    Path out = dir.resolve("failed.json");
    List<String> a = new ArrayList<>(List.of(ONE_K_FAILS));
    a.addAll(List.of("--json", out.toString()));
    var r = CliRunner.run(args(a.toArray(new String[0])));
    assertThat(r.exitCode()).as(r.err()).isEqualTo(Occam.TASKS_FAILED);
    assertThat(r.err()).contains("occam rbm select: 1 of 3 tasks failed", "  K = 21: exact log Z enumerates 2^min(V,K) = 2^21 states");
    assertThat(r.out()).contains("best K by");
    JsonNode root = JSON.readTree(out.toFile());
    assertThat(root.get("models")).hasSize(2);
    assertThat(root.at("/models/0/hidden").asInt()).isEqualTo(1);
    assertThat(root.at("/models/1/hidden").asInt()).isEqualTo(2);
    assertThat(root.at("/run/scored").toString()).isEqualTo("[1,2]");
    assertThat(root.at("/bestHidden/cv").asInt()).isIn(1, 2);
  }

  @Test
  void failFastStopsAtTheFailedKAndWritesNothing() {
    Path out = dir.resolve("stopped.json");
    List<String> a = new ArrayList<>(List.of(ONE_K_FAILS));
    a.addAll(List.of("--json", out.toString(), "--fail-fast"));
    var r = CliRunner.run(args(a.toArray(new String[0])));
    // the refusal is the user's input: its own message, exit 2 (another failure would exit 3)
    assertThat(r.exitCode()).isEqualTo(Occam.BAD_INPUT);
    assertThat(r.err()).contains("exact log Z enumerates 2^min(V,K) = 2^21 states").doesNotContain("tasks failed");
    assertThat(out).doesNotExist();
  }

  @Test
  void sparkWithoutItsModuleSaysHowToGetItInOneLine() {
    var r = CliRunner.run(args("--most-frequent", "4", "--hidden", "1..2", "--engine", "spark"));
    assertThat(r.exitCode()).isEqualTo(Occam.BAD_INPUT);
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).contains("--engine spark: no such engine", "occam-spark");
    assertThat(r.out()).isEmpty();
  }

  private static JsonNode untimed(JsonNode json) {
    return CliRunner.withoutFields(json, f -> f.toLowerCase(java.util.Locale.ROOT).contains("seconds"));
  }
}
