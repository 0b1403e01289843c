package org.occam.cli.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.cli.Occam;

/**
 * {@code occam experiment crf-faq} through the command line: the options reach the experiment (a
 * tiny run ends with exit code 0, the tables on stdout, a line per part on stderr and the files in
 * --out, which is not overwritten without --force), and bad input gets one line and exit code 2.
 * The experiment's numbers are tested in occam-experiments.
 */
class CrfFaqExperimentCommandTest {
  /** The repository's data folder (the tests run in the module's folder). */
  private static final String DATA = Path.of("..", "data").toString();

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
  void tinyRunWritesFiguresAndReport() {
    Path out = dir.resolve("faq");
    Run r = run("experiment", "crf-faq", "--quick", "--data", DATA, "--sizes", "3", "--ais-steps", "20",
        "--ais-runs", "1", "--draws", "20", "--threads", "2", "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("documents of up to 100 question/answer lines").contains("Figure 5")
        .contains("Figure 6").contains("held-out").contains("wrote " + out);
    assertThat(r.err()).contains("figure 5: 1 feature(s)").contains("figure 6: N = 3");
    for (String f : new String[] {"report.md", "summary.json", "documents.csv", "fig-5-scores.csv",
        "fig-5-scores.png", "fig-6-cvm-vs-n.csv", "fig-6-cvm-vs-n.png", "fig-7-8-marginals.csv",
        "fig-7-marginals-n3.png", "prediction.csv"}) {
      assertThat(out.resolve(f)).exists();
    }
    assertThat(out.resolve("partial.jsonl")).doesNotExist();
    Run again = run("experiment", "crf-faq", "--quick", "--data", DATA, "--out", out.toString());
    assertThat(again.code()).isEqualTo(2);
    assertThat(again.err()).contains("--force");
  }

  @Test
  void badOptionsGetOneLineAndExitCodeTwo() {
    String out = dir.resolve("bad").toString();
    Run sizes = run("experiment", "crf-faq", "--data", DATA, "--sizes", "0", "--out", out);
    assertThat(sizes.code()).isEqualTo(2);
    assertThat(sizes.err().strip()).contains("--sizes needs positive numbers").doesNotContain("\n");
    Run data = run("experiment", "crf-faq", "--data", dir.resolve("nowhere").toString(), "--out", out);
    assertThat(data.code()).isEqualTo(2);
    assertThat(data.err().strip()).contains("faq_sed_lines.tsv: no such file").doesNotContain("\n");
    assertThat(Path.of(out)).doesNotExist();
  }
}
