package org.occam.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.data.ColumnSpec;
import org.occam.data.DataFormatException;
import org.occam.data.Variable;

/**
 * Reads DAG model files (org.occam.report.ModelJson writes them):
 *
 * <pre>{@code
 * {"type": "dag",
 *  "prior": {"dirichlet": 1.0},                      // or {"dirichlet": {"y1": 2.0, "default": 1.0}}
 *  "variables": [
 *    {"name": "h1", "states": 2, "hidden": true, "cpt": [[0.12, 0.88]]},
 *    {"name": "y1", "states": ["a", "b", "c"], "parents": ["h1"],
 *     "cpt": [[0.2, 0.3, 0.5], [0.6, 0.2, 0.2]]}]}
 * }</pre>
 *
 * <p>{@code states} is a count or a list of labels; {@code cpt} rows are parent configurations with
 * the first parent varying slowest. CPTs are optional, but all or none. Every problem is a one-line
 * {@link DataFormatException} with the file, line and column.
 */
public final class DagModelFile {
  /** The most states a variable may declare (a million labels are already more than any data shows). */
  public static final int MAX_STATES = 1 << 20;

  /**
   * The most CPT entries a model may have, over all its variables: 2^24, about 200 MB of tables and
   * indices, already far more parameters than any data set can inform (a fuzz finding: 20,000 x
   * 60,000 entries, below 2^31, ran out of memory).
   */
  public static final long MAX_TABLE_ENTRIES = 1L << 24;

  /** A model as read: the model, and how each observed variable's states were declared. */
  public record Loaded(DagModel model, List<ColumnSpec> observedColumns) {}

  private final JsonSource source;

  private DagModelFile(JsonSource source) {
    this.source = source;
  }

  /**
   * Reads a model file.
   *
   * @param renormalise divide each CPT row by its sum instead of rejecting rows off by more than
   *     {@link DagModel#ROW_SUM_TOLERANCE}
   */
  public static Loaded read(Path file, boolean renormalise) {
    JsonSource source = JsonSource.read(file);
    return new DagModelFile(source).parse(source.root(), renormalise);
  }

  private DataFormatException error(String pointer, String message) {
    return source.error(pointer, message);
  }

  private Loaded parse(JsonNode root, boolean renormalise) {
    if (root == null || !root.isObject()) {
      throw error("", "a model file is a JSON object with \"type\" and \"variables\"");
    }
    JsonNode type = root.get("type");
    if (type == null || !type.isTextual()) {
      throw error("", "missing \"type\" (expected \"dag\")");
    }
    if (!type.asText().equals("dag")) {
      throw error("/type", ModelTypes.wrongType(type.asText(), "dag"));
    }
    JsonNode vars = root.get("variables");
    if (vars == null || !vars.isArray() || vars.isEmpty()) {
      throw error("", "\"variables\" must be a non-empty array");
    }
    int p = vars.size();
    List<Variable> variables = new ArrayList<>();
    List<ColumnSpec> specs = new ArrayList<>();
    boolean[] hidden = new boolean[p];
    Map<String, Integer> index = new HashMap<>();
    for (int j = 0; j < p; j++) {
      String at = "/variables/" + j;
      JsonNode v = vars.get(j);
      if (!v.isObject()) {
        throw error(at, "each variable is an object with \"name\" and \"states\"");
      }
      source.checkKeys(v, at, "name", "states", "hidden", "parents", "cpt");
      JsonNode name = v.get("name");
      if (name == null || !name.isTextual() || name.asText().isBlank()) {
        throw error(at, "variable needs a \"name\"");
      }
      String n = name.asText();
      if (index.put(n, j) != null) {
        throw error(at + "/name", "duplicate variable name '" + n + "'");
      }
      JsonNode st = v.get("states");
      Variable var;
      ColumnSpec spec;
      if (st == null) {
        throw error(at, "variable " + n + " needs \"states\": a count or a list of labels");
      } else if (st.isIntegralNumber() && st.canConvertToLong() && st.asLong() > MAX_STATES) {
        throw error(at + "/states", "variable " + n + " declares " + st + " states; at most " + MAX_STATES);
      } else if (st.isInt() && st.asInt() >= 1) {
        var = Variable.withCount(n, st.asInt());
        spec = ColumnSpec.count(n, st.asInt());
      } else if (st.isArray() && !st.isEmpty()) {
        List<String> labels = new ArrayList<>();
        for (int k = 0; k < st.size(); k++) {
          JsonNode lab = st.get(k);
          if (!lab.isValueNode() || lab.isNull()) {
            throw error(at + "/states/" + k, "state labels must be strings or numbers");
          }
          if (labels.contains(lab.asText())) {
            throw error(at + "/states/" + k, "duplicate state label '" + lab.asText() + "' for " + n);
          }
          labels.add(lab.asText());
        }
        var = new Variable(n, labels);
        spec = ColumnSpec.labels(n, labels);
      } else {
        throw error(at + "/states", "\"states\" of " + n + " must be a positive count or a non-empty list of labels");
      }
      JsonNode h = v.get("hidden");
      if (h != null && !h.isBoolean()) {
        throw error(at + "/hidden", "\"hidden\" must be true or false");
      }
      hidden[j] = h != null && h.asBoolean();
      variables.add(var);
      if (!hidden[j]) {
        specs.add(spec);
      }
    }
    int[][] parents = new int[p][];
    for (int j = 0; j < p; j++) {
      String at = "/variables/" + j + "/parents";
      JsonNode pa = vars.get(j).get("parents");
      if (pa == null) {
        parents[j] = new int[0];
        continue;
      }
      if (!pa.isArray()) {
        throw error(at, "\"parents\" must be a list of variable names");
      }
      parents[j] = new int[pa.size()];
      for (int a = 0; a < pa.size(); a++) {
        Integer q = pa.get(a).isTextual() ? index.get(pa.get(a).asText()) : null;
        if (q == null) {
          throw error(at + "/" + a, "unknown parent " + pa.get(a) + " of " + variables.get(j).name()
              + " (variables: " + String.join(", ", index.keySet().stream().sorted().toList()) + ")");
        }
        parents[j][a] = q;
      }
    }
    String tooBig = tableSizeProblem(variables, parents);
    if (tooBig != null) {
      throw error("/variables", tooBig);
    }
    DagStructure structure;
    try {
      structure = DagStructure.of(variables, hidden, parents);
    } catch (IllegalArgumentException e) {
      throw error("/variables", e.getMessage());
    }
    DirichletPrior prior = parsePrior(root.get("prior"), structure);
    double[] theta = new DagCpts(source).parse(vars, structure, renormalise);
    return new Loaded(new DagModel(structure, prior, theta), specs);
  }

  /**
   * Why the CPTs of these variables and parents cannot be held (more than {@link #MAX_TABLE_ENTRIES}
   * entries in all), or null. Parents must be valid indices.
   */
  static String tableSizeProblem(List<Variable> variables, int[][] parents) {
    long total = 0;
    for (int j = 0; j < variables.size(); j++) {
      double rows = 1;
      for (int q : parents[j]) {
        rows *= variables.get(q).cardinality();
      }
      double entries = rows * variables.get(j).cardinality();
      total += (long) Math.min(entries, Long.MAX_VALUE / 4);
      if (entries > MAX_TABLE_ENTRIES || total > MAX_TABLE_ENTRIES) {
        return String.format(java.util.Locale.ROOT, "the CPTs would have more than %d entries (%s alone: %.3g, %.3g"
            + " parent configurations x %d states); use fewer states or parents", MAX_TABLE_ENTRIES,
            variables.get(j).name(), entries, rows, variables.get(j).cardinality());
      }
    }
    return null;
  }

  private DirichletPrior parsePrior(JsonNode prior, DagStructure s) {
    if (prior == null) {
      throw error("", "missing \"prior\", e.g. {\"dirichlet\": 1.0} (Beal's uniform prior)");
    }
    JsonNode d = prior.get("dirichlet");
    if (!prior.isObject() || d == null || prior.size() != 1) {
      throw error("/prior", "a DAG prior is {\"dirichlet\": λ} or {\"dirichlet\": {\"name\": λ, …, \"default\": λ}}");
    }
    double[] lambda = new double[s.size()];
    if (d.isNumber()) {
      java.util.Arrays.fill(lambda, positive(d, "/prior/dirichlet"));
    } else if (d.isObject()) {
      JsonNode def = d.get("default");
      for (Iterator<String> it = d.fieldNames(); it.hasNext(); ) {
        String k = it.next();
        if (!k.equals("default") && s.indexOf(k) < 0) {
          throw error("/prior/dirichlet/" + k, "prior for unknown variable '" + k + "'");
        }
      }
      for (int j = 0; j < s.size(); j++) {
        JsonNode v = d.get(s.name(j));
        if (v == null) {
          v = def;
        }
        if (v == null) {
          throw error("/prior/dirichlet", "no Dirichlet λ for " + s.name(j) + " and no \"default\"");
        }
        lambda[j] = positive(v, "/prior/dirichlet/" + (d.has(s.name(j)) ? s.name(j) : "default"));
      }
    } else {
      throw error("/prior/dirichlet", "λ must be a number or an object of numbers");
    }
    return DirichletPrior.perVariable(lambda);
  }

  private double positive(JsonNode v, String at) {
    String problem = v.isNumber() ? PriorRange.dirichletProblem(v.asDouble()) : "a Dirichlet λ must be a number, got " + v;
    if (problem != null) {
      throw error(at, problem);
    }
    return v.asDouble();
  }
}
