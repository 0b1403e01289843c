package org.occam.experiments.crffaq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.crf.CrfSettings;
import org.occam.data.InvalidInputException;
import org.occam.experiments.CsvRows;
import org.occam.experiments.PaperClaim;
import org.occam.experiments.ProgressSink;
import org.occam.report.OutputFiles;

/**
 * The quick run of {@link CrfFaqExperiment} on the repository's FAQ data writes every figure and
 * table; the figures' summary numbers and the claims' verdicts are recomputed here from the CSV
 * files alone; a Figure 5 model scored again on its own, on one thread, gives the run's numbers.
 */
class CrfFaqExperimentTest {
  /** The repository's data folder (the tests run in the module's folder). */
  static final Path DATA = Path.of("..", "data");

  @TempDir
  Path dir;

  @Test
  void quickRunWritesFiguresWhoseNumbersAndClaimsFollowFromTheCsvFiles() throws IOException {
    Path out = OutputFiles.prepareFolder(dir.resolve("faq"), false);
    CrfFaqSettings s = CrfFaqSettings.of(true, DATA, 1, 2);
    StringWriter printed = new StringWriter();
    new CrfFaqExperiment(s).run(out, ProgressSink.none(), new PrintWriter(printed));
    assertThat(printed.toString()).contains("Figure 5").contains("Figure 6").contains("held-out")
        .contains("The papers' findings");
    CrfFaqPlan plan = CrfFaqPlan.of(s);
    JsonNode root = new ObjectMapper().readTree(out.resolve("summary.json").toFile());

    // The data: both FAQs, 100-line documents, sed's then lsof's.
    List<Map<String, String>> docs = CsvRows.read(out.resolve(CrfFaqExperiment.DOCUMENTS_CSV));
    assertThat(docs).hasSize(root.at("/data/documents").asInt());
    assertThat(root.at("/data/faq_sed_lines").asInt()).isPositive();
    assertThat(root.at("/data/faq_lsof_lines").asInt()).isPositive();
    assertThat(docs).allSatisfy(d -> assertThat(Integer.parseInt(d.get("lines"))).isBetween(1, 100));
    assertThat(docs.stream().filter(d -> d.get("figure5").equals("true"))).hasSize(2);

    // Figure 5: 4 methods per nested model; the mean distances from AIS are summary.json's.
    String fig5Text = Files.readString(out.resolve(CrfFaqExperiment.FIG5_CSV));
    List<CrfFaqScores.Row> fig5 = CrfFaqScores.parse(fig5Text);
    assertThat(fig5).hasSize(plan.fig5Models() * CrfFaqScores.METHODS.size());
    assertThat(fig5).allSatisfy(r -> assertThat(r.lines()).isEqualTo(root.at("/figure5/lines").asInt()));
    Map<String, Double> diff = CrfFaqScores.meanAbsoluteDifference(fig5);
    for (var e : diff.entrySet()) {
      assertThat(root.at("/figure5/meanAbsDiffPerLineFromAis/" + e.getKey()).asDouble()).as(e.getKey())
          .isCloseTo(e.getValue(), within(1e-12));
    }
    List<Map<String, String>> raw5 = CsvRows.read(out.resolve(CrfFaqExperiment.FIG5_CSV));
    for (Map<String, String> r : raw5) {
      assertThat(Double.parseDouble(r.get("perLine"))).isCloseTo(Double.parseDouble(r.get("logEvidence"))
          / Integer.parseInt(r.get("lines")), within(1e-12));
    }

    // Figure 6: one row per N and method; bl-mp and lv-cd scored against mh.
    List<CrfFaqPosteriors.Row> fig6 = CrfFaqPosteriors.parse(Files.readString(out.resolve(CrfFaqExperiment.FIG6_CSV)));
    assertThat(fig6).hasSize(plan.sizes().size() * CrfFaqPosteriors.METHODS.size());
    assertThat(root.at("/figure6/rows")).hasSize(fig6.size());
    for (int i = 0; i < fig6.size(); i++) {
      JsonNode saved6 = root.at("/figure6/rows").get(i);
      CrfFaqPosteriors.Row r = fig6.get(i);
      assertThat(saved6.get("method").asText()).isEqualTo(r.method());
      assertThat(r.note()).as("%s", r).isEmpty();
      if (r.method().equals(CrfFaqPosteriors.TRUTH)) {
        assertThat(saved6.get("cvm").isNull()).isTrue();
      } else {
        assertThat(saved6.get("cvm").asDouble()).isEqualTo(r.cvm()).isPositive();
      }
    }

    // Figures 7-8: the worst and best parameters of the summary follow from the marginals' CSV.
    List<CrfFaqPosteriors.Marginal> marginals = CrfFaqPosteriors.parseMarginals(Files.readString(out.resolve(
        CrfFaqExperiment.MARGINALS_CSV)));
    for (JsonNode w : root.get("figures7and8")) {
      List<CrfFaqPosteriors.Marginal> wb = CrfFaqPosteriors.worstAndBest(marginals, w.get("method").asText(),
          w.get("n").asInt());
      assertThat(wb.get(0).parameter()).isEqualTo(w.get("worst").asText());
      assertThat(wb.get(1).parameter()).isEqualTo(w.get("best").asText());
      assertThat(wb.get(0).cvm()).isGreaterThanOrEqualTo(wb.get(1).cvm());
    }

    // Prediction: every method's error rate is its errors over the held-out lines.
    List<CrfFaqPredictions.Row> prediction = CrfFaqPredictions.parse(Files.readString(out.resolve(
        CrfFaqExperiment.PREDICTION_CSV)));
    assertThat(prediction).extracting(CrfFaqPredictions.Row::method).containsExactlyElementsOf(
        CrfFaqPredictions.METHODS);
    for (Map<String, String> r : CsvRows.read(out.resolve(CrfFaqExperiment.PREDICTION_CSV))) {
      if (!r.get("errorRate").isEmpty()) {
        assertThat(Double.parseDouble(r.get("errorRate"))).isCloseTo(Double.parseDouble(r.get("errors"))
            / Double.parseDouble(r.get("positions")), within(1e-12));
      }
    }

    // The claims, recomputed from the CSV files, are the report's.
    List<PaperClaim> claims = CrfFaqClaims.claims(fig5, fig6, prediction);
    JsonNode saved = root.get("claims");
    assertThat(saved).hasSize(claims.size());
    String report = Files.readString(out.resolve("report.md"));
    for (int c = 0; c < claims.size(); c++) {
      assertThat(saved.get(c).get("verdict").asText()).isEqualTo(claims.get(c).verdict());
      assertThat(saved.get(c).get("evidence").asText()).isEqualTo(claims.get(c).evidence());
      assertThat(report).contains("**" + claims.get(c).verdict() + "**. " + claims.get(c).evidence());
    }
    assertThat(report).contains("rule").contains("## Speed").contains("1.5%");
    assertThat(claims.get(0).verdict()).isNotEqualTo(CrfFaqClaims.NOT_CHECKED);

    for (String f : new String[] {"fig-5-scores.png", "fig-6-cvm-vs-n.png"}) {
      BufferedImage png = ImageIO.read(out.resolve(f).toFile());
      assertThat(png).as(f).isNotNull();
      assertThat(png.getWidth()).as(f).isGreaterThan(300);
    }

    // One model of Figure 5 scored again alone, on one thread: the run's numbers (its seed is its own).
    CrfFaqData data = CrfFaqData.load(DATA, 1);
    List<String> features = CrfFaqScores.sequence(CrfFaqExperiment.inputOrder(data.documents().inputNames(), 1)
        .subList(0, plan.fig5Inputs()));
    CrfSettings settings = CrfSettings.defaults().withThreads(1).withAis(CrfSettings.defaults().ais()
        .withSteps(plan.aisSteps()).withRuns(plan.aisRuns()));
    int k = 2;
    List<CrfFaqScores.Row> again = CrfFaqScores.score(data.first(2), features, k, settings, 1);
    for (CrfFaqScores.Row r : again) {
      CrfFaqScores.Row before = fig5.stream().filter(x -> x.features() == k && x.method().equals(r.method()))
          .findFirst().orElseThrow();
      assertThat(r.logEvidence()).as(r.method()).isEqualTo(before.logEvidence());
      assertThat(r.seed()).isEqualTo(before.seed());
    }
  }

  @Test
  void badSettingsAreOneLineErrors() {
    assertThatThrownBy(() -> CrfFaqPlan.of(new CrfFaqSettings(true, DATA, List.of(0, 4), null, null, null, 1, 1)))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("--sizes");
    assertThatThrownBy(() -> CrfFaqPlan.of(new CrfFaqSettings(true, DATA, null, 0, null, null, 1, 1)))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("--ais-steps");
    assertThatThrownBy(() -> CrfFaqData.load(dir, 1)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("faq_sed_lines.tsv");
  }

  @Test
  void theDocumentOrderIsAPermutationFixedByTheSeed() {
    int[] a = CrfFaqData.shuffle(50, 7);
    assertThat(a).containsExactlyInAnyOrder(java.util.stream.IntStream.range(0, 50).toArray());
    assertThat(CrfFaqData.shuffle(50, 7)).isEqualTo(a);
    assertThat(CrfFaqData.shuffle(50, 8)).isNotEqualTo(a);
  }
}
