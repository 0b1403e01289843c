package org.occam.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.data.ColumnSpec;
import org.occam.data.DataFormatException;
import org.occam.data.Variable;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.PairwiseGraph;

/**
 * Reads Boltzmann-machine model files:
 *
 * <pre>{@code
 * {"type": "boltzmann",
 *  "variables": [{"name": "a"}, {"name": "b", "states": ["no", "yes"]}, {"name": "c"}],
 *  "edges": [["a", "b"], ["b", "c"]],
 *  "prior": {"gaussian": {"sigma": 1.0}},                 // optional: σ0 = 1 when absent
 *  "spins": false,                                        // optional
 *  "parameters": {"bias": {"a": 0.3, "b": -0.2},          // optional; needed by sample
 *                 "weight": [["a", "b", 0.5], ["b", "c", -1.0]]}}
 * }</pre>
 *
 * <p>Every variable is binary. Its two states are, in order, x = 0 and x = 1; they are labelled
 * {@code "0"}, {@code "1"} unless {@code "states"} lists two labels ({@code "states": 2} is also
 * accepted). With {@code "spins": true} the variables are ±1 spins s = 2x − 1, labelled
 * {@code "-1"}, {@code "1"} by default, and the parameters are the spin model's fields h_i and
 * couplings J_ij in {@code p(s) ∝ exp(Σ h_i s_i + Σ J_ij s_i s_j)}; they are converted to the 0/1
 * form by {@link BoltzmannMachine#fromSpins}. Every variable needs a bias (field) and every edge a
 * weight (coupling). The prior is {@code N(0, σ0² I)} on the 0/1 parameters (node biases, then edge
 * weights in the order of {@code "edges"}). Every problem is a one-line {@link DataFormatException}
 * with the file, line and column.
 */
public final class BoltzmannModelFile {
  /** The labels of a variable's two states when {@code "states"} is not given. */
  public static final List<String> BINARY_LABELS = List.of("0", "1");

  /** The labels of a spin's two states when {@code "states"} is not given. */
  public static final List<String> SPIN_LABELS = List.of("-1", "1");

  /**
   * A model as read.
   *
   * @param variables the variables in file order, each with its two labels (x = 0, x = 1)
   * @param graph the edges, in file order, on the variables' indices
   * @param spins whether the file is written for ±1 spins
   * @param priorSigma σ0 of the file's prior, when it has one
   * @param model the model in its 0/1 form, when the file gives parameters
   * @param labelled the names of the variables whose {@code "states"} list their two labels
   * @param hidden the names of the variables marked {@code "hidden": true} (absent from the data)
   */
  public record Loaded(List<Variable> variables, PairwiseGraph graph, boolean spins, OptionalDouble priorSigma,
      Optional<BoltzmannMachine> model, java.util.Set<String> labelled, java.util.Set<String> hidden) {
    public Loaded {
      variables = List.copyOf(variables);
      labelled = java.util.Set.copyOf(labelled);
      hidden = java.util.Set.copyOf(hidden);
    }

    /** A model with no hidden variable. */
    public Loaded(List<Variable> variables, PairwiseGraph graph, boolean spins, OptionalDouble priorSigma,
        Optional<BoltzmannMachine> model, java.util.Set<String> labelled) {
      this(variables, graph, spins, priorSigma, model, labelled, java.util.Set.of());
    }

    /** Whether a variable is hidden. */
    public boolean hasHidden() {
      return !hidden.isEmpty();
    }

    /** Per variable, in order, whether it is hidden. */
    public boolean[] hiddenFlags() {
      boolean[] out = new boolean[variables.size()];
      for (int j = 0; j < out.length; j++) {
        out[j] = hidden.contains(variables.get(j).name());
      }
      return out;
    }

    /** The hidden variables' names in file order. */
    public List<String> hiddenNames() {
      return names().stream().filter(hidden::contains).toList();
    }

    /** A model none of whose variables lists its labels. */
    public Loaded(List<Variable> variables, PairwiseGraph graph, boolean spins, OptionalDouble priorSigma,
        Optional<BoltzmannMachine> model) {
      this(variables, graph, spins, priorSigma, model, java.util.Set.of());
    }

    /**
     * How the data's columns are read: a variable that lists its labels takes exactly those; any
     * other is a {@link ColumnSpec#binary binary column} (its default labels when the cells are
     * 0/1, or ±1 for spins, else the two values in the data), as {@code mrf rank} reads every column.
     * Hidden variables have no column.
     */
    public List<ColumnSpec> columns() {
      return variables.stream().filter(v -> !hidden.contains(v.name())).map(v -> labelled.contains(v.name()) ? ColumnSpec.of(v)
          : ColumnSpec.binary(v.name(), v.states())).toList();
    }

    /** The variables' names in order. */
    public List<String> names() {
      return variables.stream().map(Variable::name).toList();
    }

    /** The edges as name pairs, in edge order. */
    public List<List<String>> edgeNames() {
      List<List<String>> out = new ArrayList<>();
      for (int e = 0; e < graph.edgeCount(); e++) {
        out.add(List.of(variables.get(graph.edgeFrom(e)).name(), variables.get(graph.edgeTo(e)).name()));
      }
      return out;
    }
  }

  private final JsonSource source;
  private final java.util.Set<String> labelled = new java.util.HashSet<>();
  private final java.util.Set<String> hidden = new java.util.HashSet<>();
  private final boolean allowHidden;

  private BoltzmannModelFile(JsonSource source, boolean allowHidden) {
    this.source = source;
    this.allowHidden = allowHidden;
  }

  /**
   * Reads a model file.
   *
   * @param needParameters fail (at the top of the file) when it has no {@code "parameters"}
   */
  public static Loaded read(Path file, boolean needParameters) {
    return read(file, needParameters, false);
  }

  /**
   * Reads a model file whose variables may be marked {@code "hidden": true} (a boolean) when
   * {@code allowHidden}; otherwise a {@code "hidden"} key is refused, as by the commands that need
   * fully observed data.
   */
  public static Loaded read(Path file, boolean needParameters, boolean allowHidden) {
    JsonSource source = JsonSource.read(file);
    return new BoltzmannModelFile(source, allowHidden).parse(source.root(), needParameters);
  }

  private Loaded parse(JsonNode root, boolean needParameters) {
    if (root == null || !root.isObject()) {
      throw source.error("", "a model file is a JSON object with \"type\", \"variables\" and \"edges\"");
    }
    JsonNode type = root.get("type");
    if (type == null || !type.isTextual()) {
      throw source.error("", "missing \"type\" (expected \"boltzmann\")");
    }
    if (!type.asText().equals("boltzmann")) {
      throw source.error("/type", ModelTypes.wrongType(type.asText(), "boltzmann"));
    }
    source.checkKeys(root, "", "type", "variables", "edges", "prior", "spins", "parameters");
    JsonNode spinsNode = root.get("spins");
    if (spinsNode != null && !spinsNode.isBoolean()) {
      throw source.error("/spins", "\"spins\" must be true or false");
    }
    boolean spins = spinsNode != null && spinsNode.asBoolean();
    List<Variable> variables = parseVariables(root.get("variables"), spins);
    Map<String, Integer> index = new HashMap<>();
    for (int j = 0; j < variables.size(); j++) {
      index.put(variables.get(j).name(), j);
    }
    PairwiseGraph graph = parseEdges(root.get("edges"), index);
    OptionalDouble sigma = parsePrior(root.get("prior"));
    JsonNode params = root.get("parameters");
    if (params == null && needParameters) {
      throw source.error("", "the model has no \"parameters\"; sampling needs {\"bias\": {name: value, …}, "
          + "\"weight\": [[name, name, value], …]} (a weight for every edge)");
    }
    Optional<BoltzmannMachine> model = params == null ? Optional.empty()
        : Optional.of(new BoltzmannParameters(source).parse(params, graph, index, spins));
    if (hidden.size() == variables.size()) {
      throw source.error("/variables", "every variable is hidden: at least one must be observed (a data column)");
    }
    return new Loaded(variables, graph, spins, sigma, model, labelled, hidden);
  }

  private List<Variable> parseVariables(JsonNode vars, boolean spins) {
    if (vars == null || !vars.isArray() || vars.isEmpty()) {
      throw source.error(vars == null ? "" : "/variables", "\"variables\" must be a non-empty array of {\"name\": …}");
    }
    List<Variable> out = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int j = 0; j < vars.size(); j++) {
      String at = "/variables/" + j;
      JsonNode v = vars.get(j);
      if (!v.isObject()) {
        throw source.error(at, "each variable is an object with a \"name\" (and optionally two \"states\")");
      }
      if (v.has("hidden") && !allowHidden) {
        throw source.error(at + "/hidden", "hidden variables are not supported here: this command needs fully"
            + " observed data (mrf score takes them)");
      }
      source.checkKeys(v, at, "name", "states", "hidden");
      JsonNode hiddenNode = v.get("hidden");
      if (hiddenNode != null && !hiddenNode.isBoolean()) {
        throw source.error(at + "/hidden", "\"hidden\" must be true or false, got " + hiddenNode);
      }
      JsonNode name = v.get("name");
      if (name == null || !name.isTextual() || name.asText().isBlank()) {
        throw source.error(at, "variable needs a \"name\"");
      }
      String n = name.asText();
      if (names.contains(n)) {
        throw source.error(at + "/name", "duplicate variable name '" + n + "'");
      }
      names.add(n);
      if (hiddenNode != null && hiddenNode.asBoolean()) {
        hidden.add(n);
      }
      List<String> labels = spins ? SPIN_LABELS : BINARY_LABELS;
      JsonNode st = v.get("states");
      if (st != null) {
        if (st.isInt() && st.asInt() == 2) {
          // the default labels
        } else if (st.isArray() && st.size() == 2) {
          List<String> given = new ArrayList<>();
          for (int k = 0; k < 2; k++) {
            JsonNode lab = st.get(k);
            if (!lab.isValueNode() || lab.isNull()) {
              throw source.error(at + "/states/" + k, "state labels must be strings or numbers");
            }
            given.add(lab.asText());
          }
          if (given.get(0).equals(given.get(1))) {
            throw source.error(at + "/states/1", "duplicate state label '" + given.get(1) + "' for " + n);
          }
          labels = given;
          labelled.add(n);
        } else {
          throw source.error(at + "/states", "a Boltzmann machine's variables are binary: \"states\" of " + n
              + " must be 2 or a list of two labels (" + (spins ? "s = -1, s = +1" : "x = 0, x = 1") + "), got " + st);
        }
      }
      out.add(new Variable(n, labels));
    }
    return out;
  }

  private PairwiseGraph parseEdges(JsonNode edges, Map<String, Integer> index) {
    if (edges == null) {
      throw source.error("", "missing \"edges\": a list of [name, name] pairs ([] for no edges)");
    }
    if (!edges.isArray()) {
      throw source.error("/edges", "\"edges\" must be a list of [name, name] pairs");
    }
    int[][] pairs = new int[edges.size()][];
    Map<Long, Integer> seen = new HashMap<>();
    for (int e = 0; e < edges.size(); e++) {
      String at = "/edges/" + e;
      JsonNode pair = edges.get(e);
      if (!pair.isArray() || pair.size() != 2) {
        throw source.error(at, "an edge is a pair of variable names, [\"a\", \"b\"], got " + pair);
      }
      int[] ends = new int[2];
      for (int k = 0; k < 2; k++) {
        ends[k] = variable(source, pair.get(k), at + "/" + k, index, "edge");
      }
      if (ends[0] == ends[1]) {
        throw source.error(at, "edge " + pair + " is a self-loop; an edge joins two different variables");
      }
      long key = (long) Math.min(ends[0], ends[1]) * index.size() + Math.max(ends[0], ends[1]);
      Integer before = seen.put(key, e);
      if (before != null) {
        throw source.error(at, "duplicate edge " + pair + " (the same as edge " + (before + 1) + ", "
            + edges.get(before) + ")");
      }
      pairs[e] = ends;
    }
    return new PairwiseGraph(index.size(), pairs);
  }

  /** The index of the variable named by {@code name}, or a one-line error at {@code at}. */
  static int variable(JsonSource source, JsonNode name, String at, Map<String, Integer> index, String what) {
    Integer q = name.isTextual() ? index.get(name.asText()) : null;
    if (q == null) {
      throw source.error(at, "unknown variable " + name + " in " + what + " (variables: "
          + String.join(", ", index.keySet().stream().sorted().toList()) + ")");
    }
    return q;
  }

  private OptionalDouble parsePrior(JsonNode prior) {
    if (prior == null) {
      return OptionalDouble.empty();
    }
    JsonNode g = prior.isObject() && prior.size() == 1 ? prior.get("gaussian") : null;
    JsonNode sigma = g != null && g.isObject() && g.size() == 1 ? g.get("sigma") : null;
    if (sigma == null) {
      throw source.error("/prior", "a Boltzmann-machine prior is {\"gaussian\": {\"sigma\": σ0}}, N(0, σ0² I) on"
          + " every parameter");
    }
    double s = sigma.asDouble();
    String problem = sigma.isNumber() ? PriorRange.sigmaProblem(s) : "σ0 must be a number, got " + sigma;
    if (problem != null) {
      throw source.error("/prior/gaussian/sigma", problem);
    }
    return OptionalDouble.of(s);
  }
}
