package org.occam.cli.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.cli.Occam;

/**
 * {@code occam experiment beal|parise-welling|chen-welling} through the command line: the options
 * reach the experiments (reduced --quick runs end with exit code 0, the tables on stdout and the
 * files in --out), and bad input gets one line and exit code 2. The experiments' numbers are tested
 * in occam-experiments.
 */
class ExperimentCommandsTest {
  private static final String DATA = Path.of("..", "data", "sotu_chunks100_w100.csv").toString();

  @TempDir
  Path dir;

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter so = new StringWriter();
    StringWriter se = new StringWriter();
    int code = Occam.execute(new PrintWriter(so), new PrintWriter(se), args);
    return new Run(code, so.toString(), se.toString());
  }

  @Test
  void bealQuickRunWritesTablesAndReport() {
    Path out = dir.resolve("beal");
    Run r = run("experiment", "beal", "--quick", "--sizes", "40", "--instances", "1", "--ais-steps", "50",
        "--restarts", "1", "--threads", "2", "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("Beal (2003) chapter 6: 136 structures, sizes [40], AIS at [40] (K = 50, G = 2")
        .contains("Table 6.1").contains("Table 6.4").contains("Table 6.5").contains("Table 6.2")
        .contains("wrote " + out);
    for (String f : new String[] {"report.md", "summary.json", "table-6.1-true-rank.csv", "fig-6.3-rank-vs-n.png"}) {
      assertThat(out.resolve(f)).exists();
    }
    Run again = run("experiment", "beal", "--quick", "--out", out.toString());
    assertThat(again.code()).isEqualTo(2);
    assertThat(again.err()).contains("--force");
  }

  @Test
  void bealRefusesAnAisSizeThatIsNotScored() {
    Run r = run("experiment", "beal", "--sizes", "40", "--ais-sizes", "80", "--out", dir.resolve("x").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--ais-sizes 80");
    assertThat(dir.resolve("x")).doesNotExist();
  }

  @Test
  void pariseWellingQuickRunWritesFiguresAndReport() {
    Path out = dir.resolve("pw");
    Run r = run("experiment", "parise-welling", "--quick", "--structures", "1", "--sequences", "1",
        "--sizes", "50,300", "--ais-steps", "100", "--threads", "2", "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("Figure 3").contains("Figure 4").contains("The paper's findings")
        .contains("wrote " + out);
    for (String f : new String[] {"report.md", "summary.json", "scores.csv", "fig-3-abs-diff-vs-n.png"}) {
      assertThat(out.resolve(f)).exists();
    }
  }

  @Test
  void hiddenLaplaceQuickRunWritesTheFigureAndReportAndRefusesBadCounts() {
    Path out = dir.resolve("hl");
    Run r = run("experiment", "hidden-laplace", "--quick", "--models", "1", "--sizes", "30", "--ais-steps", "100",
        "--hidden-units", "1", "--data", DATA, "--threads", "2", "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("hidden-laplace (a): 5 kinds x 1 models, N = [30], 5 tasks")
        .contains("| N | map | bic-map | laplace-exact | bp-lr | AIS std error |")
        .contains("| K | ais-pd | laplace | bp-lr | laplace-exact |").contains("wrote " + out);
    for (String f : new String[] {"report.md", "summary.json", "scores.csv", "fig-a.csv", "fig-a.png", "fig-b.csv"}) {
      assertThat(out.resolve(f)).exists();
    }
    Run bad = run("experiment", "hidden-laplace", "--models", "0", "--out", dir.resolve("y").toString());
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--models").hasLineCount(1);
    assertThat(dir.resolve("y")).doesNotExist();
    Run noData = run("experiment", "hidden-laplace", "--quick", "--data", dir.resolve("none.csv").toString(),
        "--out", dir.resolve("z").toString());
    assertThat(noData.code()).isEqualTo(2);
    assertThat(noData.err()).contains("none.csv: no such file").hasLineCount(1);
    assertThat(dir.resolve("z")).doesNotExist();
  }

  @Test
  void pariseWellingRefusesASequenceStrengthThatIsNotDrawn() {
    Run r = run("experiment", "parise-welling", "--strengths", "0.1,2", "--out", dir.resolve("x").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--sequence-strength 0.5");
  }

  @Test
  void chenWellingQuickRunWritesFiguresAndReport() {
    Path out = dir.resolve("cw");
    Run r = run("experiment", "chen-welling", "--quick", "--parts", "6", "--methods", "laplace,map", "--reference",
        "map", "--data", DATA, "--fig6-hidden", "1,2", "--repeats", "1", "--pcd-iterations", "200", "--threads", "2",
        "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("Chen & Welling (2013): parts 6, seed 1, 2 thread(s), quick").contains("part 6: ")
        .contains("wrote " + out);
    for (String f : new String[] {"report.md", "summary.json", "scores.csv", "fig-6-evidence-vs-k.csv"}) {
      assertThat(out.resolve(f)).exists();
    }
  }

  @Test
  void chenWellingBadInputGetsOneLineAndExitCodeTwo() {
    String out = dir.resolve("bad").toString();
    Run missing = run("experiment", "chen-welling", "--parts", "4", "--data", "no/such.csv", "--out", out);
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err().strip()).contains("no/such.csv").contains("no such file").doesNotContain("\n");
    Run part = run("experiment", "chen-welling", "--parts", "1-2,5", "--out", out);
    assertThat(part.code()).isEqualTo(2);
    assertThat(part.err()).contains("--parts").contains("\"5\"");
    Run reference = run("experiment", "chen-welling", "--methods", "laplace,laplace0,map,ml-bic", "--out", out);
    assertThat(reference.code()).isEqualTo(2);
    assertThat(reference.err()).contains("--reference ais-pd is not one of --methods");
    Run sizes = run("experiment", "chen-welling", "--parts", "1-2", "--sizes", "5,100", "--out", out);
    assertThat(sizes.code()).isEqualTo(2);
    assertThat(sizes.err()).contains("--sizes must be >= 10");
    Run range = run("experiment", "chen-welling", "--parts", "6", "--fig6-hidden", "3..1", "--out", out);
    assertThat(range.code()).isEqualTo(2);
    assertThat(range.err()).contains("--fig6-hidden: the range 3..1 is empty");
    Run method = run("experiment", "chen-welling", "--methods", "laplace,bogus", "--out", out);
    assertThat(method.code()).isEqualTo(2);
    assertThat(method.err()).contains("bogus");
    assertThat(Path.of(out)).doesNotExist();
  }
}
