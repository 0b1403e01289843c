package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {
  @TempDir
  Path dir;

  @Test
  void writesSummaryTablesAndPlot() throws IOException {
    Path out = dir.resolve("demo");
    var r = CliRunner.run("demo", "--sizes", "40,80", "--out", out.toString(), "--methods", "bic,vb");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("rank of the true structure");
    JsonNode root = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertThat(root.get("sizes")).hasSize(2);
    assertThat(root.get("sizes").get(0).get("structures")).hasSize(136);
    // the reported rank of the true structure, recomputed from every structure's score
    JsonNode size = root.get("sizes").get(1);
    int trueIndex = root.get("trueIndex").asInt();
    double trueScore = size.get("structures").get(trueIndex).get("scores").get("vb").asDouble();
    int higher = 0;
    for (JsonNode st : size.get("structures")) {
      higher += st.get("scores").get("vb").asDouble() > trueScore ? 1 : 0;
    }
    assertThat(size.get("trueRanks").get("vb").get("rank").asInt()).isEqualTo(higher + 1);
    assertThat(Files.readAllLines(out.resolve("ranks.csv"))).hasSize(1 + 2 * 2);
    assertThat(Files.readAllLines(out.resolve("scores.csv"))).hasSize(1 + 2 * 136 * 2);
    assertThat(Files.readAllLines(out.resolve("data.csv"))).hasSize(81);
    BufferedImage png = ImageIO.read(out.resolve("scores.png").toFile());
    assertThat(png.getWidth()).isGreaterThan(400);
    assertThat(png.getHeight()).isGreaterThan(400);

    var again = CliRunner.run("demo", "--sizes", "40", "--out", out.toString());
    assertThat(again.exitCode()).isEqualTo(2);
    assertThat(again.err()).contains("not empty").contains("--force");
  }
}
