package org.occam.experiments.beal;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.occam.report.ModelJson;
import org.occam.report.OutputFiles;

/** The CSV tables and the {@code summary.json} of {@link BealExperiment}. */
final class BealOutputs {
  private BealOutputs() {}

  /** The tables as CSV: Table 6.1 and the scores, the AIS tables if AIS ran, part two's if it ran. */
  static void writeTables(Path dir, BealExperiment e, BealPartOne one, BealPartTwo two) {
    OutputFiles.write(dir.resolve("table-6.1-true-rank.csv"), one.ranksCsv.toString());
    OutputFiles.write(dir.resolve("scores.csv"), one.scoresCsv.toString());
    if (!e.aisSizes().isEmpty()) {
      OutputFiles.write(dir.resolve("ais-strength.csv"), one.strengthCsv.toString());
      OutputFiles.write(dir.resolve("table-6.4-ais.csv"), one.aisCsv.toString());
      OutputFiles.write(dir.resolve("table-6.3-ais-single-run-ranks.csv"), one.aisRunsCsv.toString());
    }
    if (e.instances() > 0) {
      OutputFiles.write(dir.resolve("instances-true-rank.csv"), two.instancesCsv.toString());
      OutputFiles.write(dir.resolve("table-6.5-ranked-first.csv"), two.successCsv.toString());
      OutputFiles.write(dir.resolve("table-6.2-vb-vs-others.csv"), two.vsCsv.toString());
    }
    if (two.agreement != null) {
      OutputFiles.write(dir.resolve("instances-scores.csv"), two.agreement.scoresCsv.toString());
      OutputFiles.write(dir.resolve("ais-agreement.csv"), two.agreement.csv.toString());
    }
  }

  /** {@code summary.json}: the settings, the true model, part one per size, and the timing. */
  static Map<String, Object> summary(BealExperiment e, BealPartOne one, BealPartTwo two, double total,
      long scoresPerMethod) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("experiment", "Beal (2003) chapter 6, sections 6.4-6.5");
    root.put("seed", e.seed());
    root.put("sizes", e.sizes());
    root.put("aisSizes", e.aisSizes());
    root.put("instances", e.instances());
    root.put("threads", e.threads());
    root.put("engine", e.runner().description());
    root.put("failedTasks", e.failures());
    root.put("settings", e.scoreSettings().toMap());
    root.put("ais", e.ais().toMap());
    root.put("trueModel", ModelJson.dag(e.truth()));
    root.put("trueIndex", e.trueIndex());
    root.put("partOne", one.entries);
    if (two.agreement != null) {
      root.put("partTwoAgainstAis", two.agreement.toMap());
    }
    Map<String, Object> timing = new LinkedHashMap<>();
    timing.put("totalSeconds", total);
    timing.put("partTwoSeconds", two.seconds);
    timing.put("partTwoScoresPerMethod", scoresPerMethod);
    timing.put("partTwoCpuSecondsPerScore", scoresPerMethod == 0 ? 0
        : two.scoreSeconds / (scoresPerMethod * two.methods.size()));
    if (!Double.isNaN(one.aisSecondsAt480)) {
      timing.put("aisCpuSecondsAllStructuresAt480", one.aisSecondsAt480);
    }
    root.put("timing", timing);
    return root;
  }
}
