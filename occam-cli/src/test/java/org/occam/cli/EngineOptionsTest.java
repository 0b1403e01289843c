package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --engine}, {@code --master} and {@code --fail-fast} on the commands that fan out: the
 * local engine by default (the same numbers with it named), Spark refused in one line when its
 * module is not on the class path, and a structure whose scoring fails reported with its key while
 * the others are written (exit 3), or stopping the run with --fail-fast.
 */
class EngineOptionsTest {
  @TempDir
  static Path dir;

  static Path data;

  @BeforeAll
  static void sample() {
    data = dir.resolve("d.csv");
    assertThat(CliRunner.run("dag", "sample", "--model", "../examples/beal-true.json", "--rows", "12", "--seed", "5",
        "--out", data.toString()).exitCode()).isZero();
  }

  private static String[] rank(String json, String... more) {
    String[] base = {"dag", "rank", "--data", data.toString(), "--hidden", "2", "--hidden-states", "2", "--methods",
        "exact,bic", "--exact-term-limit", "3000", "--seed", "4", "--json", dir.resolve(json).toString()};
    String[] out = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, out, base.length, more.length);
    return out;
  }

  @Test
  void sparkWithoutItsModuleIsRefusedInOneLineSayingHowToBuildIt() {
    var r = CliRunner.run(rank("s.json", "--engine", "spark", "--master", "local[2]"));
    assertThat(r.exitCode()).isEqualTo(Occam.BAD_INPUT);
    assertThat(r.err().strip()).startsWith("occam: --engine spark: no such engine on the class path (found: local)")
        .contains("mvn -B -Pspark").doesNotContain("\n");
    assertThat(dir.resolve("s.json")).doesNotExist();
    var master = CliRunner.run(rank("m.json", "--master", "local[2]"));
    assertThat(master.exitCode()).isEqualTo(Occam.BAD_INPUT);
    assertThat(master.err()).contains("--master is for --engine spark");
  }

  @Test
  void aStructureThatFailsIsReportedWithItsKeyAndTheOthersAreWritten() throws Exception {
    var r = CliRunner.run(rank("f.json", "--threads", "2"));
    assertThat(r.exitCode()).as(r.err()).isEqualTo(Occam.TASKS_FAILED);
    // the structures whose exact sum is too large: named, with the reason
    assertThat(r.err()).containsPattern("occam dag rank: \\d+ of 136 tasks failed")
        .contains("  structure 135 (y1<-h1,h2 y2<-h1,h2 y3<-h1,h2 y4<-h1,h2): exact evidence would sum");
    assertThat(r.out()).contains("warning: the scoring failed for").doesNotContain("exact did not converge");
    JsonNode json = new ObjectMapper().readTree(Files.readString(dir.resolve("f.json")));
    int failed = 0;
    int scored = 0;
    for (JsonNode s : json.path("structures")) {
      if (s.path("scores").path("exact").isNumber()) {
        scored++;
      } else {
        failed++;
      }
    }
    assertThat(scored).isPositive();
    assertThat(failed).isPositive();
    assertThat(scored + failed).isEqualTo(136);
    // the local engine named gives the same JSON as the default, timings aside
    var named = CliRunner.run(rank("named.json", "--threads", "2", "--engine", "local"));
    assertThat(named.exitCode()).isEqualTo(Occam.TASKS_FAILED);
    assertThat(timingless(dir.resolve("named.json"))).isEqualTo(timingless(dir.resolve("f.json")));
  }

  @Test
  void failFastStopsAtTheFirstFailureAndWritesNothing() {
    var r = CliRunner.run(rank("ff.json", "--fail-fast", "--threads", "2"));
    assertThat(r.exitCode()).isEqualTo(Occam.BAD_INPUT); // exact's term limit is the user's input
    var lines = r.err().strip().lines().toList();
    assertThat(lines.get(lines.size() - 1)).startsWith("occam: exact evidence would sum");
    assertThat(r.err()).doesNotContain("tasks failed").doesNotContain("Exception");
    assertThat(dir.resolve("ff.json")).doesNotExist();
  }

  private static JsonNode timingless(Path p) throws Exception {
    return CliRunner.withoutFields(new ObjectMapper().readTree(Files.readString(p)),
        k -> k.toLowerCase(java.util.Locale.ROOT).contains("second"));
  }
}
