package org.occam.report;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.io.BoltzmannModelFile;
import org.occam.io.MrfBinaryData;
import org.occam.mrf.PairwiseGraph;

/**
 * What {@code occam mrf score} prints and writes for the evidence of one Boltzmann machine by
 * several methods (Parise &amp; Welling 2006): one table row per estimate, the warnings its
 * diagnostics call for, and the model's JSON.
 */
public final class MrfScoreReport {
  /** The columns of {@link #row}. */
  public static final String[] HEADER = {"method", "log evidence", "std error", "converged", "iterations", "seconds",
      "min eig A", "BP converged"};

  private MrfScoreReport() {}

  /**
   * The lines that say what is scored: the model (variables, spin coding, edges, parameters, prior σ
   * and where σ came from) and the data.
   *
   * @param sigmaFrom where σ came from, e.g. {@code " from --prior-sigma"}
   */
  public static void describe(PrintWriter out, String modelFile, BoltzmannModelFile.Loaded m, double sigma,
      String sigmaFrom, Path dataFile, Dataset d) {
    PairwiseGraph graph = m.graph();
    out.printf("model %s: %d binary variables%s%s, %d edge%s, %d parameters; prior N(0, %s² I)%s%n", modelFile,
        graph.vertexCount(), m.spins() ? " (±1 spins, scored in the 0/1 form)" : "",
        m.hasHidden() ? " (hidden: " + String.join(", ", m.hiddenNames()) + ")" : "", graph.edgeCount(),
        graph.edgeCount() == 1 ? "" : "s", graph.vertexCount() + graph.edgeCount(), Tables.number(sigma), sigmaFrom);
    out.printf("data %s: n = %s, %d distinct rows%s%n", dataFile, Tables.number(d.size()), d.distinctRows(),
        d.hasMissing() ? "; missing cells are summed out" : "");
  }

  /** A table row under {@link #HEADER}: method, score, std error, converged, iterations, seconds, smallest eigenvalue of A, BP. */
  public static String[] row(EvidenceEstimate e) {
    Map<String, Object> diag = e.diagnostics();
    Object iters = diag.get("iterations");
    Object eig = diag.get("smallestEigenvalue");
    Object bp = diag.get("bpConverged");
    return new String[] {e.method(), Tables.score(e.logEvidence()),
        e.stdError().isPresent() ? String.format(Locale.ROOT, "%.3f", e.stdError().getAsDouble()) : "-",
        diag.containsKey("converged") ? (e.converged() ? "yes" : "NO") : "-",
        iters == null ? "-" : iters.toString(), String.format(Locale.ROOT, "%.3f", e.seconds()),
        eig instanceof Double x ? String.format(Locale.ROOT, "%.4g", x) : "-",
        bp instanceof Boolean b ? (b ? "yes" : "NO") : "-"};
  }

  /** Lines for results whose diagnostics call for attention. */
  public static void warnings(PrintWriter out, List<EvidenceEstimate> results) {
    for (EvidenceEstimate e : results) {
      Map<String, Object> diag = e.diagnostics();
      if (!e.converged() && diag.get("notConverged") instanceof String why) {
        // the sample-based estimators say why themselves (sampler, bridge iteration, prior overlap)
        out.printf("warning: %s is not to be trusted: %s%n", e.method(), why);
      } else if (!e.converged()) {
        out.printf("warning: %s did not converge (optimiser: %s; BP: %s); the score is from the last iterate%n",
            e.method(), diag.getOrDefault("reason", "-"), diag.getOrDefault("bpConverged", "-"));
      }
      if (Boolean.FALSE.equals(diag.get("positiveDefinite"))) {
        out.printf("warning: %s: A = %s is not positive definite (smallest eigenvalue %s); the score uses"
            + " log |det A|%n", e.method(), diag.containsKey("hiddenVariables") ? "N C − Σ C_xn + Λ⁻¹" : "N C + Λ⁻¹",
            diag.get("smallestEigenvalue"));
      }
      betheExcessWarning(out, e);
      if (Boolean.TRUE.equals(diag.get("mlOnBoundary"))) {
        out.printf("note: %s: the data are on the boundary (%s empty cells), so λML is at infinity; scored at the"
            + " ML point of data with %s pseudo-observations per cell%n", e.method(), diag.get("mlEmptyCells"),
            Tables.number((Double) diag.get("mlSmoothing") * (Double) diag.get("rows")));
      }
    }
  }

  /** Above this many nats of Bethe excess, bp-lr's score is flagged. */
  static final double BETHE_EXCESS_WARNING = 1;

  /**
   * A warning when bp-lr's contrastive Bethe log-likelihood at its point stands more than
   * {@value #BETHE_EXCESS_WARNING} nat above the exact one (measured where exact inference is
   * feasible): the score is then lifted by the Bethe approximation, not by the data.
   */
  public static void betheExcessWarning(PrintWriter out, EvidenceEstimate e) {
    if (e.diagnostics().get("betheLikelihoodExcess") instanceof Double x && x > BETHE_EXCESS_WARNING) {
      out.printf(Locale.ROOT, "warning: %s: at its point the %sBethe log-likelihood is %.1f nats above the"
          + " exact one (%s); the Bethe approximation, not the data, lifts this score by about that much%n",
          e.method(), e.diagnostics().containsKey("hiddenVariables") ? "contrastive " : "", x,
          Tables.score((Double) e.diagnostics().get("exactLogLikelihood")));
    }
    if (e.diagnostics().get("generatorsSharingSeveralVariables") instanceof List<?> shared) {
      out.printf("note: %s: generators share %s; the factor graph's Bethe entropy counts what the shared variables"
          + " have in common twice, so the score can be far from the evidence even on a decomposable model%n",
          e.method(), shared.stream().map(Object::toString).collect(java.util.stream.Collectors.joining(", ")));
    }
  }

  /** The model as the JSON records it (file null for a structure given by --edges): file, variables, edges, spin coding, parameters and prior σ. */
  /**
   * A log-linear model's report: the model, the data (with each variable's reference state), the
   * table and the warnings.
   *
   * @param sigmaFrom where σ0 came from, e.g. " (default)"
   */
  public static void logLinear(PrintWriter out, org.occam.io.LogLinearInput.Loaded in, Path dataFile, double sigma,
      String sigmaFrom, List<EvidenceEstimate> results) {
    describeLogLinear(out, in.structure(), in.modelFile(), sigma, sigmaFrom);
    out.println(org.occam.io.MrfDiscreteData.describe(dataFile, in.data()) + "; the first state of each is its"
        + " reference");
    Tables.print(out, HEADER, results.stream().map(MrfScoreReport::row).toList());
    warnings(out, results);
  }

  /** The first line of a log-linear model's report; {@code file} the model file it came from, or null. */
  static void describeLogLinear(PrintWriter out, org.occam.mrf.loglinear.LogLinearStructure s, Path file,
      double sigma, String sigmaFrom) {
    out.printf("model %s%s: %d variables (%s states), %d terms, %d parameters (reference-state coding); prior"
        + " N(0, %s² I)%s%n", s.generatorString(), file == null ? "" : " (" + file + ")", s.variableCount(), s.variables().stream()
        .map(v -> String.valueOf(v.cardinality())).collect(java.util.stream.Collectors.joining("×")), s.termCount(),
        s.featureCount(), Tables.number(sigma), sigmaFrom);
  }

  /** The model of a log-linear score's JSON. */
  public static Map<String, Object> logLinearModelJson(org.occam.mrf.loglinear.LogLinearStructure s, double sigma) {
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("type", "loglinear");
    info.put("generators", s.generatorString());
    info.put("variables", DataJson.variables(s.variables()));
    info.put("coding", "reference state: each variable's first state");
    info.put("parameters", s.featureCount());
    info.put("prior", Map.of("gaussian", Map.of("sigma", sigma)));
    return info;
  }

  public static Map<String, Object> modelJson(Path file, BoltzmannModelFile.Loaded m, double sigma) {
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("file", file == null ? "(--edges)" : file.toString());
    info.put("type", "boltzmann");
    info.put("variables", DataJson.variables(m.variables()));
    info.put("edges", m.edgeNames());
    info.put("spins", m.spins());
    if (m.hasHidden()) {
      info.put("hidden", m.hiddenNames());
    }
    info.put("parameters", m.graph().vertexCount() + m.graph().edgeCount());
    info.put("prior", Map.of("gaussian", Map.of("sigma", sigma)));
    return info;
  }
}
