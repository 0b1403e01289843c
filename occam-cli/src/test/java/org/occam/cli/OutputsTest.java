package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands' outputs: {@code -} for standard output, special files, links, checks before any work. */
class OutputsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BEAL = Path.of("..", "examples", "beal-true.json").toString();

  @TempDir
  Path dir;

  private Path data;

  @BeforeEach
  void sample() throws IOException {
    var s = CliRunner.run("dag", "sample", "--model", BEAL, "--rows", "60", "--seed", "5", "--out", "-");
    assertThat(s.exitCode()).as(s.err()).isZero();
    // standard output is exactly the CSV; the note went to standard error
    assertThat(s.out().lines().toList()).hasSize(61).first().isEqualTo("y1,y2,y3,y4");
    assertThat(s.err()).isEqualTo("wrote 60 rows of 4 variables to standard output (seed 5)" + System.lineSeparator());
    data = dir.resolve("d.csv");
    Files.writeString(data, s.out());
  }

  private CliRunner.Result score(String... outputs) {
    String[] args = {"dag", "score", "--model", BEAL, "--data", data.toString(), "--methods", "bic,map"};
    String[] all = java.util.Arrays.copyOf(args, args.length + outputs.length);
    System.arraycopy(outputs, 0, all, args.length, outputs.length);
    return CliRunner.run(all);
  }

  @Test
  void jsonToStandardOutputIsExactlyTheJsonAndTheReportGoesToStandardError() throws IOException {
    var r = score("--json", "-");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode root = JSON.readTree(r.out()); // fails on any report line mixed in
    assertThat(root.get("results")).hasSize(2);
    assertThat(r.out()).startsWith("{").endsWith("}\n");
    assertThat(r.err()).contains("model ", "data ", "bic").doesNotContain("wrote");

    var plain = score("--json", dir.resolve("o.json").toString());
    assertThat(plain.out()).contains("model ", "wrote " + dir.resolve("o.json"));
    assertThat(plain.err()).isEmpty();
  }

  @Test
  void csvToStandardOutputFromRank() {
    var r = CliRunner.run("dag", "rank", "--data", data.toString(), "--hidden", "1", "--hidden-states", "2",
        "--methods", "bic", "--csv", "-", "--threads", "1");
    assertThat(r.exitCode()).as(r.err()).isZero();
    var lines = r.out().lines().toList();
    assertThat(lines.get(0)).startsWith("structure,parameters,parents,method,logEvidence");
    assertThat(lines.subList(1, lines.size())).isNotEmpty().allSatisfy(l -> assertThat(l).contains(",bic,"));
    assertThat(r.err()).contains("structures");
  }

  @Test
  void atMostOneOutputIsStandardOutputAndNeverAPng() {
    var two = CliRunner.run("dag", "rank", "--data", data.toString(), "--hidden", "1", "--json", "-", "--csv", "-");
    assertThat(two.exitCode()).isEqualTo(2);
    assertThat(two.err().strip()).isEqualTo("occam: '-' (standard output) given for two outputs; at most one output can be -");
    var png = CliRunner.run("dag", "rank", "--data", data.toString(), "--hidden", "1", "--posterior-png", "-");
    assertThat(png.exitCode()).isEqualTo(2);
    assertThat(png.err()).contains("--posterior-png -: a PNG is not written to standard output").hasLineCount(1);
  }

  @Test
  void twoOutputsOnOneFileAreRefusedBeforeAnyWork() {
    Path same = dir.resolve("same");
    var r = CliRunner.run("dag", "rank", "--data", "no-such.csv", "--hidden", "1", "--json", same.toString(),
        "--csv", same.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains(same + ": given for two outputs").hasLineCount(1);
    assertThat(Files.exists(same)).isFalse();
  }

  @Test
  void anUnwritableFolderIsRefusedBeforeReadingAnything() {
    assumeTrue(Files.isDirectory(Path.of("/sys")));
    // the data file does not exist: the output is checked first, before any work
    var r = CliRunner.run("dag", "score", "--model", BEAL, "--data", "no-such.csv", "--json", "/sys/occam-out.json");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("occam: /sys/occam-out.json: cannot write in folder /sys").doesNotContain(".tmp")
        .hasLineCount(1);
  }

  @Test
  void anOutputFolderThatCannotBeMadeIsRefusedBeforeTheRun() {
    assumeTrue(Files.isDirectory(Path.of("/sys")));
    var r = CliRunner.run("demo", "--out", "/sys/occam-demo");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("occam: /sys/occam-demo: cannot create the folder (").hasLineCount(1);
    assertThat(r.out()).isEmpty();
    var dash = CliRunner.run("experiment", "beal", "--quick", "--out", "-");
    assertThat(dash.exitCode()).isEqualTo(2);
    assertThat(dash.err()).contains("'-' (standard output) is for single files");
  }

  @Test
  void devNullNeedsNoForceAndStaysADevice() {
    Path devNull = Path.of("/dev/null");
    assumeTrue(Files.exists(devNull));
    var r = score("--json", devNull.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(Files.isRegularFile(devNull)).isFalse();
  }

  @Test
  void throughASymlinkTheTargetIsReplacedAndTheLinkKept() throws IOException {
    Path target = dir.resolve("results.json");
    Files.writeString(target, "old");
    Path link = dir.resolve("latest.json");
    Files.createSymbolicLink(link, target.getFileName());
    var refused = score("--json", link.toString());
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains("exists; pass --force");
    var r = score("--json", link.toString(), "--force");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(JSON.readTree(target.toFile()).get("results")).hasSize(2);
  }

  @Test
  void theForceHelpSaysWhatHappensToLinksAndSpecialFiles() {
    var r = CliRunner.run("dag", "score", "--help");
    assertThat(r.out().replaceAll("\\s+", " ")).contains("FIFOs and devices (/dev/null) are written in place",
        "its target is replaced", "- for standard output");
  }
}
