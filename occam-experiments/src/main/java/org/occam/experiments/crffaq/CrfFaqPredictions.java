package org.occam.experiments.crffaq;

import java.util.ArrayList;
import java.util.List;
import org.occam.crf.CrfData;
import org.occam.crf.CrfProblem;
import org.occam.crf.predict.CrfPrediction;
import org.occam.crf.predict.CrfPredictors;
import org.occam.crf.predict.PredictionSettings;
import org.occam.math.RandomStreams;

/**
 * The prediction table: the label error on held-out documents of each predictor of Welling &amp;
 * Parise (UAI 2006), section 5 ({@code map}, {@code g}, {@code vote}, {@code weighted-vote},
 * {@code super-graph}, from {@link CrfPredictors}), all trained on the largest training set of
 * Figure 6. The paper reports a MAP error of about 1.5% on its FAQ files.
 */
final class CrfFaqPredictions {
  static final String HEADER = "method,errors,positions,errorRate,testDocuments,seconds,seed,note";
  static final List<String> METHODS = List.of("map", "g", "vote", "weighted-vote", "super-graph");
  /** The paper's MAP error (UAI section 7: "about 1.5% on average"). */
  static final double PAPER_MAP_ERROR = 0.015;

  private CrfFaqPredictions() {}

  /**
   * One predictor's error.
   *
   * @param errors held-out lines labelled wrongly
   * @param positions held-out lines
   * @param note why the method gave no labels, or its non-convergence, or empty
   */
  record Row(String method, long errors, long positions, int testDocuments, double seconds, long seed, String note) {
    Row {
      note = note.replace(',', ';').replace('\n', ' ');
    }

    double errorRate() {
      return positions == 0 ? Double.NaN : (double) errors / positions;
    }

    boolean failed() {
      return positions == 0;
    }
  }

  /** Runs one predictor (the i-th of {@link #METHODS}). */
  static Row run(int i, CrfProblem trained, CrfData test, PredictionSettings settings, long seed) {
    String m = METHODS.get(i);
    long s = RandomStreams.taskSeed(seed, 9, i);
    try {
      CrfPrediction p = CrfPredictors.get(m).predict(trained, test, settings, s);
      long wrong = 0;
      long known = 0;
      for (int n = 0; n < test.size(); n++) {
        int[] truth = test.sequences().get(n).labels();
        int[] got = p.labels().get(n);
        for (int k = 0; k < truth.length; k++) {
          if (truth[k] != CrfData.UNKNOWN) {
            known++;
            wrong += truth[k] == got[k] ? 0 : 1;
          }
        }
      }
      Object c = p.diagnostics().get("converged");
      String note = c instanceof Boolean b && !b ? "not converged: " + p.diagnostics().getOrDefault("notConverged",
          p.diagnostics()) : "";
      return new Row(m, wrong, known, test.size(), p.seconds(), s, note);
    } catch (IllegalArgumentException e) {
      return new Row(m, 0, 0, test.size(), Double.NaN, s, e.getMessage() == null ? e.getClass().getSimpleName()
          : e.getMessage());
    }
  }

  static String csv(List<Row> rows) {
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    for (Row r : rows) {
      b.append(r.method()).append(',').append(r.errors()).append(',').append(r.positions()).append(',')
          .append(Csv.exact(r.errorRate())).append(',').append(r.testDocuments()).append(',')
          .append(Csv.exact(r.seconds())).append(',').append(r.seed()).append(',').append(r.note()).append('\n');
    }
    return b.toString();
  }

  static List<Row> parse(String text) {
    List<Row> rows = new ArrayList<>();
    for (String[] c : Csv.rows(text, HEADER)) {
      rows.add(new Row(c[0], Long.parseLong(c[1]), Long.parseLong(c[2]), Integer.parseInt(c[4]), Csv.read(c[5]),
          Long.parseLong(c[6]), c[7]));
    }
    return rows;
  }

  static Row of(List<Row> rows, String method) {
    return rows.stream().filter(r -> r.method().equals(method)).findFirst().orElse(null);
  }
}
