package org.occam.report;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.dag.DagModel;
import org.occam.dag.methods.DagMethods;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;

/**
 * What {@code occam dag score} prints and writes for the evidence of one DAG with hidden variables
 * by several methods (Beal's thesis ch. 6): one table row per estimate, with the score before the
 * alias correction and the alias count S, the convergence warnings, and the JSON.
 */
public final class DagScoreReport {
  private DagScoreReport() {}

  /** The table of estimates and a warning per estimate that did not converge within {@code maxIterations}. */
  public static void print(PrintWriter out, List<EvidenceEstimate> results, int maxIterations) {
    List<String[]> rows = new ArrayList<>();
    for (EvidenceEstimate e : results) {
      Object iters = e.diagnostics().get("iterations");
      rows.add(new String[] {e.method(), Tables.score(e.logEvidence()),
          e.stdError().isPresent() ? String.format(Locale.ROOT, "%.3f", e.stdError().getAsDouble()) : "-",
          Tables.score((Double) e.diagnostics().get("uncorrectedLogEvidence")),
          String.valueOf(e.diagnostics().get("aliasCount")),
          e.diagnostics().containsKey("converged") ? (e.converged() ? "yes" : "NO") : "-",
          iters == null ? "-" : iters.toString(), String.format("%.3f", e.seconds())});
    }
    Tables.print(out, new String[] {"method", "log evidence", "std error", "uncorrected", "aliases S", "converged",
        "iterations", "seconds"}, rows);
    for (EvidenceEstimate e : results) {
      if (!e.converged() && e.diagnostics().get("notConverged") instanceof String why) {
        // a sampler that says why itself (AIS: a dominant run, or a standard-error target not met)
        out.printf("warning: %s is not to be trusted: %s%n", e.method(), why);
      } else if (!e.converged()) {
        out.println(IterationLimit.warning(e.method(), maxIterations, null, false));
      }
    }
    List<String> once = new ArrayList<>();
    int restarts = 0;
    for (EvidenceEstimate e : results) {
      if (e.diagnostics().get("restartsAtBest") instanceof Integer atBest
          && e.diagnostics().get("restarts") instanceof List<?> all && all.size() > 1 && atBest == 1) {
        once.add(e.method());
        restarts = all.size();
      }
    }
    if (!once.isEmpty()) {
      out.printf("note: %s: the best optimum was reached by 1 of %d restarts (restartsAtBest in the JSON); more"
          + " restarts (--restarts) may find a better one%n", String.join(", ", once), restarts);
    }
    // cs and cs-dagger share the MAP-EM runs and so the range: one note for both
    Map<Double, List<String>> ranges = new LinkedHashMap<>();
    for (EvidenceEstimate e : results) {
      if (e.diagnostics().get(DagMethods.CS_RANGE_AT_BEST) instanceof Number r
          && r.doubleValue() > DagMethods.CS_RANGE_NOTED) {
        ranges.computeIfAbsent(r.doubleValue(), k -> new ArrayList<>()).add(e.method());
      }
    }
    ranges.forEach((r, ms) -> out.printf(Locale.ROOT, "note: %s: the restarts that reach the best MAP objective end"
        + " with CS values %.1f nats apart (csRangeAtBest in the JSON). %s%n", String.join(", ", ms), r,
        StructureScores.CS_RANGE_WHY));
  }

  /**
   * The model, the data and the estimates as JSON (a map tree for {@link ResultJson#write}).
   *
   * @param modelFile the model file, or null for a structure given by --parents
   */
  public static Map<String, Object> json(Path modelFile, DagModel m, Path dataFile, Dataset d,
      List<EvidenceEstimate> results) {
    Map<String, Object> root = new LinkedHashMap<>();
    Map<String, Object> modelInfo = new LinkedHashMap<>();
    modelInfo.put("file", modelFile == null ? "(--parents)" : modelFile.toString());
    modelInfo.put("structure", StructureJson.parents(m.structure()));
    modelInfo.put("parameters", m.structure().freeParameters());
    modelInfo.put("prior", m.prior().toString());
    root.put("model", modelInfo);
    Map<String, Object> dataInfo = DataJson.of(dataFile, d);
    dataInfo.put("missingCells", d.hasMissing());
    root.put("data", dataInfo);
    root.put("results", results.stream().map(ResultJson::estimate).toList());
    return root;
  }
}
