package org.occam.experiments.wellingparise;

import org.occam.experiments.PaperClaim;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.InvalidInputException;
import org.occam.experiments.CsvRows;
import org.occam.experiments.ProgressSink;
import org.occam.math.RandomStreams;
import org.occam.report.OutputFiles;
import org.occam.report.UnitJournal;

/**
 * The quick run of {@link WellingPariseExperiment} writes every figure, and the figures' numbers and
 * the claims' verdicts are recomputed here from the CSV files alone; every row's seed is its unit's
 * {@code taskSeed}; the numbers do not depend on the thread count.
 */
class WellingPariseExperimentTest {
  private static final String[] FIGURE_CSVS = {WellingPariseExperiment.FIG2_CSV, WellingPariseExperiment.FIG4_CSV,
      WellingPariseExperiment.FIG5_CSV};

  @TempDir
  Path dir;

  static WellingPariseSettings quick(long seed, int threads) {
    return new WellingPariseSettings(true, null, null, null, null, null, null, null, null, seed, threads);
  }

  private static String run(WellingPariseSettings s, WellingPariseSampling sampling, Path out) {
    StringWriter so = new StringWriter();
    new WellingPariseExperiment(s, sampling).run(OutputFiles.prepareFolder(out, false), ProgressSink.none(),
        new PrintWriter(so));
    return so.toString();
  }

  /**
   * The quick run on 2 threads with the library's samplers, and a part of it (N = 100, d = 1.5/4) on
   * one thread, whose rows must be the quick run's rows of the same units, timings aside.
   */
  @Test
  void quickRunWritesFiguresWhoseNumbersAndClaimsFollowFromTheCsvFiles() throws IOException {
    Path out = dir.resolve("wp");
    String printed = run(quick(1, 2), WellingPariseSampling.library(), out);
    assertThat(printed).contains("Figure 2").contains("Figure 4").contains("Figure 5")
        .contains("The paper's findings");
    for (String f : new String[] {"fig-2-cvm-vs-n.png", "fig-3-histograms.png", "fig-4-cvm-vs-d-bias0.png",
        "fig-5-cvm-vs-d-bias1.png"}) {
      BufferedImage png = ImageIO.read(out.resolve(f).toFile());
      assertThat(png).as(f).isNotNull();
      assertThat(png.getWidth()).as(f).isGreaterThan(300);
    }
    JsonNode root = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    WellingParisePlan plan = WellingParisePlan.of(quick(1, 2));

    // Each figure's rows: one per model, x, method and set, each seeded by its unit.
    Map<Integer, List<WellingPariseUnits.Row>> parsed = new LinkedHashMap<>();
    int[] figures = {2, 4, 5};
    for (int i = 0; i < 3; i++) {
      Path csv = out.resolve(FIGURE_CSVS[i]);
      List<Map<String, String>> rows = CsvRows.read(csv);
      int points = figures[i] == 2 ? plan.models() * plan.sizes().size() : plan.strengths().size();
      assertThat(rows).hasSize(points * plan.sets() * WellingPariseDesign.METHODS.size());
      for (Map<String, String> r : rows) {
        if (figures[i] != 2) {
          assertThat(Integer.parseInt(r.get("model"))).isEqualTo(WellingParisePlan.strengthId(Double.parseDouble(
              r.get("d4"))));
        }
        long unitSeed = RandomStreams.taskSeed(1, figures[i], Integer.parseInt(r.get("model")),
            Integer.parseInt(r.get("n")), Integer.parseInt(r.get("set")));
        assertThat(Long.parseLong(r.get("seed"))).isEqualTo(RandomStreams.taskSeed(unitSeed,
            WellingPariseDesign.METHODS.indexOf(r.get("method"))));
        assertThat(r.get("note")).as("%s", r).isEmpty();
        assertThat(Integer.parseInt(r.get("draws"))).isEqualTo(plan.sampling().samples());
      }
      checkMeans(rows, figures[i], root.at("/figures/figure" + figures[i]));
      parsed.put(figures[i], WellingPariseFigures.parse(Files.readString(csv)));
    }

    // The claims, recomputed from the CSV files, are the report's.
    List<PaperClaim> claims = WellingPariseClaims.claims(WellingPariseFigures.points(parsed.get(2)),
        WellingPariseFigures.points(parsed.get(4)), WellingPariseFigures.points(parsed.get(5)));
    JsonNode saved = root.get("claims");
    assertThat(saved).hasSize(claims.size());
    String report = Files.readString(out.resolve("report.md"));
    for (int c = 0; c < claims.size(); c++) {
      assertThat(saved.get(c).get("verdict").asText()).isEqualTo(claims.get(c).verdict());
      assertThat(saved.get(c).get("evidence").asText()).isEqualTo(claims.get(c).evidence());
      assertThat(report).contains("**" + claims.get(c).verdict() + "**. " + claims.get(c).evidence());
    }
    assertThat(report).contains("fromSpins").contains("## Figure 3").contains("## Speed").contains("6-16 hours");
    // the quick run's 2 chains of 25 draws of 65 parameters cannot meet 1.1 even when independent, and the report says so
    assertThat(report).contains("Independent draws of a set's shape (2 chains of").contains("of 65 parameters)")
        .contains("no set of this size meets the threshold");

    // Figure 3 is at bl-mp's worst (model, N) of Figure 2.
    Map<String, double[]> blMp = new LinkedHashMap<>();
    for (WellingPariseUnits.Row r : parsed.get(2)) {
      if (r.method().equals("bl-mp")) {
        double[] s = blMp.computeIfAbsent(r.model() + "/" + r.n(), k -> new double[2]);
        s[0] += r.cvm();
        s[1]++;
      }
    }
    String worst = blMp.entrySet().stream().max((a, b) -> Double.compare(a.getValue()[0] / a.getValue()[1],
        b.getValue()[0] / b.getValue()[1])).orElseThrow().getKey();
    assertThat(root.at("/figures/figure3/model").asInt() + "/" + root.at("/figures/figure3/n").asInt())
        .isEqualTo(worst);
    List<Map<String, String>> hist = CsvRows.read(out.resolve(WellingPariseExperiment.FIG3_CSV));
    assertThat(hist).hasSize(WellingPariseHistograms.SHOWN * WellingPariseHistograms.BINS);
    double hmcMass = hist.stream().filter(h -> h.get("parameter").equals(hist.get(0).get("parameter")))
        .mapToDouble(h -> Double.parseDouble(h.get("hmcFraction"))).sum();
    assertThat(hmcMass).isCloseTo(1, within(1e-9));

    // A part of the run on one thread: the same rows for the same units, whatever else runs.
    Path part = dir.resolve("part");
    run(new WellingPariseSettings(true, List.of(100), null, null, null, null, null, List.of(1.5), null, 1, 1),
        WellingPariseSampling.library(), part);
    for (String f : FIGURE_CSVS) {
      List<String> whole = withoutSeconds(out.resolve(f));
      List<String> some = withoutSeconds(part.resolve(f));
      assertThat(some).as(f).hasSize(1 + WellingPariseDesign.METHODS.size());
      assertThat(whole).as(f).containsAll(some);
    }
  }

  /** The mean CVM per (x, method) over the rows, against summary.json's points. */
  private static void checkMeans(List<Map<String, String>> rows, int figure, JsonNode points) {
    Map<String, List<Double>> groups = new LinkedHashMap<>();
    for (Map<String, String> r : rows) {
      String x = figure == 2 ? r.get("n") : r.get("d4");
      groups.computeIfAbsent(Double.parseDouble(x) + "/" + r.get("method"), k -> new ArrayList<>())
          .add(r.get("cvm").isEmpty() ? Double.NaN : Double.parseDouble(r.get("cvm")));
    }
    assertThat(points).hasSize(groups.size());
    for (JsonNode p : points) {
      List<Double> g = groups.get(p.get("x").asDouble() + "/" + p.get("method").asText());
      assertThat(g).as("%s", p).isNotNull().hasSize(p.get("rows").asInt());
      if (!p.get("method").asText().equals("hmc")) {
        double mean = g.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        assertThat(p.get("meanCvm").asDouble()).as("%s", p).isCloseTo(mean, within(1e-9 * Math.abs(mean)));
      }
    }
  }

  /** A method that gives no draws gets a row with its error and is left out of the means. */
  @Test
  void aMethodWithoutDrawsIsNotedAndLeftOutOfTheMeans() throws IOException {
    Path out = dir.resolve("fail");
    run(new WellingPariseSettings(true, List.of(100, 1000), null, 2, null, null, null, List.of(1.5), null, 3, 2),
        new StandInSampling("bl-bp"), out);
    List<Map<String, String>> rows = CsvRows.read(out.resolve(WellingPariseExperiment.FIG2_CSV));
    assertThat(rows.stream().filter(r -> r.get("method").equals("bl-bp"))).hasSize(4).allSatisfy(r -> {
      assertThat(r.get("note")).contains("not positive definite; too bad");
      assertThat(r.get("cvm")).isEmpty();
    });
    assertThat(rows.stream().filter(r -> !r.get("method").equals("bl-bp"))).allSatisfy(r ->
        assertThat(r.get("note")).isEmpty());
    JsonNode root = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    for (JsonNode p : root.at("/figures/figure2")) {
      boolean bp = p.get("method").asText().equals("bl-bp");
      assertThat(p.get("failed").asInt()).as("%s", p).isEqualTo(bp ? 2 : 0);
      assertThat(p.get("rows").asInt()).as("%s", p).isEqualTo(bp ? 0 : 2);
    }
    assertThat(Files.readString(out.resolve("report.md"))).contains("| bl-bp | 8 | 8 | 0 |");
  }

  /**
   * A run interrupted after 3 units and resumed from its journal runs only the other units and
   * writes what an uninterrupted run writes (the stand-in's timings are constant, so the files are
   * compared whole).
   */
  @Test
  void aResumedRunEndsAsAnUninterruptedOne() throws IOException {
    var s = new WellingPariseSettings(true, List.of(100, 1000), null, 2, null, null, null, List.of(1.5), null, 5, 2);
    Map<String, Object> header = UnitJournal.header("occam experiment welling-parise", null, Map.of("--seed", 5));
    Path whole = dir.resolve("whole");
    run(s, new StandInSampling(null), whole);
    Path resumed = dir.resolve("resumed");
    System.setProperty(UnitJournal.INTERRUPT_AFTER_PROPERTY, "3");
    try (UnitJournal j = UnitJournal.openInFolder(resumed, header, false, false)) {
      assertThatThrownBy(() -> new WellingPariseExperiment(s, new StandInSampling(null)).run(resumed,
          ProgressSink.none(), new PrintWriter(new StringWriter()), j, new PrintWriter(new StringWriter())))
          .satisfiesAnyOf(e -> assertThat(e).isInstanceOf(UnitJournal.Interrupted.class),
              e -> assertThat(e).hasRootCauseInstanceOf(UnitJournal.Interrupted.class));
    } finally {
      System.clearProperty(UnitJournal.INTERRUPT_AFTER_PROPERTY);
    }
    StringWriter err = new StringWriter();
    try (UnitJournal j = UnitJournal.openInFolder(resumed, header, true, false)) {
      assertThat(j.finished()).hasSizeGreaterThanOrEqualTo(2);
      int kept = j.finished().size();
      new WellingPariseExperiment(s, new StandInSampling(null)).run(resumed, ProgressSink.none(),
          new PrintWriter(new StringWriter()), j, new PrintWriter(err));
      assertThat(err.toString().lines().filter(l -> l.startsWith("["))).hasSize(8 - kept);
    }
    assertThat(UnitJournal.inFolder(resumed)).doesNotExist();
    for (String f : new String[] {WellingPariseExperiment.FIG2_CSV, WellingPariseExperiment.FIG4_CSV,
        WellingPariseExperiment.FIG5_CSV, WellingPariseExperiment.FIG3_CSV, "models.csv"}) {
      assertThat(Files.readString(resumed.resolve(f))).as(f).isEqualTo(Files.readString(whole.resolve(f)));
    }
  }

  /** The CSV with its {@code seconds} column blanked (timings vary). */
  private static List<String> withoutSeconds(Path csv) throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(csv)) {
      String[] c = line.split(",", -1);
      c[7] = "";
      out.add(String.join(",", c));
    }
    return out;
  }

  @Test
  void badSettingsAreRefusedWithOneLine() {
    assertThatThrownBy(() -> WellingParisePlan.of(new WellingPariseSettings(false, List.of(0, 100), null, null, null,
        null, null, null, null, 1, 1))).isInstanceOf(InvalidInputException.class).hasMessageContaining("--sizes");
    assertThatThrownBy(() -> WellingParisePlan.of(new WellingPariseSettings(false, null, null, 0, null, null, null,
        null, null, 1, 1))).isInstanceOf(InvalidInputException.class).hasMessageContaining("--sets must be >= 1");
    assertThatThrownBy(() -> WellingParisePlan.of(new WellingPariseSettings(false, null, null, null, 3, 4, null,
        null, null, 1, 1))).isInstanceOf(InvalidInputException.class).hasMessageContaining("--chains 4");
    assertThatThrownBy(() -> WellingParisePlan.of(new WellingPariseSettings(false, null, null, null, null, null, null,
        List.of(-1.0), null, 1, 1))).isInstanceOf(InvalidInputException.class).hasMessageContaining("--strengths");
    assertThatThrownBy(() -> WellingParisePlan.of(new WellingPariseSettings(false, null, null, null, null, null, 0L,
        null, null, 1, 1))).isInstanceOf(InvalidInputException.class).hasMessageContaining("--max-transitions");
  }
}
