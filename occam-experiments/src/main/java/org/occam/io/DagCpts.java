package org.occam.io;

import com.fasterxml.jackson.databind.JsonNode;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;

/**
 * The {@code "cpt"}s of a DAG model file ({@link DagModelFile}): all or none, one row per parent
 * configuration (first parent slowest), each row probabilities summing to 1 (or renormalised).
 */
final class DagCpts {
  private final JsonSource source;

  DagCpts(JsonSource source) {
    this.source = source;
  }

  /**
   * The CPTs of every variable as one parameter vector in {@link DagStructure#offset} order, or
   * null when no variable has a {@code "cpt"}.
   *
   * @param renormalise divide each row by its sum instead of rejecting rows that do not sum to 1
   */
  double[] parse(JsonNode vars, DagStructure s, boolean renormalise) {
    int with = 0;
    for (JsonNode v : vars) {
      with += v.has("cpt") ? 1 : 0;
    }
    if (with == 0) {
      return null;
    }
    if (with != s.size()) {
      for (int j = 0; j < s.size(); j++) {
        if (!vars.get(j).has("cpt")) {
          throw source.error("/variables/" + j, "variable " + s.name(j) + " has no \"cpt\" while others do: give all or none");
        }
      }
    }
    double[] theta = new double[s.tableSize()];
    for (int j = 0; j < s.size(); j++) {
      String at = "/variables/" + j + "/cpt";
      JsonNode cpt = vars.get(j).get("cpt");
      int rows = s.parentConfigurations(j);
      int k = s.cardinality(j);
      if (!cpt.isArray() || cpt.size() != rows) {
        throw source.error(at, "the CPT of " + s.name(j) + " needs " + rows + " row(s), one per parent configuration"
            + " (first parent slowest), each of " + k + " probabilities");
      }
      for (int l = 0; l < rows; l++) {
        JsonNode row = cpt.get(l);
        if (!row.isArray() || row.size() != k) {
          throw source.error(at + "/" + l, "CPT row " + (l + 1) + " of " + s.name(j) + " needs " + k + " probabilities");
        }
        double sum = 0;
        for (int x = 0; x < k; x++) {
          JsonNode e = row.get(x);
          if (!e.isNumber() || !(e.asDouble() >= 0) || Double.isInfinite(e.asDouble())) {
            throw source.error(at + "/" + l + "/" + x, "CPT entries are probabilities >= 0, got " + e);
          }
          theta[s.offset(j) + l * k + x] = e.asDouble();
          sum += e.asDouble();
        }
        if (!renormalise && Math.abs(sum - 1) > DagModel.ROW_SUM_TOLERANCE) {
          throw source.error(at + "/" + l, "CPT row " + (l + 1) + " of " + s.name(j) + " sums to " + sum
              + ", not 1 (tolerance " + DagModel.ROW_SUM_TOLERANCE + "); pass --renormalise to divide rows by their sums");
        }
        if (renormalise && !(sum > 0)) {
          throw source.error(at + "/" + l, "CPT row " + (l + 1) + " of " + s.name(j) + " sums to 0 and cannot be renormalised");
        }
      }
    }
    return renormalise ? DagModel.renormalise(s, theta) : theta;
  }
}
