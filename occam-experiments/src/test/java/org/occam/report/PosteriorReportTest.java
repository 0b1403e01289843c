package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;
import org.occam.sampling.CramerVonMises;
import org.occam.sampling.ParameterSamples;

class PosteriorReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> NAMES = List.of("b:A", "b:B", "w:A-B");
  private static final int CHAINS = 2;
  private static final int DRAWS = 300;

  @TempDir
  Path dir;

  /** Gaussian draws with the given means and standard deviations per parameter, by chain. */
  private static ParameterSamples samples(String method, double[] mean, double[] sd, boolean converged,
      UniformRandomProvider rng) {
    var z = ZigguratSampler.NormalizedGaussian.of(rng);
    double[][][] d = new double[CHAINS][DRAWS][NAMES.size()];
    for (double[][] chain : d) {
      for (double[] draw : chain) {
        for (int k = 0; k < draw.length; k++) {
          draw[k] = mean[k] + sd[k] * z.sample();
        }
      }
    }
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("converged", converged);
    diag.put("mpsrf", converged ? 1.01 : 1.4);
    if (!converged) {
      diag.put("reason", "MPSRF above 1.1");
    }
    return new ParameterSamples(method, NAMES, d, 0.25, Map.of("samples", CHAINS * DRAWS), diag);
  }

  /** hmc; bl-mp off in w:A-B only; lv-cd off everywhere a little and not converged. */
  private static List<ParameterSamples> methods(long seed) {
    var rng = RandomStreams.fromSeed(seed);
    double[] mean = {-0.5, 0.2, 1.0};
    double[] sd = {0.3, 0.3, 0.5};
    return List.of(samples("hmc", mean, sd, true, rng),
        samples("bl-mp", mean, new double[] {0.3, 0.3, 1.0}, true, rng),
        samples("lv-cd", new double[] {-0.4, 0.3, 0.9}, sd, false, rng));
  }

  private static Map<String, Object> settings() {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("samples", CHAINS * DRAWS);
    s.put("priorSigma", 1.0);
    return s;
  }

  @Test
  void writesEveryFileWithItsColumns() throws IOException {
    Path out = PosteriorReport.prepare(dir.resolve("post"), false);
    var r = PosteriorReport.write(out, methods(1), settings(), 7, 2);
    for (String m : List.of("hmc", "bl-mp", "lv-cd")) {
      List<String> lines = Files.readAllLines(out.resolve("samples-" + m + ".csv"));
      assertThat(lines.get(0)).isEqualTo("chain,draw,b:A,b:B,w:A-B");
      assertThat(lines).hasSize(1 + CHAINS * DRAWS);
      assertThat(lines.get(1)).startsWith("1,1,");
      assertThat(lines.get(lines.size() - 1)).startsWith(CHAINS + "," + DRAWS + ",");
    }
    List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
    assertThat(summary.get(0)).isEqualTo("method,parameter,mean,sd,q2.5,q25,q50,q75,q97.5,ess,psrf");
    assertThat(summary).hasSize(1 + 3 * NAMES.size());
    assertThat(summary.get(1)).startsWith("hmc,b:A,");
    List<String> cvm = Files.readAllLines(out.resolve("cvm.csv"));
    assertThat(cvm.get(0)).isEqualTo("method,cvm,cvmNull99,worstParameter,worstCvm,bestParameter,bestCvm");
    assertThat(cvm).hasSize(3);
    assertThat(cvm.get(1)).startsWith("bl-mp,");
    assertThat(cvm.get(2)).startsWith("lv-cd,");

    JsonNode json = JSON.readTree(out.resolve("posterior.json").toFile());
    assertThat(json.get("seed").asLong()).isEqualTo(7);
    assertThat(json.get("settings").get("priorSigma").asDouble()).isEqualTo(1.0);
    assertThat(json.get("reference").asText()).isEqualTo("hmc");
    JsonNode ms = json.get("methods");
    assertThat(ms).hasSize(3);
    assertThat(ms.get(0).get("method").asText()).isEqualTo("hmc");
    assertThat(ms.get(0).has("cvm")).isFalse();
    assertThat(ms.get(1).get("converged").asBoolean()).isTrue();
    assertThat(ms.get(2).get("converged").asBoolean()).isFalse();
    assertThat(ms.get(2).get("mpsrf").asDouble()).isEqualTo(1.4);
    assertThat(ms.get(1).get("seconds").asDouble()).isEqualTo(0.25);
    assertThat(ms.get(1).get("diagnostics").get("converged").asBoolean()).isTrue();
    assertThat(ms.get(1).get("summary")).hasSize(3);
    assertThat(ms.get(1).get("summary").get(2).get("parameter").asText()).isEqualTo("w:A-B");
    assertThat(ms.get(1).get("cvm").get("byParameter").size()).isEqualTo(3);
    assertThat(json.get("files")).hasSize(r.written().size());
    assertThat(r.written()).allMatch(Files::exists);
  }

  @Test
  void cvmNumbersAreCramerVonMisesAndTheWrongParameterIsTheWorst() throws IOException {
    Path out = PosteriorReport.prepare(dir.resolve("post"), false);
    List<ParameterSamples> first = methods(1);
    PosteriorReport.write(out, first, settings(), 1, 2);
    var rows = org.occam.experiments.CsvRows.read(out.resolve("cvm.csv"));
    for (int i = 0; i < 2; i++) {
      ParameterSamples m = first.get(i + 1);
      var row = rows.get(i);
      assertThat(Double.parseDouble(row.get("cvm"))).isEqualTo(CramerVonMises.score(m, first.get(0)));
      int worst = NAMES.indexOf(row.get("worstParameter"));
      assertThat(Double.parseDouble(row.get("worstCvm"))).isEqualTo(CramerVonMises.univariate(
          column(m, worst), column(first.get(0), worst)));
    }
    for (long seed : new long[] {1, 2, 3, 4, 5}) {
      List<ParameterSamples> ms = methods(seed);
      var r = PosteriorReport.compute(ms, seed, 2);
      for (int i = 1; i < 3; i++) {
        var c = r.rows().get(i).cvm();
        assertThat(c.score()).isEqualTo(CramerVonMises.score(ms.get(i), ms.get(0)));
        for (int k = 0; k < NAMES.size(); k++) {
          assertThat(c.byParameter()[k]).isEqualTo(CramerVonMises.univariate(column(ms.get(i), k),
              column(ms.get(0), k)));
        }
      }
      // bl-mp's w:A-B has twice hmc's sd: the worst, and far above the null; its right parameters are below it
      var blmp = r.rows().get(1).cvm();
      assertThat(NAMES.get(blmp.worst())).as("seed " + seed).isEqualTo("w:A-B");
      assertThat(blmp.score()).as("seed " + seed).isGreaterThan(blmp.null99());
      assertThat(blmp.byParameter()[blmp.best()]).as("seed " + seed).isLessThan(blmp.null99());
      assertThat(r.rows().get(0).cvm()).isNull();
    }
  }

  private static double[] column(ParameterSamples s, int k) {
    double[][] p = s.pooled();
    double[] c = new double[p.length];
    for (int i = 0; i < p.length; i++) {
      c[i] = p[i][k];
    }
    return c;
  }

  @Test
  void histogramsDecodeAtTheirSize() throws IOException {
    Path out = PosteriorReport.prepare(dir.resolve("post"), false);
    PosteriorReport.write(out, methods(2), settings(), 7, 1);
    BufferedImage img = ImageIO.read(out.resolve("histograms.png").toFile());
    assertThat(img).isNotNull();
    // two methods besides hmc, each its worst and best parameter: 4 panels, 2 rows
    int[] wh = PosteriorHistograms.size(4);
    assertThat(img.getWidth()).isEqualTo(wh[0]).isEqualTo(2 * PosteriorHistograms.PANEL_W);
    assertThat(img.getHeight()).isEqualTo(wh[1]).isEqualTo(PosteriorHistograms.TITLE_H + 2 * PosteriorHistograms.PANEL_H);
  }

  @Test
  void histogramDensitiesIntegrateToOneAndCountEachDraw() {
    double[] draws = {0, 0.1, 0.1, 0.5, 0.99, 1.0, Double.NaN};
    double[] h = PosteriorHistograms.density(draws, 0, 1, 10);
    double width = 0.1;
    assertThat(java.util.Arrays.stream(h).sum() * width).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-12));
    // 0 in bin 0; 0.1 twice and (by rounding) in bin 1; 0.5 in bin 5; 0.99 and 1.0 in the closed last bin
    assertThat(h[0] * width * 6).isCloseTo(1, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(h[5] * width * 6).isCloseTo(1, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(h[9] * width * 6).isCloseTo(2, org.assertj.core.api.Assertions.within(1e-12));
    double[][] xy = PosteriorHistograms.steps(draws, 0, 1, 10);
    assertThat(xy[0]).hasSize(22).startsWith(0.0, 0.0);
    assertThat(xy[1][0]).isZero();
    assertThat(xy[1][21]).isZero();
  }

  @Test
  void withoutHmcNoCvmAndItSaysSo() throws IOException {
    Path out = PosteriorReport.prepare(dir.resolve("post"), false);
    var r = PosteriorReport.write(out, methods(3).subList(1, 3), settings(), 7, 1);
    assertThat(out.resolve("cvm.csv")).doesNotExist();
    assertThat(r.hasReference()).isFalse();
    assertThat(r.notes()).anyMatch(n -> n.contains("no hmc among the methods"));
    BufferedImage img = ImageIO.read(out.resolve("histograms.png").toFile());
    int[] wh = PosteriorHistograms.size(4);
    assertThat(new int[] {img.getWidth(), img.getHeight()}).containsExactly(wh);
    StringWriter text = new StringWriter();
    PosteriorReport.print(new PrintWriter(text), r);
    assertThat(text.toString()).contains("no hmc among the methods");
    assertThat(text.toString().lines()).noneMatch(l -> l.startsWith("wrote") && l.endsWith("cvm.csv"));
  }

  @Test
  void printsTheTableAndNeverHidesANonConvergedMethod() {
    var r = PosteriorReport.compute(methods(4), 7, 1);
    StringWriter text = new StringWriter();
    PosteriorReport.print(new PrintWriter(text), r);
    List<String> lines = text.toString().lines().toList();
    assertThat(lines.get(0)).startsWith("method").contains("MPSRF").contains("min ESS").contains("CVM vs hmc")
        .contains("null 99%");
    assertThat(lines).anyMatch(l -> l.startsWith("hmc ") && l.contains("yes"));
    assertThat(lines).anyMatch(l -> l.startsWith("lv-cd ") && l.contains("NO") && l.contains("1.400"));
    assertThat(lines).anyMatch(l -> l.startsWith("lv-cd did not converge (MPSRF 1.400"));
  }

  @Test
  void refusesANonEmptyFolderWithoutForceBeforeAnyWork() throws IOException {
    Path out = dir.resolve("post");
    Files.createDirectories(out);
    Files.writeString(out.resolve("notes.txt"), "mine");
    assertThatThrownBy(() -> PosteriorReport.prepare(out, false)).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("not empty").hasMessageContaining("--force");
    assertThat(Files.readString(out.resolve("notes.txt"))).isEqualTo("mine");
    PosteriorReport.write(PosteriorReport.prepare(out, true), methods(5), settings(), 7, 1);
    assertThat(out.resolve("summary.csv")).exists();
    Path file = dir.resolve("afile");
    Files.writeString(file, "x");
    assertThatThrownBy(() -> PosteriorReport.prepare(file, true)).hasMessageContaining("not a folder");
  }

  @Test
  void refusesMethodsTwiceOrWithOtherParameters() {
    var ms = methods(6);
    assertThatThrownBy(() -> PosteriorReport.compute(List.of(ms.get(0), ms.get(0)), 1, 1))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("twice");
    var other = new ParameterSamples("bl-bp", List.of("b:A", "b:B", "w:B-A"), ms.get(1).draws(), 0, Map.of(),
        Map.of());
    assertThatThrownBy(() -> PosteriorReport.compute(List.of(ms.get(0), other), 1, 1))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("parameters");
  }
}
