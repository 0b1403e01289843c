package org.occam.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.loglinear.FactorModel;

/**
 * Occam's JSON for a discrete Markov network as factor tables ({@link FactorModel}):
 *
 * <pre>{@code
 * {"type": "markov",
 *  "variables": [{"name": "A", "states": ["no", "yes"]}, {"name": "B", "states": 3}],
 *  "factors": [{"scope": ["A", "B"], "logPotentials": [0.1, 0, -0.4, 0.3, null, 1.2]}],
 *  "prior": {"gaussian": {"sigma": 1.0}}}                // optional
 * }</pre>
 *
 * <p>{@code logPotentials} are row-major over the scope, the last variable fastest (as in UAI);
 * {@code null} stands for −∞, a zero potential, which JSON cannot write as a number. Every problem
 * is a one-line {@link DataFormatException} with the file, line and column.
 */
public final class MarkovModelFile {
  /** A Markov network as read, with the file's Gaussian prior σ0 when it gives one. */
  public record Loaded(FactorModel model, OptionalDouble priorSigma) {}

  private final JsonSource source;

  private MarkovModelFile(JsonSource source) {
    this.source = source;
  }

  /** Reads a {@code "markov"} model file. */
  public static Loaded read(Path file) {
    JsonSource source = JsonSource.read(file);
    return new MarkovModelFile(source).parse(source.root());
  }

  private Loaded parse(JsonNode root) {
    if (root == null || !root.isObject()) {
      throw source.error("", "a model file is a JSON object with \"type\", \"variables\" and \"factors\"");
    }
    JsonNode type = root.get("type");
    if (type == null || !type.isTextual()) {
      throw source.error("", "missing \"type\" (expected \"markov\")");
    }
    if (!type.asText().equals("markov")) {
      throw source.error("/type", ModelTypes.wrongType(type.asText(), "markov"));
    }
    source.checkKeys(root, "", "type", "variables", "factors", "prior");
    JsonNode vars = root.get("variables");
    if (vars == null || !vars.isArray() || vars.isEmpty()) {
      throw source.error(vars == null ? "" : "/variables", "\"variables\" must be a non-empty array");
    }
    List<Variable> variables = new ArrayList<>();
    Map<String, Integer> index = new HashMap<>();
    long states = 0;
    for (int j = 0; j < vars.size(); j++) {
      JsonNode st = vars.get(j).get("states");
      states += st != null && st.canConvertToLong() ? Math.max(0, st.asLong()) : st != null ? st.size() : 0;
      if (states > UaiFile.MAX_TOTAL_STATES) {
        throw source.error("/variables/" + j, "the variables would have more than " + UaiFile.MAX_TOTAL_STATES
            + " states in all");
      }
      variables.add(variable(vars.get(j), "/variables/" + j, index));
      index.put(variables.get(j).name(), j);
    }
    JsonNode factors = root.get("factors");
    if (factors == null || !factors.isArray()) {
      throw source.error(factors == null ? "" : "/factors", "\"factors\" must be an array of {\"scope\": [names],"
          + " \"logPotentials\": [numbers]}");
    }
    List<FactorModel.Factor> out = new ArrayList<>();
    long total = 0;
    for (int f = 0; f < factors.size(); f++) {
      String at = "/factors/" + f;
      JsonNode factor = factors.get(f);
      if (!factor.isObject()) {
        throw source.error(at, "a factor is {\"scope\": [names], \"logPotentials\": [numbers]}");
      }
      source.checkKeys(factor, at, "scope", "logPotentials");
      JsonNode scope = factor.get("scope");
      if (scope == null || !scope.isArray()) {
        throw source.error(at, "a factor needs a \"scope\": a list of variable names");
      }
      int[] s = new int[scope.size()];
      long cells = 1;
      for (int a = 0; a < s.length; a++) {
        s[a] = BoltzmannModelFile.variable(source, scope.get(a), at + "/scope/" + a, index, "factor " + f + "'s scope");
        for (int b = 0; b < a; b++) {
          if (s[b] == s[a]) {
            throw source.error(at + "/scope/" + a, "factor " + f + " names " + scope.get(a) + " twice");
          }
        }
        cells *= variables.get(s[a]).cardinality();
        if (cells > DagModelFile.MAX_TABLE_ENTRIES) {
          throw source.error(at + "/scope", "factor " + f + "'s table would have more than "
              + DagModelFile.MAX_TABLE_ENTRIES + " entries");
        }
      }
      total += cells;
      if (total > DagModelFile.MAX_TABLE_ENTRIES) {
        throw source.error(at, "the factor tables would have more than " + DagModelFile.MAX_TABLE_ENTRIES + " entries");
      }
      JsonNode table = factor.get("logPotentials");
      if (table == null || !table.isArray() || table.size() != cells) {
        throw source.error(table == null ? at : at + "/logPotentials", "factor " + f + " needs \"logPotentials\": "
            + cells + " numbers (row-major over its scope, the last variable fastest; null for a zero potential)");
      }
      double[] t = new double[(int) cells];
      for (int i = 0; i < t.length; i++) {
        JsonNode e = table.get(i);
        if (e.isNull()) {
          t[i] = Double.NEGATIVE_INFINITY;
        } else if (e.isNumber() && Double.isFinite(e.asDouble())) {
          t[i] = e.asDouble();
        } else {
          throw source.error(at + "/logPotentials/" + i, "a log potential is a finite number, or null for a zero"
              + " potential, got " + e);
        }
      }
      out.add(new FactorModel.Factor(s, t));
    }
    return new Loaded(new FactorModel(variables, out), prior(root.get("prior")));
  }

  private Variable variable(JsonNode v, String at, Map<String, Integer> index) {
    if (!v.isObject()) {
      throw source.error(at, "each variable is an object with \"name\" and \"states\"");
    }
    source.checkKeys(v, at, "name", "states");
    JsonNode name = v.get("name");
    if (name == null || !name.isTextual() || name.asText().isBlank()) {
      throw source.error(at, "variable needs a \"name\"");
    }
    String n = name.asText();
    if (index.containsKey(n)) {
      throw source.error(at + "/name", "duplicate variable name '" + n + "'");
    }
    JsonNode st = v.get("states");
    if (st != null && st.isInt() && st.asInt() >= 1 && st.asInt() <= DagModelFile.MAX_STATES) {
      return Variable.withCount(n, st.asInt());
    }
    if (st != null && st.isArray() && !st.isEmpty() && st.size() <= DagModelFile.MAX_STATES) {
      List<String> labels = new ArrayList<>();
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (int k = 0; k < st.size(); k++) {
        JsonNode lab = st.get(k);
        if (!lab.isValueNode() || lab.isNull()) {
          throw source.error(at + "/states/" + k, "state labels must be strings or numbers");
        }
        if (!seen.add(lab.asText())) {
          throw source.error(at + "/states/" + k, "duplicate state label '" + lab.asText() + "' for " + n);
        }
        labels.add(lab.asText());
      }
      return new Variable(n, labels);
    }
    throw source.error(st == null ? at : at + "/states", "\"states\" of " + n + " must be a count from 1 to "
        + DagModelFile.MAX_STATES + " or a non-empty list of labels");
  }

  private OptionalDouble prior(JsonNode prior) {
    if (prior == null) {
      return OptionalDouble.empty();
    }
    JsonNode g = prior.isObject() && prior.size() == 1 ? prior.get("gaussian") : null;
    JsonNode sigma = g != null && g.isObject() && g.size() == 1 ? g.get("sigma") : null;
    if (sigma == null) {
      throw source.error("/prior", "a Markov-network prior is {\"gaussian\": {\"sigma\": σ0}}");
    }
    String problem = sigma.isNumber() ? PriorRange.sigmaProblem(sigma.asDouble()) : "σ0 must be a number, got " + sigma;
    if (problem != null) {
      throw source.error("/prior/gaussian/sigma", problem);
    }
    return OptionalDouble.of(sigma.asDouble());
  }

  /** The JSON of a Markov network (with its prior when given). */
  public static ObjectNode json(FactorModel model, OptionalDouble priorSigma) {
    JsonNodeFactory json = JsonNodeFactory.instance;
    ObjectNode root = json.objectNode();
    root.put("type", "markov");
    ArrayNode vars = root.putArray("variables");
    for (Variable v : model.variables()) {
      ObjectNode o = vars.addObject();
      o.put("name", v.name());
      if (v.equals(Variable.withCount(v.name(), v.cardinality()))) {
        o.put("states", v.cardinality());
      } else {
        ArrayNode st = o.putArray("states");
        v.states().forEach(st::add);
      }
    }
    ArrayNode factors = root.putArray("factors");
    for (FactorModel.Factor f : model.factors()) {
      ObjectNode o = factors.addObject();
      ArrayNode scope = o.putArray("scope");
      for (int q : f.scope()) {
        scope.add(model.variables().get(q).name());
      }
      ArrayNode t = o.putArray("logPotentials");
      for (double x : f.logTable()) {
        if (x == Double.NEGATIVE_INFINITY) {
          t.addNull();
        } else {
          t.add(x);
        }
      }
    }
    if (priorSigma.isPresent()) {
      root.putObject("prior").putObject("gaussian").put("sigma", priorSigma.getAsDouble());
    }
    return root;
  }

  /**
   * A Boltzmann machine as factor tables: a node factor {@code [0, θ_i]} per variable and an edge
   * factor {@code [0, 0, 0, w_ij]} per edge, so that Σ_f φ_f(x) = Σ θ_i x_i + Σ w_ij x_i x_j.
   *
   * @throws DataFormatException when the file has no parameters
   */
  public static FactorModel fromBoltzmann(Path file, BoltzmannModelFile.Loaded loaded) {
    BoltzmannMachine m = loaded.model().orElseThrow(() -> DataFormatException.at(file, 1, 0,
        "the Boltzmann machine has no \"parameters\"; its factor tables need biases and weights"));
    List<FactorModel.Factor> factors = new ArrayList<>();
    for (int i = 0; i < m.variableCount(); i++) {
      factors.add(new FactorModel.Factor(new int[] {i}, new double[] {0, m.bias(i)}));
    }
    for (int e = 0; e < m.graph().edgeCount(); e++) {
      factors.add(new FactorModel.Factor(new int[] {m.graph().edgeFrom(e), m.graph().edgeTo(e)},
          new double[] {0, 0, 0, m.weight(e)}));
    }
    try {
      return new FactorModel(loaded.variables(), factors);
    } catch (InvalidInputException e) {
      throw DataFormatException.at(file, 1, 0, e.getMessage());
    }
  }
}
