package org.occam.cli.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.cli.Occam;

/**
 * {@code occam experiment welling-parise} through the command line: the options reach the
 * experiment (a reduced run ends with exit code 0, the tables on stdout, one line per unit on stderr
 * and the files in --out, which is not overwritten without --force), and bad input gets one line
 * and exit code 2. The experiment's numbers are tested in occam-experiments.
 */
class WellingPariseExperimentCommandTest {
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
  void reducedRunWritesFiguresAndReport() {
    Path out = dir.resolve("wp");
    Run r = run("experiment", "welling-parise", "--quick", "--sizes", "100", "--strengths", "1.5", "--draws", "40",
        "--max-transitions", "200", "--threads", "2", "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("Welling & Parise (2006) section 7: 5x5 grid, 1 model(s) x N = [100]")
        .contains("1 set(s) of 40 draws (2 chains)").contains("Figure 2").contains("Figure 5")
        .contains("The paper's findings").contains("wrote " + out);
    assertThat(r.err()).contains("[1/3] figure 2, model 0, N = 100, set 0: CVM bl-mp");
    for (String f : new String[] {"report.md", "summary.json", "models.csv", "fig-2-cvm-vs-n.csv",
        "fig-3-histograms.png", "fig-4-cvm-vs-d-bias0.png", "fig-5-cvm-vs-d-bias1.csv"}) {
      assertThat(out.resolve(f)).exists();
    }
    assertThat(out.resolve("partial.jsonl")).doesNotExist();
    Run again = run("experiment", "welling-parise", "--quick", "--out", out.toString());
    assertThat(again.code()).isEqualTo(2);
    assertThat(again.err()).contains("--force");
  }

  @Test
  void badOptionsGetOneLineAndExitCodeTwo() {
    String out = dir.resolve("bad").toString();
    Run sets = run("experiment", "welling-parise", "--sets", "0", "--out", out);
    assertThat(sets.code()).isEqualTo(2);
    assertThat(sets.err().strip()).contains("--sets must be >= 1").doesNotContain("\n");
    Run chains = run("experiment", "welling-parise", "--draws", "3", "--chains", "4", "--out", out);
    assertThat(chains.code()).isEqualTo(2);
    assertThat(chains.err()).contains("--chains 4 is more than --draws 3");
    assertThat(Path.of(out)).doesNotExist();
  }
}
