package org.occam.experiments.beal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.experiments.ProgressSink;
import org.occam.report.OutputFiles;

/**
 * The quick run of {@link BealExperiment} (with the proposal-strength comparison) writes every table and figure, and the tables agree with each
 * other: the true structure's ranks and the AIS violation rates are recomputed here from the
 * per-structure scores, and the part-two counts from the per-instance ranks.
 */
class BealExperimentTest {
  @TempDir
  Path dir;

  private static List<String[]> csv(Path p) throws IOException {
    List<String[]> rows = new ArrayList<>();
    for (String line : Files.readAllLines(p).subList(1, Files.readAllLines(p).size())) {
      rows.add(line.split(",", -1));
    }
    return rows;
  }

  @Test
  void quickRunWritesConsistentTablesFiguresAndReport() throws IOException {
    Path out = dir.resolve("beal");
    StringWriter so = new StringWriter();
    BealSettings quick = BealSettings.defaults(1, 2).asQuick();
    BealSettings settings = new BealSettings(true, null, null, null, false, null, null, false, quick.aisStrength(),
        true, quick.restarts(), 1, 2);
    new BealExperiment(settings).run(OutputFiles.prepareFolder(out, false), ProgressSink.none(), new PrintWriter(so));
    assertThat(so.toString()).contains("Table 6.1").contains("Table 6.4").contains("Table 6.5").contains("Table 6.2");
    for (String f : new String[] {"report.md", "summary.json", "table-6.1-true-rank.csv", "scores.csv",
        "table-6.4-ais.csv", "table-6.3-ais-single-run-ranks.csv", "ais-strength.csv", "instances-true-rank.csv",
        "table-6.5-ranked-first.csv", "table-6.2-vb-vs-others.csv"}) {
      assertThat(out.resolve(f)).exists();
    }
    for (String f : new String[] {"fig-6.3-rank-vs-n.png", "fig-6.2-scores-vs-parameters.png",
        "fig-6.9-success-vs-n.png", "fig-6.5-median-rank-vs-n.png"}) {
      BufferedImage png = ImageIO.read(out.resolve(f).toFile());
      assertThat(png.getWidth()).as(f).isGreaterThan(300);
    }

    JsonNode root = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    int trueIndex = root.get("trueIndex").asInt();
    assertThat(root.get("sizes")).hasSize(3);

    // Table 6.1 against the per-structure scores: 1 + the number of structures scoring strictly higher.
    Map<String, double[]> scores = new HashMap<>();
    for (String[] r : csv(out.resolve("scores.csv"))) {
      scores.computeIfAbsent(r[0] + "/" + r[3], k -> new double[136])[Integer.parseInt(r[1])] = Double.parseDouble(r[4]);
    }
    List<String[]> t61 = csv(out.resolve("table-6.1-true-rank.csv"));
    assertThat(t61).hasSize(3 * 7);
    for (String[] r : t61) {
      double[] s = scores.get(r[0] + "/" + r[1]);
      int higher = 0;
      for (double v : s) {
        higher += v > s[trueIndex] ? 1 : 0;
      }
      assertThat(Integer.parseInt(r[2])).as("rank of %s at n = %s", r[1], r[0]).isEqualTo(higher + 1);
    }

    // Table 6.4: the G-run AIS average below the corrected VB bound, recomputed.
    for (String[] r : csv(out.resolve("table-6.4-ais.csv"))) {
      double[] ais = scores.get(r[0] + "/ais");
      double[] vb = scores.get(r[0] + "/vb");
      int below = 0;
      for (int i = 0; i < 136; i++) {
        below += ais[i] < vb[i] ? 1 : 0;
      }
      assertThat(Double.parseDouble(r[4])).as("AIS below VB at n = %s", r[0]).isCloseTo(100.0 * below / 136, within(1e-3));
      assertThat(Double.parseDouble(r[5])).isBetween(0.0, 100.0);
    }

    // Table 6.5 against the per-instance ranks.
    Map<String, Integer> firsts = new HashMap<>();
    List<String[]> inst = csv(out.resolve("instances-true-rank.csv"));
    assertThat(inst).hasSize(3 * 3 * 6);
    for (String[] r : inst) {
      firsts.merge(r[1] + "/" + r[2], r[3].equals("1") ? 1 : 0, Integer::sum);
      assertThat(Integer.parseInt(r[3])).isBetween(1, 136);
    }
    List<String> header = List.of(Files.readAllLines(out.resolve("table-6.5-ranked-first.csv")).get(0).split(","));
    for (String[] r : csv(out.resolve("table-6.5-ranked-first.csv"))) {
      for (int c = 1; c < header.size() - 1; c++) {
        assertThat(Integer.parseInt(r[c])).isEqualTo(firsts.get(r[0] + "/" + header.get(c)));
      }
    }
    // Table 6.2: each row's percentages add up to 100.
    for (String[] r : csv(out.resolve("table-6.2-vb-vs-others.csv"))) {
      assertThat(Double.parseDouble(r[2]) + Double.parseDouble(r[3]) + Double.parseDouble(r[4])).isCloseTo(100.0,
          within(1e-3));
    }
    // --compare-strength: both strengths at every AIS size, on the same data
    List<String[]> strength = csv(out.resolve("ais-strength.csv"));
    assertThat(strength).hasSize(2 * 3);
    for (int i = 0; i < strength.size(); i += 2) {
      assertThat(strength.get(i)[0]).isEqualTo(strength.get(i + 1)[0]);
      assertThat(strength.get(i)[1]).contains("n tau");
      assertThat(strength.get(i + 1)[1]).startsWith("fixed");
    }
    String report = Files.readString(out.resolve("report.md"));
    assertThat(report).contains("## Table 6.1").contains("## Table 6.5").contains("## Speed")
        .contains("this run / chapter")
        .contains("## AIS proposal strength: scaled against fixed");
  }

  @Test
  void refusesAnAisSizeThatIsNotScored() {
    BealSettings d = BealSettings.defaults(1, 1);
    assertThatThrownBy(() -> new BealExperiment(new BealSettings(false, List.of(40), List.of(80), null, false, null,
        null, false, d.aisStrength(), false, d.restarts(), 1, 1))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--ais-sizes 80");
  }
}
