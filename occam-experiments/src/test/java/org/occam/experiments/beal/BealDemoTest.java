package org.occam.experiments.beal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.experiments.ProgressSink;
import org.occam.report.OutputFiles;

/**
 * {@link BealDemo}: the ranks it reports agree with its per-structure scores, the data file holds
 * the largest size's rows, and the same seed gives the same scores.
 */
class BealDemoTest {
  @TempDir
  Path dir;

  private static String run(DemoSettings s, Path out) {
    StringWriter so = new StringWriter();
    new BealDemo(s).run(OutputFiles.prepareFolder(out, false), ProgressSink.none(), new PrintWriter(so));
    return so.toString();
  }

  @Test
  void ranksAgreeWithTheScoresAndRunsReplay() throws IOException {
    Path out = dir.resolve("demo");
    String printed = run(new DemoSettings(List.of(60, 30, 60), "bic,cs", 4, 2), out);
    assertThat(printed).contains("136 structures; data sizes [30, 60]").contains("rank of the true structure");
    JsonNode root = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    int trueIndex = root.get("trueIndex").asInt();
    assertThat(root.get("trueModel").get("type").asText()).isEqualTo("dag");
    // scores.csv: n, structure, parameters, parents, method, logEvidence, uncorrected, rank, true, converged
    List<String> lines = Files.readAllLines(out.resolve("scores.csv"));
    assertThat(lines).hasSize(1 + 2 * 136 * 2);
    Map<String, double[]> scores = new HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] c = line.replaceAll("\"[^\"]*\"", "P").split(",");
      scores.computeIfAbsent(c[0] + "/" + c[4], k -> new double[136])[Integer.parseInt(c[1])] =
          Double.parseDouble(c[5]);
      assertThat(c[8]).isEqualTo(Boolean.toString(Integer.parseInt(c[1]) == trueIndex));
    }
    for (String line : Files.readAllLines(out.resolve("ranks.csv")).subList(1, 5)) {
      String[] c = line.split(",");
      double[] s = scores.get(c[0] + "/" + c[1]);
      int higher = 0;
      for (double v : s) {
        higher += v > s[trueIndex] ? 1 : 0;
      }
      assertThat(Integer.parseInt(c[2])).as(line).isEqualTo(higher + 1);
      assertThat(root.at("/sizes/" + (c[0].equals("30") ? 0 : 1) + "/trueRanks/" + c[1] + "/rank").asInt())
          .isEqualTo(higher + 1);
    }
    assertThat(Files.readAllLines(out.resolve("data.csv"))).hasSize(61).first().isEqualTo("y1,y2,y3,y4");

    run(new DemoSettings(List.of(30, 60), "bic,cs", 4, 1), dir.resolve("again"));
    assertThat(Files.readString(dir.resolve("again/scores.csv"))).isEqualTo(Files.readString(out.resolve("scores.csv")));
  }

  @Test
  void refusesExactAndNonPositiveSizes() {
    assertThatThrownBy(() -> new BealDemo(new DemoSettings(List.of(40), "bic,exact", 1, 1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exact");
    assertThatThrownBy(() -> new BealDemo(new DemoSettings(List.of(40, 0), "bic", 1, 1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--sizes");
  }
}
