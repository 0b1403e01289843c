package org.occam.experiments.beal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
 * Part two against AIS: the choices, the true structure's AIS rank and the split of each VB/AIS
 * disagreement into the bound's gap and the alias correction, on numbers made for it and on a
 * small run whose files are recomputed from its per-structure scores.
 */
class AisAgreementTest {
  @TempDir
  Path dir;

  @Test
  void choiceTakesTheLowestIndexAmongTiesAndSkipsNaN() {
    assertThat(AisAgreement.choice(new double[] {Double.NaN, -3, -1, -1})).isEqualTo(2);
    assertThat(AisAgreement.choice(new double[] {Double.NaN, Double.NaN})).isEqualTo(-1);
    assertThat(AisAgreement.rank(new double[] {-2, -1, -1, -5}, 1)).isEqualTo(1);
    assertThat(AisAgreement.rank(new double[] {-2, -1, -1, -5}, 3)).isEqualTo(4);
    assertThat(AisAgreement.rank(new double[] {-2, Double.NaN, -1}, 1)).isEqualTo(3);
  }

  @Test
  void aDisagreementSplitsIntoTheBoundsGapAndTheAliasCorrection() {
    // bound B, alias correction c, AIS's gap g per structure: VB = B + c picks 1, AIS = B + g picks 0
    double[] bound = {-10, -11, -12};
    double[] c = {0.5, 2.0, 0};
    double[] g = {1.0, 0.2, 0.5};
    double[] vb = new double[3];
    double[] ais = new double[3];
    for (int s = 0; s < 3; s++) {
      vb[s] = bound[s] + c[s];
      ais[s] = bound[s] + g[s];
    }
    double[] bic = {-20, -30, -25}; // picks 0, as AIS does
    var a = new AisAgreement(List.of("bic", "vb", "ais"));
    a.add(1, 100, 2, new AisAgreement.UnitScores(new double[][] {bic, vb, ais}, bound,
        new double[] {0.3, 0.4, 0.1}));
    assertThat(a.agree).containsExactly(1, 0, 1);
    assertThat(a.aisTrueRanks).containsExactly(3);
    assertThat(a.vbDisagreements).hasSize(1);
    var d = a.vbDisagreements.get(0);
    assertThat(d.aisChoice()).isZero();
    assertThat(d.vbChoice()).isEqualTo(1);
    assertThat(d.aisMargin()).isCloseTo(1.8, within(1e-12));
    assertThat(d.vbMargin()).isCloseTo(0.5, within(1e-12));
    assertThat(d.gapPart()).isCloseTo(0.8, within(1e-12));
    assertThat(d.aliasPart()).isCloseTo(1.5, within(1e-12));
    assertThat(d.aisMarginStdError()).isCloseTo(0.5, within(1e-12));
    assertThat(a.markdown(2)).contains("| 1 | 100 | 0 | 1 | 1.80 | 0.50 | 0.50 | 0.80 | 1.50 | alias correction |")
        .contains("bic | 1 of 1");
  }

  @Test
  void aRunWithInstanceAisWritesChoicesThatItsScoresBearOut() throws IOException {
    Path out = dir.resolve("beal");
    BealSettings quick = BealSettings.defaults(1, 2).asQuick();
    BealSettings settings = new BealSettings(true, List.of(40, 80), List.of(40), 3, true, 40, 2, false,
        quick.aisStrength(), false, "1", 5, 2);
    StringWriter so = new StringWriter();
    new BealExperiment(settings).run(OutputFiles.prepareFolder(out, false), ProgressSink.none(), new PrintWriter(so));
    assertThat(so.toString()).contains("Against AIS: of 6 (instance, size) pairs");

    // every structure's score per instance, size and method: 3 instances x 2 sizes x 136 x 7
    List<String> lines = Files.readAllLines(out.resolve("instances-scores.csv"));
    assertThat(lines).hasSize(1 + 3 * 2 * 136 * 7);
    Map<String, double[]> scores = new HashMap<>();
    Map<String, double[]> uncorrected = new HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] r = line.split(",", -1);
      String key = r[0] + "/" + r[1] + "/" + r[3];
      scores.computeIfAbsent(key, k -> new double[136])[Integer.parseInt(r[2])] = Double.parseDouble(r[4]);
      uncorrected.computeIfAbsent(key, k -> new double[136])[Integer.parseInt(r[2])] = Double.parseDouble(r[5]);
    }
    JsonNode root = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    int trueIndex = root.get("trueIndex").asInt();
    JsonNode against = root.get("partTwoAgainstAis");
    assertThat(against.get("pairs").asInt()).isEqualTo(6);

    // the choices recomputed from the scores, and the true structure's rank under AIS as in instances-true-rank.csv
    Map<String, Integer> agree = new HashMap<>();
    Map<String, String> aisRanks = new HashMap<>();
    for (String line : Files.readAllLines(out.resolve("instances-true-rank.csv"))) {
      String[] r = line.split(",");
      if (r[2].equals("ais")) {
        aisRanks.put(r[0] + "/" + r[1], r[3]);
      }
    }
    int vbDisagree = 0;
    for (String pair : List.of("1/40", "1/80", "2/40", "2/80", "3/40", "3/80")) {
      int aisChoice = argmax(scores.get(pair + "/ais"));
      for (String m : List.of("map", "bic", "bicp", "cs", "cs-dagger", "vb")) {
        agree.merge(m, argmax(scores.get(pair + "/" + m)) == aisChoice ? 1 : 0, Integer::sum);
      }
      vbDisagree += argmax(scores.get(pair + "/vb")) == aisChoice ? 0 : 1;
      double[] a = scores.get(pair + "/ais");
      int higher = 0;
      for (double v : a) {
        higher += v > a[trueIndex] ? 1 : 0;
      }
      assertThat(Integer.toString(higher + 1)).isEqualTo(aisRanks.get(pair));
    }
    for (var e : agree.entrySet()) {
      assertThat(against.at("/picksAisChoice/" + e.getKey()).asInt()).as(e.getKey()).isEqualTo(e.getValue());
    }
    // each disagreement: the margins add up to the gap and alias parts, all read off the scores
    assertThat(against.get("vbDisagreements")).hasSize(vbDisagree);
    for (JsonNode d : against.get("vbDisagreements")) {
      String pair = d.get("instance").asInt() + "/" + d.get("n").asInt();
      int a = d.get("aisChoice").asInt();
      int v = d.get("vbChoice").asInt();
      double[] ais = scores.get(pair + "/ais");
      double[] vb = scores.get(pair + "/vb");
      double[] bound = uncorrected.get(pair + "/vb");
      assertThat(d.get("aisMargin").asDouble()).isCloseTo(ais[a] - ais[v], within(1e-4));
      assertThat(d.get("vbMargin").asDouble()).isCloseTo(vb[v] - vb[a], within(1e-4));
      assertThat(d.get("gapPart").asDouble()).isCloseTo((ais[a] - bound[a]) - (ais[v] - bound[v]), within(1e-4));
      assertThat(d.get("aliasPart").asDouble()).isCloseTo((vb[v] - bound[v]) - (vb[a] - bound[a]), within(1e-4));
      assertThat(d.get("aisMargin").asDouble() + d.get("vbMargin").asDouble())
          .isCloseTo(d.get("gapPart").asDouble() + d.get("aliasPart").asDouble(), within(1e-9));
    }
    assertThat(Files.readAllLines(out.resolve("ais-agreement.csv"))).hasSize(1 + 6 * 7);
    assertThat(Files.readString(out.resolve("report.md"))).contains("## Each score against AIS, per instance");
  }

  private static int argmax(double[] v) {
    int best = 0;
    for (int s = 1; s < v.length; s++) {
      best = v[s] > v[best] ? s : best;
    }
    return best;
  }
}
