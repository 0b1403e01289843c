package org.occam.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfNestedModels;
import org.occam.crf.CrfProblem;
import org.occam.crf.predict.CrfPrediction;
import org.occam.evidence.EvidenceEstimate;

/**
 * What the {@code occam crf} commands print and write for linear-chain CRFs (Parise &amp; Welling
 * 2006, sections 3 and 4.2; Welling &amp; Parise 2006, sections 5 and 7): the lines that say what is
 * scored, the fitted parameters, the score table (as {@link MrfScoreReport}'s), the nested-model
 * table, the prediction table and labels, and their JSON.
 */
public final class CrfReport {
  /** The columns of {@link #row}: {@link MrfScoreReport#HEADER} without its BP column. */
  public static final String[] HEADER = Arrays.copyOf(MrfScoreReport.HEADER, MrfScoreReport.HEADER.length - 1);

  private CrfReport() {}

  /**
   * The lines that say what is scored: the model (labels, inputs, templates, parameters, prior σ
   * and where σ came from) and the data.
   *
   * @param modelSource the model file, or e.g. {@code "(--features)"}
   * @param parameters the number of parameters F on these data
   * @param sigmaFrom where σ came from, e.g. {@code " from --prior-sigma"}
   */
  public static void describe(PrintWriter out, String modelSource, CrfModel m, int parameters, double sigma,
      String sigmaFrom, Path dataFile, CrfData d) {
    out.printf("model %s: linear-chain CRF, labels %s (spin -1) / %s (spin +1), %d inputs, %d feature templates"
        + " (%s), F = %d parameters; prior N(0, %s² I)%s%n", modelSource, m.labelStates().get(0),
        m.labelStates().get(1), m.inputNames().size(), m.features().size(), m.tied() ? "tied" : "untied",
        parameters, Tables.number(sigma), sigmaFrom);
    out.printf("data %s: %d sequences, %d positions (longest %d), %s%n", dataFile, d.size(), d.positions(),
        d.maxLength(), labelCounts(d));
  }

  /** {@link #describe(PrintWriter, String, CrfModel, int, double, String, Path, CrfData)} of a loaded input. */
  public static void describe(PrintWriter out, org.occam.io.CrfInput in, int parameters, Path dataFile) {
    describe(out, in.source(), in.model(), parameters, in.sigma(), in.sigmaFrom(), dataFile, in.data());
  }

  /** The head of every {@code crf} command's JSON: the model and the data. */
  public static Map<String, Object> inputJson(org.occam.io.CrfInput in, int parameters, Path dataFile) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("model", modelJson(in.source(), in.model(), parameters, in.sigma()));
    root.put("data", dataJson(dataFile, in.data()));
    return root;
  }

  /** The fit's one-line summary, as {@code crf train} prints it. */
  public static void printFit(PrintWriter out, CrfProblem.Fit fit) {
    out.printf(java.util.Locale.ROOT, "log likelihood %.4f, log posterior %.4f; %s (Newton decrement %.3g, %d L-BFGS"
        + " iterations, %d Newton steps, %.2f s)%n", fit.logLikelihood(), fit.logPosterior(),
        fit.converged() ? "converged" : "NOT converged", fit.newtonDecrement(), fit.iterations(), fit.newtonSteps(),
        fit.seconds());
  }

  /** E.g. {@code "126 question, 3666 answer"} (and the unknown ones, if any). */
  public static String labelCounts(CrfData d) {
    long[] n = new long[3];
    for (CrfData.Sequence s : d.sequences()) {
      for (int l : s.labels()) {
        n[l == CrfData.UNKNOWN ? 2 : l]++;
      }
    }
    return n[0] + " " + d.labelStates().get(0) + ", " + n[1] + " " + d.labelStates().get(1)
        + (n[2] > 0 ? ", " + n[2] + " unlabelled" : "");
  }

  /** A table row under {@link #HEADER}. */
  public static String[] row(EvidenceEstimate e) {
    String[] r = MrfScoreReport.row(e);
    return Arrays.copyOf(r, r.length - 1);
  }

  /** Lines for results whose diagnostics call for attention (as {@link MrfScoreReport#warnings}). */
  public static void warnings(PrintWriter out, List<EvidenceEstimate> results) {
    MrfScoreReport.warnings(out, results);
  }

  /** The fitted parameters, one line each: name and λMP. */
  public static void printParameters(PrintWriter out, List<String> names, double[] lambda) {
    List<String[]> rows = new ArrayList<>();
    for (int k = 0; k < lambda.length; k++) {
      rows.add(new String[] {names.get(k), String.format(Locale.ROOT, "%.4f", lambda[k])});
    }
    Tables.print(out, new String[] {"parameter", "λMP"}, rows);
  }

  /** The {@code "fit"} of a model file: what the MAP fit found, and on what. */
  public static Map<String, Object> fitJson(CrfProblem.Fit fit, CrfData d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("logLikelihood", fit.logLikelihood());
    m.put("logPrior", fit.logPrior());
    m.put("logPosterior", fit.logPosterior());
    m.put("converged", fit.converged());
    m.put("newtonDecrement", fit.newtonDecrement());
    m.put("iterations", fit.iterations());
    m.put("newtonSteps", fit.newtonSteps());
    m.put("sequences", d.size());
    m.put("positions", d.positions());
    return m;
  }

  /** The model as the results' JSON records it. */
  public static Map<String, Object> modelJson(String source, CrfModel m, int parameters, double sigma) {
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("file", source);
    info.put("type", "crf");
    info.put("labels", m.labelStates());
    info.put("inputs", m.inputNames());
    info.put("features", m.features());
    info.put("tied", m.tied());
    info.put("parameters", parameters);
    info.put("prior", Map.of("gaussian", Map.of("sigma", sigma)));
    return info;
  }

  /** The data as the results' JSON records them. */
  public static Map<String, Object> dataJson(Path file, CrfData d) {
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("file", file.toString());
    info.put("sequences", d.size());
    info.put("positions", d.positions());
    info.put("longest", d.maxLength());
    info.put("labels", d.labelStates());
    info.put("inputs", d.inputNames());
    return info;
  }

  // ---------------------------------------------------------------- crf rank

  /** The header of {@link #rankRows}: k, the template added, F, then each method's score and score per sequence. */
  public static String[] rankHeader(List<String> methods) {
    List<String> h = new ArrayList<>(List.of("k", "added", "F"));
    for (String m : methods) {
      h.add(m);
      h.add(m + "/seq");
    }
    return h.toArray(String[]::new);
  }

  /** One table row per model of the nested sequence. */
  public static List<String[]> rankRows(List<CrfNestedModels.Step> steps, int sequences) {
    List<String[]> rows = new ArrayList<>();
    for (CrfNestedModels.Step s : steps) {
      List<String> r = new ArrayList<>(List.of(Integer.toString(s.k()), s.added(), Integer.toString(s.parameters())));
      for (EvidenceEstimate e : s.estimates()) {
        r.add(Tables.score(e.logEvidence()));
        r.add(String.format(Locale.ROOT, "%.4f", e.logEvidence() / sequences));
      }
      rows.add(r.toArray(String[]::new));
    }
    return rows;
  }

  /** The nested models as CSV: one row per model and method. */
  public static String rankCsv(List<CrfNestedModels.Step> steps, CrfData d) {
    return csv(new String[] {"k", "added", "F", "method", "logEvidence", "stdError", "perSequence", "perPosition",
        "converged", "seconds"}, rows -> {
          for (CrfNestedModels.Step s : steps) {
            for (EvidenceEstimate e : s.estimates()) {
              rows.add(List.of(s.k(), s.added(), s.parameters(), e.method(), e.logEvidence(),
                  e.stdError().isPresent() ? (Object) e.stdError().getAsDouble() : "", e.logEvidence() / d.size(),
                  e.logEvidence() / d.positions(), e.converged(), e.seconds()));
            }
          }
        });
  }

  /** The nested models as JSON: the data, and per model its templates, F and each method's estimate. */
  public static Map<String, Object> rankJson(Path dataFile, CrfData d, double sigma, List<CrfNestedModels.Step> steps) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("data", dataJson(dataFile, d));
    root.put("prior", Map.of("gaussian", Map.of("sigma", sigma)));
    List<Map<String, Object>> models = new ArrayList<>();
    for (CrfNestedModels.Step s : steps) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("k", s.k());
      m.put("features", s.model().features());
      m.put("parameters", s.parameters());
      m.put("results", s.estimates().stream().map(ResultJson::estimate).toList());
      models.add(m);
    }
    root.put("models", models);
    return root;
  }

  // ---------------------------------------------------------------- crf predict

  /** The columns of {@link #predictionRow}. */
  public static final String[] PREDICTION_HEADER = {"method", "label error", "wrong", "labelled", "seconds", "notes"};

  /** A row: method, error rate on the labelled test positions, counts, seconds and the diagnostics. */
  public static String[] predictionRow(CrfPrediction p, CrfData test) {
    long labelled = 0;
    for (CrfData.Sequence s : test.sequences()) {
      for (int l : s.labels()) {
        labelled += l == CrfData.UNKNOWN ? 0 : 1;
      }
    }
    double rate = p.errorRate(test);
    return new String[] {p.method(), Double.isNaN(rate) ? "-" : String.format(Locale.ROOT, "%.2f%%", 100 * rate),
        Double.isNaN(rate) ? "-" : Long.toString(Math.round(rate * labelled)), Long.toString(labelled),
        String.format(Locale.ROOT, "%.3f", p.seconds()), notes(p.diagnostics())};
  }

  /** The diagnostics in short: numbers to 3 digits, at most {@value #NOTES_WIDTH} characters (the JSON has them all). */
  static String notes(Map<String, Object> diagnostics) {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, Object> e : diagnostics.entrySet()) {
      Object v = e.getValue();
      String text = v instanceof Double d ? String.format(Locale.ROOT, "%.3g", d) : String.valueOf(v);
      b.append(b.length() == 0 ? "" : " ").append(e.getKey()).append('=').append(text);
    }
    return b.length() <= NOTES_WIDTH ? b.toString() : b.substring(0, NOTES_WIDTH - 1) + "…";
  }

  private static final int NOTES_WIDTH = 100;

  /**
   * The predicted labels as CSV: sequence, position (1-based), the test file's label (empty when
   * unknown), then one column per method, with the label states' names.
   */
  public static String labelsCsv(CrfData test, List<CrfPrediction> predictions) {
    List<String> header = new ArrayList<>(List.of("sequence", "position", "label"));
    predictions.forEach(p -> header.add(p.method()));
    List<String> states = test.labelStates();
    return csv(header.toArray(String[]::new), rows -> {
      for (int n = 0; n < test.size(); n++) {
        CrfData.Sequence s = test.sequences().get(n);
        for (int i = 0; i < s.length(); i++) {
          List<Object> r = new ArrayList<>(List.of(s.id(), i + 1,
              s.labels()[i] == CrfData.UNKNOWN ? "" : states.get(s.labels()[i])));
          for (CrfPrediction p : predictions) {
            r.add(states.get(p.labels().get(n)[i]));
          }
          rows.add(r);
        }
      }
    });
  }

  /** The predictions as JSON: per method the error rate, seconds and diagnostics. */
  public static Map<String, Object> predictionJson(CrfData test, List<CrfPrediction> predictions) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (CrfPrediction p : predictions) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("method", p.method());
      m.put("errorRate", p.errorRate(test));
      m.put("seconds", p.seconds());
      m.put("diagnostics", p.diagnostics());
      out.add(m);
    }
    return Map.of("predictions", out);
  }

  private static String csv(String[] header, java.util.function.Consumer<List<List<?>>> fill) {
    List<List<?>> rows = new ArrayList<>();
    fill.accept(rows);
    StringWriter w = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(w, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build())) {
      p.printRecord((Object[]) header);
      for (List<?> r : rows) {
        p.printRecord(r);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }
}
