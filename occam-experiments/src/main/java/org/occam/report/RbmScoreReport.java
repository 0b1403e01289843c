package org.occam.report;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.evidence.EvidenceEstimate;
import org.occam.rbm.RbmCrossValidation;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmLogPartition;
import org.occam.search.WorkCounts;

/**
 * What {@code occam rbm score} and {@code occam rbm select} print and write for the evidence of
 * restricted Boltzmann machines (Chen &amp; Welling 2013): the description of the data and model,
 * one table row per estimate with the notes its diagnostics call for, the warnings, and the JSON
 * of the data and of a cross-validation result.
 */
public final class RbmScoreReport {
  /** The columns of {@link #row}. */
  public static final String[] HEADER = {"method", "log evidence", "per row", "std error", "converged", "seconds", "notes"};

  private RbmScoreReport() {}

  /** The lines that say what is being scored. */
  public static void describe(PrintWriter out, Path data, RbmData d, double priorSigma, int hidden) {
    out.printf(Locale.ROOT, "data %s: %s rows (%d distinct), V = %d visible units%n", data,
        Tables.number(d.size()), d.distinctRowCount(), d.visibleCount());
    if (hidden > 0) {
      int v = d.visibleCount();
      out.printf(Locale.ROOT, "model: K = %d hidden units, F = %d parameters; prior N(0, %s² I)%n", hidden,
          v * hidden + v + hidden, Tables.number(priorSigma));
    }
  }

  /**
   * The line that says what {@code rbm score} is about to do: K, the data's size, the parameters
   * and how log Z is computed ({@link RbmLogPartition#resolve} with the settings' limit).
   */
  public static String workLine(RbmData d, int hidden, RbmLaplace.Settings settings) {
    int side = Math.min(d.visibleCount(), hidden);
    boolean ais = RbmLogPartition.resolve(settings.logZ(), d.visibleCount(), hidden, settings.maxEnumeratedUnits())
        == RbmLogPartition.Method.AIS;
    return String.format(Locale.ROOT, "rbm score: K = %d on %,d rows x %d visible units, %,d parameters; log Z %s",
        hidden, (long) d.size(), d.visibleCount(), (long) WorkCounts.rbmParameters(d.visibleCount(), hidden),
        ais ? "by AIS (Salakhutdinov & Murray)" : "exact, 2^" + side + " states per evaluation (the smaller side)");
  }

  /** One estimate's row under {@link #HEADER}; {@code n} is the number of rows of data. */
  public static String[] row(EvidenceEstimate e, long n) {
    Map<String, Object> diag = e.diagnostics();
    StringBuilder notes = new StringBuilder();
    if (diag.get("trapezoidDirections") instanceof Integer t) {
      notes.append(t).append(" trapezoid").append(t == 1 ? "" : "s").append(", mode groups ")
          .append(diag.get("modeGroups"));
    }
    if (diag.get("distinctModes") instanceof Integer m) {
      // λMP's and the flipped modes that stood apart (up to permutation)
      notes.append(notes.length() > 0 ? "; " : "").append(m).append(m == 1 ? " distinct mode" : " distinct modes");
    }
    if (Boolean.FALSE.equals(diag.get("positiveDefinite"))) {
      notes.append(notes.length() > 0 ? "; " : "").append("A not positive definite");
    }
    if (diag.containsKey("hiddenVariables") && diag.get("smallestEigenvalue") instanceof Double eig) {
      // the RBM as a Boltzmann machine with hidden units (bp-lr, laplace-exact)
      notes.append(notes.length() > 0 ? "; " : "").append(String.format(Locale.ROOT, "%smin eig A %.3g",
          Boolean.TRUE.equals(diag.get("positiveDefinite")) ? "A positive definite, " : "", eig));
      if (diag.get("logEquivalentModes") instanceof Double modes && modes > 0) {
        notes.append(String.format(Locale.ROOT, ", %.3g equivalent modes", Math.exp(modes)));
      }
    }
    if (diag.get("logZMethod") instanceof String z) {
      notes.append(notes.length() > 0 ? "; " : "").append("log Z ").append(z);
    }
    if (diag.get("acceptanceRate") instanceof Double a) {
      notes.append(notes.length() > 0 ? "; " : "").append(String.format(Locale.ROOT, "acceptance %.2f", a));
    }
    return new String[] {e.method(), Tables.score(e.logEvidence()),
        Double.isFinite(e.logEvidence()) ? String.format(Locale.ROOT, "%.4f", e.logEvidence() / n) : "-",
        e.stdError().isPresent() ? String.format(Locale.ROOT, "%.3f", e.stdError().getAsDouble()) : "-",
        diag.containsKey("converged") ? (e.converged() ? "yes" : "NO") : "-",
        String.format(Locale.ROOT, "%.1f", e.seconds()), notes.length() == 0 ? "-" : notes.toString()};
  }

  /** Lines for results whose diagnostics call for attention. */
  public static void warnings(PrintWriter out, List<EvidenceEstimate> results) {
    for (EvidenceEstimate e : results) {
      Map<String, Object> diag = e.diagnostics();
      if (!e.converged() && diag.get("notConverged") instanceof String why) {
        // the sample-based estimators say why themselves (sampler, bridge iteration, prior overlap)
        out.printf("warning: %s is not to be trusted: %s%n", e.method(), why);
      } else if (!e.converged()) {
        out.printf("warning: %s: the optimiser stopped without converging (%s); the score is from the last iterate%n",
            e.method(), diag.getOrDefault("fineTuningStop", diag.getOrDefault("reason", "-")));
      }
      if (diag.get("failure") instanceof String f) {
        out.printf("warning: %s: %s%n", e.method(), f);
      }
      MrfScoreReport.betheExcessWarning(out, e);
      if (diag.get("trapezoidsUnbounded") instanceof Long u && u > 0) {
        out.printf("warning: %s: %d trapezoid direction%s never fell to half height; their width is a lower bound%n",
            e.method(), u, u == 1 ? "" : "s");
      }
    }
  }

  /**
   * The data as the JSON records it.
   *
   * @param incompleteRowsDropped rows left out by {@code --complete-cases} (recorded when above 0)
   */
  public static Map<String, Object> dataJson(Path data, RbmData d, long incompleteRowsDropped) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("file", data.toString());
    m.put("rows", d.size());
    m.put("distinct", d.distinctRowCount());
    m.put("columns", d.columnNames());
    if (incompleteRowsDropped > 0) {
      m.put("incompleteRowsDropped", incompleteRowsDropped);
    }
    return m;
  }

  /** A cross-validation result as JSON, beside the estimates. */
  public static Map<String, Object> crossValidationJson(RbmCrossValidation.Result cv) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("method", "cv");
    m.put("hidden", cv.hiddenCount());
    m.put("meanTestLogLikelihoodPerRow", cv.meanTestLogLikelihood());
    m.put("stdError", cv.stdError());
    m.put("seconds", cv.seconds());
    m.put("settings", cv.settings().toMap());
    m.put("seed", cv.seed());
    m.put("diagnostics", cv.diagnostics());
    return m;
  }

  /**
   * {@code rbm score}'s table, warnings and cross-validation line.
   *
   * @param rows the number of rows of data
   * @param cv the cross-validation result, or null
   */
  public static void print(PrintWriter out, List<EvidenceEstimate> results, long rows, RbmCrossValidation.Result cv) {
    List<String[]> table = new ArrayList<>();
    for (EvidenceEstimate e : results) {
      table.add(row(e, rows));
    }
    Tables.print(out, HEADER, table);
    warnings(out, results);
    if (cv != null) {
      out.printf(Locale.ROOT, "cv: %d-fold test log-likelihood %.4f per row (se %.4f across folds, log Z %s), %.1f s%n",
          cv.folds().size(), cv.meanTestLogLikelihood(), cv.stdError(),
          cv.logZMethod().name().toLowerCase(Locale.ROOT), cv.seconds());
    }
  }

  /**
   * {@code rbm score}'s JSON (a map tree for {@link ResultJson#write}); {@code data} is {@link
   * #dataJson}'s map; {@code cv} may be null.
   */
  public static Map<String, Object> json(Map<String, Object> data, int hidden, List<EvidenceEstimate> results,
      RbmCrossValidation.Result cv) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("data", data);
    root.put("hidden", hidden);
    root.put("results", results.stream().map(ResultJson::estimate).toList());
    if (cv != null) {
      root.put("cv", crossValidationJson(cv));
    }
    return root;
  }
}
