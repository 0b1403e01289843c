package org.occam.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.data.Variable;

/**
 * Models as Occam model-file JSON (the format {@code occam dag score --model} reads), for results
 * and reports that say which model they were made from.
 */
public final class ModelJson {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private ModelJson() {}

  /** A model file's JSON for a model (with its CPTs if it has them). */
  public static ObjectNode dag(DagModel model) {
    DagStructure s = model.structure();
    ObjectNode root = JSON.objectNode();
    root.put("type", "dag");
    ObjectNode prior = root.putObject("prior");
    if (model.prior().isScalar()) {
      prior.put("dirichlet", model.prior().lambda(0));
    } else {
      ObjectNode d = prior.putObject("dirichlet");
      for (int j = 0; j < s.size(); j++) {
        d.put(s.name(j), model.prior().lambda(j));
      }
    }
    ArrayNode vars = root.putArray("variables");
    double[] theta = model.parameters().orElse(null);
    for (int j = 0; j < s.size(); j++) {
      ObjectNode v = vars.addObject();
      v.put("name", s.name(j));
      Variable var = s.variable(j);
      if (var.equals(Variable.withCount(var.name(), var.cardinality()))) {
        v.put("states", var.cardinality());
      } else {
        ArrayNode st = v.putArray("states");
        var.states().forEach(st::add);
      }
      if (s.isHidden(j)) {
        v.put("hidden", true);
      }
      if (s.parents(j).length > 0) {
        ArrayNode pa = v.putArray("parents");
        for (int q : s.parents(j)) {
          pa.add(s.name(q));
        }
      }
      if (theta != null) {
        ArrayNode cpt = v.putArray("cpt");
        int k = s.cardinality(j);
        for (int l = 0; l < s.parentConfigurations(j); l++) {
          ArrayNode row = cpt.addArray();
          for (int x = 0; x < k; x++) {
            row.add(theta[s.offset(j) + l * k + x]);
          }
        }
      }
    }
    return root;
  }
}
