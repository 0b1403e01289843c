package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** {@link ScoreGridPlot} with rows of different lengths (AIS at fewer sizes than the other scores). */
class ScoreGridPlotTest {
  private static ScoreGridPlot.Panel panel(String title) {
    return new ScoreGridPlot.Panel(title, new double[] {1, 2, 3}, new double[] {-3, -2, Double.NaN}, 1);
  }

  @Test
  void rowsOfDifferentLengthsRenderAsWideAsTheLongest() throws IOException {
    byte[] png = ScoreGridPlot.png("t", List.of(List.of(panel("a"), panel("b"), panel("c")), List.of(panel("d"))));
    BufferedImage three = ImageIO.read(new ByteArrayInputStream(png));
    BufferedImage one = ImageIO.read(new ByteArrayInputStream(ScoreGridPlot.png("t", List.of(List.of(panel("a"))))));
    assertThat(three.getWidth()).isEqualTo(3 * one.getWidth());
    assertThat(three.getHeight()).isGreaterThan(one.getHeight());
  }
}
