package org.occam.crf.predict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.data.InvalidInputException;

/** The CRF predictors by name, in the order help texts list them. Adding one is one class and one line here. */
public final class CrfPredictors {
  private static final Map<String, CrfPredictor> ALL = new LinkedHashMap<>();

  static {
    for (CrfPredictor p : List.<CrfPredictor>of(new MapPredictor(), new GPredictor(), new VotePredictor(),
        new WeightedVotePredictor(), new SuperGraphPredictor())) {
      ALL.put(p.name(), p);
    }
  }

  private CrfPredictors() {}

  /** Every predictor, in order. */
  public static List<CrfPredictor> all() {
    return List.copyOf(ALL.values());
  }

  /** Every name, comma-separated. */
  public static String names() {
    return String.join(",", ALL.keySet());
  }

  /** The predictor of that name (trimmed, case-insensitive). */
  public static CrfPredictor get(String name) {
    CrfPredictor p = ALL.get(name.trim().toLowerCase(Locale.ROOT));
    if (p == null) {
      throw new InvalidInputException("unknown CRF prediction method '" + name.trim() + "' (known: " + names() + ")");
    }
    return p;
  }

  /**
   * Each predictor's labels for the test sequences, in order, every one with the same seed (so
   * vote, weighted-vote and super-graph share their posterior draws).
   *
   * @param done told the number of predictors finished after each, or null
   */
  public static List<CrfPrediction> predictAll(List<CrfPredictor> predictors, org.occam.crf.CrfProblem trained,
      org.occam.crf.CrfData test, PredictionSettings settings, long seed, java.util.function.IntConsumer done) {
    List<CrfPrediction> out = new ArrayList<>();
    for (CrfPredictor p : predictors) {
      out.add(p.predict(trained, test, settings, seed));
      if (done != null) {
        done.accept(out.size());
      }
    }
    return out;
  }

  /** A comma-separated list, in order, repeats dropped; an empty list is refused. */
  public static List<CrfPredictor> parseList(String list) {
    List<CrfPredictor> out = new ArrayList<>();
    for (String part : list.split(",")) {
      if (!part.isBlank() && !out.contains(get(part))) {
        out.add(get(part));
      }
    }
    if (out.isEmpty()) {
      throw new InvalidInputException("no prediction methods given (known: " + names() + ")");
    }
    return out;
  }
}
