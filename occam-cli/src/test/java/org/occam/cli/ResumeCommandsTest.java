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
import org.occam.report.UnitJournal;

/**
 * Long commands made of units keep each finished unit in a journal and {@code --resume} skips
 * them: a run interrupted after some units (by the journal's test hook, as a kill would) and then
 * resumed writes the same JSON as an uninterrupted run (timings aside), and does only the units
 * that were missing.
 */
class ResumeCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path SOTU = Path.of("..", "data", "sotu_chunks100_w100.csv");
  private static final Path REINIS = Path.of("..", "data", "reinis.csv");
  private static final Path BEAL = Path.of("..", "examples", "beal-true.json");

  @TempDir
  Path dir;

  /** Runs the command with the journal's interruption hook set to {@code after} units (0: no hook). */
  private static CliRunner.Result run(int after, List<String> args) {
    if (after > 0) {
      System.setProperty(UnitJournal.INTERRUPT_AFTER_PROPERTY, Integer.toString(after));
    }
    try {
      return CliRunner.run(args.toArray(new String[0]));
    } finally {
      System.clearProperty(UnitJournal.INTERRUPT_AFTER_PROPERTY);
    }
  }

  private static List<String> with(List<String> base, String... more) {
    List<String> all = new ArrayList<>(base);
    all.addAll(List.of(more));
    return all;
  }

  /** The JSON without what differs between runs of the same numbers: wall times. */
  static JsonNode withoutTimings(JsonNode n) {
    return CliRunner.withoutFields(n, k -> k.equals("seconds") || k.endsWith("Seconds") || k.equals("timing"));
  }

  private static String withoutTimes(String text) {
    return text.replaceAll("\\d+\\.\\d+ s\\b", "# s");
  }

  private static long unitLines(String err) {
    return err.lines().filter(l -> l.matches("\\[\\d+/\\d+\\] .*")).count();
  }

  /**
   * Interrupts a run after {@code after} units, checks what the journal kept, resumes it and
   * compares with an uninterrupted run; returns the resumed run's stderr.
   *
   * @param units the units of the run, when each gets a line (0: more units, thinned lines)
   */
  private String interruptResumeAndCompare(List<String> base, int units, int after) throws IOException {
    Path whole = dir.resolve("whole.json");
    var full = run(0, with(base, "--json", whole.toString()));
    assertThat(full.exitCode()).as(full.err()).isZero();
    if (units > 0) {
      assertThat(unitLines(full.err())).as(full.err()).isEqualTo(units);
    }
    assertThat(UnitJournal.besideOutput(whole)).doesNotExist();

    Path out = dir.resolve("out.json");
    Path journal = UnitJournal.besideOutput(out);
    var cut = run(after, with(base, "--json", out.toString()));
    assertThat(cut.exitCode()).as(cut.err()).isEqualTo(1);
    assertThat(out).doesNotExist();
    assertThat(Files.readAllLines(journal)).hasSize(1 + after);

    // without --resume the journal is not thrown away
    var refused = run(0, with(base, "--json", out.toString()));
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains(journal.toString(), after + " finished unit(s)", "--resume", "--force");

    var resumed = run(0, with(base, "--json", out.toString(), "--resume"));
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(resumed.err()).contains("resuming from " + journal + ": " + after + " unit(s)");
    // only the missing units are done again
    if (units > 0) {
      assertThat(unitLines(resumed.err())).as(resumed.err()).isEqualTo(units - after);
    }
    assertThat(journal).doesNotExist();
    assertThat(withoutTimings(JSON.readTree(out.toFile()))).isEqualTo(withoutTimings(JSON.readTree(whole.toFile())));
    assertThat(withoutTimes(resumed.out())).isEqualTo(withoutTimes(full.out().replace(whole.toString(),
        out.toString())));
    return resumed.err();
  }

  @Test
  void rbmSelectResumedEqualsAnUninterruptedRun() throws IOException {
    List<String> base = List.of("rbm", "select", "--data", SOTU.toString(), "--most-frequent", "4", "--rows", "150",
        "--hidden", "1..3", "--methods", "map,ml-bic,cv", "--folds", "2", "--pcd-iterations", "300", "--pcd-chains",
        "10", "--threads", "2");
    String err = interruptResumeAndCompare(base, 3, 1);
    assertThat(err).containsPattern("K = [12]: map -?\\d+\\.\\d+, ml-bic -?\\d+\\.\\d+, cv -?\\d+\\.\\d+ per row");
  }

  @Test
  void dagSelectResumedEqualsAnUninterruptedRun() throws IOException {
    Path data = dir.resolve("d.csv");
    var sample = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "200", "--seed", "3", "--out",
        data.toString());
    assertThat(sample.exitCode()).as(sample.err()).isZero();
    List<String> base = List.of("dag", "select", "--data", data.toString(), "--hidden-states", "1..3",
        "--hidden-variables", "1..2", "--methods", "vb,bic", "--threads", "2");
    String err = interruptResumeAndCompare(base, 6, 2);
    assertThat(err).containsPattern("hidden variables = [12], states = [123]: vb -\\d+\\.\\d+, bic -\\d+\\.\\d+");
  }

  @Test
  void dagRankResumedEqualsAnUninterruptedRun() throws IOException {
    Path data = dir.resolve("d.csv");
    var sample = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "200", "--seed", "3", "--out",
        data.toString());
    assertThat(sample.exitCode()).as(sample.err()).isZero();
    List<String> base = List.of("dag", "rank", "--data", data.toString(), "--hidden", "1", "--hidden-states", "2",
        "--methods", "bic,vb,cs", "--threads", "2", "--posterior");
    String err = interruptResumeAndCompare(base, 16, 5);
    assertThat(err).containsPattern("structure \\d+ \\(y1.*\\): bic -\\d+\\.\\d+, vb -\\d+\\.\\d+, cs -\\d+\\.\\d+");
  }

  @Test
  void mrfRankPathResumedEqualsAnUninterruptedRun() throws IOException {
    List<String> base = List.of("mrf", "rank", "--data", REINIS.toString(), "--methods", "bic-ml,bp-lr",
        "--threads", "2");
    // 6 variables: 1 + 15·16/2 = 121 criterion scores on the greedy path, then 17 models ranked
    String err = interruptResumeAndCompare(base, 0, 40);
    assertThat(err).contains("[81/81] path candidate {", "[17/17] model ").doesNotContain("/121]");
    assertThat(err).containsPattern("model \\d+ \\{.*\\}: laplace-exact -\\d+\\.\\d+, bic-ml -\\d+\\.\\d+, bp-lr");
  }

  @Test
  void mrfRankAllResumedEqualsAnUninterruptedRun() throws IOException {
    // four of reinis's columns: 2^6 = 64 graphs
    StringBuilder b = new StringBuilder();
    for (String line : Files.readAllLines(REINIS)) {
      String[] cells = line.split(",");
      b.append(String.join(",", cells[0], cells[1], cells[2], cells[3])).append('\n');
    }
    Path data = dir.resolve("four.csv");
    Files.writeString(data, b.toString());
    List<String> base = List.of("mrf", "rank", "--data", data.toString(), "--class", "all", "--methods",
        "bic-ml,laplace-exact", "--threads", "2", "--posterior");
    String err = interruptResumeAndCompare(base, 0, 20);
    assertThat(err).contains("[44/44] model ").doesNotContain("/64]");
  }

  @Test
  void mrfRankDecomposableExactResumedEqualsAnUninterruptedRun() throws IOException {
    // four of reinis's columns: 61 of the 64 graphs are chordal
    StringBuilder b = new StringBuilder();
    for (String line : Files.readAllLines(REINIS)) {
      String[] cells = line.split(",");
      b.append(String.join(",", cells[0], cells[1], cells[2], cells[3])).append('\n');
    }
    Path data = dir.resolve("four.csv");
    Files.writeString(data, b.toString());
    List<String> base = List.of("mrf", "rank", "--data", data.toString(), "--class", "decomposable", "--methods",
        "exact", "--threads", "2", "--posterior");
    String err = interruptResumeAndCompare(base, 0, 20);
    assertThat(err).contains("[41/41] model ").containsPattern("model \\d+ \\{.*\\}: exact -\\d+\\.\\d+")
        .doesNotContain("/61]");
  }

  /** A CSV file without its columns of times (named *seconds / *Seconds). */
  private static List<String> csvWithoutTimes(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    List<String> header = List.of(lines.get(0).split(","));
    List<String> out = new ArrayList<>();
    for (String line : lines) {
      List<String> cells = List.of(line.split(",", -1));
      List<String> kept = new ArrayList<>();
      for (int c = 0; c < cells.size(); c++) {
        if (c >= header.size() || !header.get(c).toLowerCase(java.util.Locale.ROOT).endsWith("seconds")) {
          kept.add(cells.get(c));
        }
      }
      out.add(String.join(",", kept));
    }
    return out;
  }

  /** The same files in both folders; every CSV (times aside) and summary.json (timings aside) equal. */
  private static void assertSameOutputs(Path whole, Path out) throws IOException {
    List<String> names;
    try (var a = Files.list(whole); var b = Files.list(out)) {
      names = a.map(p -> p.getFileName().toString()).sorted().toList();
      assertThat(b.map(p -> p.getFileName().toString()).sorted().toList()).isEqualTo(names);
    }
    int csvs = 0;
    for (String name : names) {
      if (name.endsWith(".csv")) {
        assertThat(csvWithoutTimes(out.resolve(name))).as(name).isEqualTo(csvWithoutTimes(whole.resolve(name)));
        csvs++;
      }
    }
    assertThat(csvs).isPositive();
    assertThat(withoutTimings(JSON.readTree(out.resolve("summary.json").toFile())))
        .isEqualTo(withoutTimings(JSON.readTree(whole.resolve("summary.json").toFile())));
  }

  /**
   * Interrupts an experiment after {@code after} of its {@code units}, checks what the journal
   * kept, resumes it and compares its outputs with an uninterrupted run's; returns the resumed run's stderr.
   */
  private String interruptResumeAndCompareExperiment(List<String> base, int units, int after) throws IOException {
    Path whole = dir.resolve("whole");
    var full = run(0, with(base, "--out", whole.toString()));
    assertThat(full.exitCode()).as(full.err()).isZero();
    assertThat(unitLines(full.err())).as(full.err()).isEqualTo(units);
    assertThat(UnitJournal.inFolder(whole)).doesNotExist();

    Path out = dir.resolve("cut");
    Path journal = UnitJournal.inFolder(out);
    var cut = run(after, with(base, "--out", out.toString()));
    assertThat(cut.exitCode()).as(cut.err()).isEqualTo(1);
    assertThat(Files.readAllLines(journal)).hasSize(1 + after);
    try (var files = Files.list(out)) {
      assertThat(files).containsExactly(journal);
    }
    var refused = run(0, with(base, "--out", out.toString()));
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains(after + " finished unit(s)", "--resume");
    var other = run(0, with(base, "--out", out.toString(), "--resume", "--seed", "2"));
    assertThat(other.exitCode()).isEqualTo(2);
    assertThat(other.err()).contains("settings.--seed: 1 then vs 2 now");

    var resumed = run(0, with(base, "--out", out.toString(), "--resume"));
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(resumed.err()).contains("resuming from " + journal + ": " + after + " task(s)");
    assertThat(unitLines(resumed.err())).as(resumed.err()).isEqualTo(units - after);
    assertThat(journal).doesNotExist();
    assertSameOutputs(whole, out);
    return full.err();
  }

  @Test
  void chenWellingExperimentResumedEqualsAnUninterruptedRun() throws IOException {
    List<String> base = List.of("experiment", "chen-welling", "--quick", "--parts", "4,6", "--methods",
        "laplace,map", "--reference", "map", "--data", SOTU.toString(), "--fig4-sizes", "10,50", "--fig6-hidden",
        "1,2,3", "--repeats", "1", "--pcd-iterations", "200", "--threads", "2");
    // 2 sizes of Figure 4, then 3 K of Figure 6: interrupted in Figure 6
    String err = interruptResumeAndCompareExperiment(base, 5, 3);
    assertThat(err).containsPattern("figure 6, N = 100, K = [123], run 0: laplace -\\d+\\.\\d+, map -\\d+");
  }

  @Test
  void pariseWellingExperimentResumedEqualsAnUninterruptedRun() throws IOException {
    List<String> base = List.of("experiment", "parise-welling", "--quick", "--structures", "1", "--sequences", "1",
        "--sizes", "50,300", "--ais-steps", "100", "--threads", "2");
    Path whole = dir.resolve("probe");
    var probe = run(0, with(base, "--out", whole.toString()));
    assertThat(probe.exitCode()).as(probe.err()).isZero();
    int units = (int) unitLines(probe.err());
    assertThat(units).isGreaterThan(2);
    String err = interruptResumeAndCompareExperiment(base, units, units / 2);
    assertThat(err).containsPattern("model \\d+, structure 0x[0-9a-f]+, N = (50|300): ais -\\d+\\.\\d+, map ");
  }

  @Test
  void bealExperimentResumedEqualsAnUninterruptedRun() throws IOException {
    List<String> base = List.of("experiment", "beal", "--quick", "--sizes", "30,40", "--ais-sizes", "30",
        "--instances", "1", "--instance-ais", "--ais-steps", "30", "--restarts", "1", "--threads", "2");
    // 2 sizes of part one, then 1 instance x 2 sizes of part two (with AIS, so every structure's scores are kept
    // in the journal): interrupted in part two
    String err = interruptResumeAndCompareExperiment(base, 4, 3);
    assertThat(err).containsPattern("part 1, n = 30: true structure ranks map \\d+, .*, ais \\d+ \\(")
        .containsPattern("part 2, instance 1, n = 40: true structure ranks map \\d+, bic \\d+");
  }

  /** The resumed search used every kept score and scored only the other structures of the search. */
  private static void assertScoredOnce(String err, int distinct, int kept) {
    var m = java.util.regex.Pattern.compile("(\\d+) structure\\(s\\) scored, (\\d+) kept from the interrupted run")
        .matcher(err);
    assertThat(m.find()).as(err).isTrue();
    assertThat(Integer.parseInt(m.group(2))).isEqualTo(kept);
    assertThat(Integer.parseInt(m.group(1))).isEqualTo(distinct - kept);
  }

  @Test
  void dagSearchResumedEqualsAnUninterruptedSearch() throws IOException {
    Path data = dir.resolve("d.csv");
    var sample = CliRunner.run("dag", "sample", "--model", BEAL.toString(), "--rows", "200", "--seed", "3", "--out",
        data.toString());
    assertThat(sample.exitCode()).as(sample.err()).isZero();
    List<String> base = List.of("dag", "search", "--data", data.toString(), "--hidden", "2", "--hidden-states", "2",
        "--score", "bic", "--restarts", "2", "--em-restarts", "1", "--threads", "2");
    String err = interruptResumeAndCompare(base, 0, 10);
    assertThat(err).containsPattern("\\[\\d+\\] scored h1 h2 y1.*: bic -\\d+\\.\\d+");
    assertScoredOnce(err, JSON.readTree(dir.resolve("out.json").toFile()).at("/counts/structuresScored").asInt(), 10);
  }

  @Test
  void mrfSearchResumedEqualsAnUninterruptedSearch() throws IOException {
    List<String> base = List.of("mrf", "search", "--data", REINIS.toString(), "--score", "bic-ml", "--restarts", "2",
        "--threads", "2");
    String err = interruptResumeAndCompare(base, 0, 10);
    assertThat(err).containsPattern("\\[\\d+\\] scored \\{.*\\}: bic-ml -\\d+\\.\\d+");
    assertScoredOnce(err, JSON.readTree(dir.resolve("out.json").toFile()).at("/distinctGraphsScored").asInt(), 10);
  }

  @Test
  @org.junit.jupiter.api.Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES)
  void aRunKilledWithSigkillKeepsItsFinishedUnitsAndResumes() throws Exception {
    List<String> base = List.of("rbm", "select", "--data", SOTU.toAbsolutePath().toString(), "--most-frequent", "6",
        "--rows", "300", "--hidden", "1..4", "--methods", "laplace,cv", "--folds", "3", "--pcd-iterations", "2000",
        "--threads", "1");
    Path out = dir.resolve("out.json");
    Path journal = UnitJournal.besideOutput(out);
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), Occam.class.getName()));
    command.addAll(with(base, "--json", out.toString()));
    Process child = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(dir.resolve("child.txt").toFile()).start();
    // no clock: the loop ends with the child or its first kept unit, and @Timeout bounds a hang
    while (child.isAlive() && (!Files.exists(journal) || Files.readAllLines(journal).size() < 2)) {
      Thread.sleep(20);
    }
    assertThat(child.isAlive()).as("the child ran to its end before a unit could be kept: "
        + Files.readString(dir.resolve("child.txt"))).isTrue();
    child.destroyForcibly(); // SIGKILL: no shutdown hook, no cleanup
    child.waitFor();
    int kept = Files.readAllLines(journal).size() - 1;
    assertThat(kept).isBetween(1, 3);
    assertThat(out).doesNotExist();

    var resumed = run(0, with(base, "--json", out.toString(), "--resume"));
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(resumed.err()).contains(kept + " unit(s) finished before are kept");
    assertThat(unitLines(resumed.err())).isEqualTo(4 - kept);
    Path whole = dir.resolve("whole.json");
    var full = run(0, with(base, "--json", whole.toString()));
    assertThat(full.exitCode()).as(full.err()).isZero();
    assertThat(withoutTimings(JSON.readTree(out.toFile()))).isEqualTo(withoutTimings(JSON.readTree(whole.toFile())));
  }

  @Test
  void rbmSelectRefusesToResumeAnotherRunNamingTheDifference() throws IOException {
    List<String> base = List.of("rbm", "select", "--data", SOTU.toString(), "--most-frequent", "4", "--rows", "150",
        "--hidden", "1..2", "--methods", "map", "--pcd-iterations", "300", "--pcd-chains", "10");
    Path out = dir.resolve("out.json");
    var cut = run(1, with(base, "--json", out.toString()));
    assertThat(cut.exitCode()).isEqualTo(1);
    List<String> other = new ArrayList<>(base);
    other.set(other.indexOf("300"), "400");
    var refused = run(0, with(other, "--json", out.toString(), "--resume"));
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err().strip()).doesNotContain("\n")
        .contains("settings.--pcd-iterations: 300 then vs 400 now");
    // --force without --resume starts over and removes the journal at the end
    var fresh = run(0, with(other, "--json", out.toString(), "--force"));
    assertThat(fresh.exitCode()).as(fresh.err()).isZero();
    assertThat(UnitJournal.besideOutput(out)).doesNotExist();
    // --resume needs an output to keep the journal beside
    var noJson = run(0, with(base, "--resume"));
    assertThat(noJson.exitCode()).isEqualTo(2);
    assertThat(noJson.err()).contains("--resume needs --json");
  }
}
