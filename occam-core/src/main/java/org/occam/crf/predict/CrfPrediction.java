package org.occam.crf.predict;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.crf.CrfData;

/**
 * The labels one predictor gave to test sequences, with how they were made.
 *
 * @param method the predictor's name
 * @param labels per test sequence, one label index (0 or 1) per position
 * @param seconds the wall time
 * @param diagnostics convergence (super-graph max-product), samples used…, by name (ordered)
 */
public record CrfPrediction(String method, List<int[]> labels, double seconds, Map<String, Object> diagnostics) {
  public CrfPrediction {
    labels = List.copyOf(labels);
    diagnostics = Collections.unmodifiableMap(new LinkedHashMap<>(diagnostics));
  }

  /** The fraction of the test data's labelled positions whose predicted label differs. */
  public double errorRate(CrfData test) {
    long wrong = 0;
    long known = 0;
    for (int n = 0; n < labels.size(); n++) {
      int[] truth = test.sequences().get(n).labels();
      int[] p = labels.get(n);
      for (int i = 0; i < truth.length; i++) {
        if (truth[i] != CrfData.UNKNOWN) {
          known++;
          if (truth[i] != p[i]) {
            wrong++;
          }
        }
      }
    }
    return known == 0 ? Double.NaN : (double) wrong / known;
  }
}
