package org.occam.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.crf.CrfModel;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import org.occam.report.ResultJson;

/**
 * Reads and writes linear-chain CRF model files (Parise &amp; Welling 2006, section 3; Welling &amp;
 * Parise 2006, section 5):
 *
 * <pre>{@code
 * {"type": "crf",
 *  "labels": ["question", "answer"],                 // the two label states: spin -1, then +1
 *  "inputs": ["blank", "indented", ...],             // the input columns g_a the model reads
 *  "features": ["bias", "transition", "state:blank", "transition:blank", ...],
 *  "tied": true,                                     // optional, default true (one parameter per template)
 *  "prior": {"gaussian": {"sigma": 1.0}},            // optional: σ0 = 1 when absent
 *  "parameters": {"bias": -2.1, "state:blank": 0.31, ...},   // optional: λMP by name (written by crf train)
 *  "fit": {"logLikelihood": ..., "logPosterior": ..., "converged": true, "sequences": 38, "positions": 3792}}
 * }</pre>
 *
 * <p>The features are templates named as in {@link CrfModel}. Parameters are named as
 * {@link org.occam.crf.CrfFeatures#parameterNames()}: the template's name when tied, {@code name@i}
 * (i = 1, 2, …) per position when untied. Every problem is a one-line {@link DataFormatException}
 * naming the file, the line and column, and the JSON path (e.g. {@code /features/2}).
 */
public final class CrfModelJson {
  /** The model's {@code "type"}. */
  public static final String TYPE = "crf";

  /**
   * A model as read.
   *
   * @param model the CRF (labels, inputs, features, tied)
   * @param priorSigma σ0 of the file's prior, when it has one
   * @param parameters the file's parameters by name, in file order, when it has them
   */
  public record Loaded(CrfModel model, OptionalDouble priorSigma, Optional<Map<String, Double>> parameters) {
    public Loaded {
      parameters = parameters.map(p -> java.util.Collections.unmodifiableMap(new LinkedHashMap<>(p)));
    }

    /**
     * The parameters in the order of {@code names} (the model's {@link org.occam.crf.CrfFeatures#parameterNames()}).
     *
     * @throws InvalidInputException when the file has no parameters, or not these
     */
    public double[] lambda(List<String> names) {
      Map<String, Double> p = parameters.orElseThrow(() -> new InvalidInputException(
          "the model has no \"parameters\" (λ by name); crf train writes them"));
      double[] lambda = new double[names.size()];
      for (int k = 0; k < lambda.length; k++) {
        Double v = p.get(names.get(k));
        if (v == null) {
          throw new InvalidInputException("the model's \"parameters\" have no value for " + names.get(k)
              + (model.tied() ? "" : " (an untied model's parameters are per position, up to the longest sequence)"));
        }
        lambda[k] = v;
      }
      if (p.size() != names.size()) {
        List<String> extra = p.keySet().stream().filter(n -> !names.contains(n)).toList();
        throw new InvalidInputException("the model's \"parameters\" name " + String.join(", ", extra)
            + ", which these data do not have (the longest sequence is shorter than the training data's)");
      }
      return lambda;
    }
  }

  private final JsonSource source;

  private CrfModelJson(JsonSource source) {
    this.source = source;
  }

  /**
   * Reads a model file.
   *
   * @throws DataFormatException for any problem, in one line with the file, place and JSON path
   */
  public static Loaded read(Path file) {
    JsonSource source = JsonSource.read(file);
    return new CrfModelJson(source).parse(source.root());
  }

  /** A one-line error at the JSON pointer {@code at}, naming it. */
  private DataFormatException error(String at, String message) {
    return source.error(at, (at.isEmpty() ? "" : at + ": ") + message);
  }

  private Loaded parse(JsonNode root) {
    if (root == null || !root.isObject()) {
      throw error("", "a CRF model file is a JSON object with \"type\": \"crf\", \"labels\", \"inputs\" and"
          + " \"features\"");
    }
    JsonNode type = root.get("type");
    if (type == null || !type.isTextual()) {
      throw error("", "missing \"type\" (expected \"crf\")");
    }
    if (!type.asText().equals(TYPE)) {
      throw error("/type", ModelTypes.wrongType(type.asText(), TYPE));
    }
    checkKeys(root, "", "type", "labels", "inputs", "features", "tied", "prior", "parameters", "fit");
    List<String> labels = strings(root, "labels", "the two label states, e.g. [\"question\", \"answer\"]");
    if (labels.size() != 2) {
      throw error("/labels", "a linear-chain CRF has exactly 2 label states (spin -1, then +1), got " + labels.size());
    }
    if (labels.get(0).equals(labels.get(1))) {
      throw error("/labels/1", "a linear-chain CRF has exactly 2 different label states, got '" + labels.get(0)
          + "' twice");
    }
    List<String> inputs = strings(root, "inputs", "the input columns the model reads");
    List<String> features = strings(root, "features",
        "feature templates: bias, transition, state:INPUT, transition:INPUT");
    if (features.isEmpty()) {
      throw error("/features", "a CRF needs at least one feature");
    }
    JsonNode tiedNode = root.get("tied");
    if (tiedNode != null && !tiedNode.isBoolean()) {
      throw error("/tied", "\"tied\" must be true or false");
    }
    boolean tied = tiedNode == null || tiedNode.asBoolean();
    CrfModel model;
    try {
      model = new CrfModel(labels, inputs, features, tied);
    } catch (InvalidInputException e) {
      throw error(placeOf(e.getMessage(), labels, inputs, features), e.getMessage());
    }
    OptionalDouble sigma = parsePrior(root.get("prior"));
    Optional<Map<String, Double>> parameters = parseParameters(root.get("parameters"), model);
    JsonNode fit = root.get("fit");
    if (fit != null && !fit.isObject()) {
      throw error("/fit", "\"fit\" must be an object (what crf train found), got " + fit);
    }
    return new Loaded(model, sigma, parameters);
  }

  /** The JSON pointer of the first repeated or unusable name that the model's message is about. */
  private static String placeOf(String message, List<String> labels, List<String> inputs, List<String> features) {
    String at = repeated("/labels", labels);
    if (at == null) {
      at = repeated("/inputs", inputs);
    }
    if (at == null) {
      at = repeated("/features", features);
    }
    if (at != null) {
      return at;
    }
    for (int k = 0; k < features.size(); k++) {
      if (message.contains("'" + features.get(k).trim() + "'")) {
        return "/features/" + k;
      }
    }
    return "";
  }

  private static String repeated(String at, List<String> names) {
    for (int k = 0; k < names.size(); k++) {
      if (names.subList(0, k).contains(names.get(k))) {
        return at + "/" + k;
      }
    }
    return null;
  }

  private void checkKeys(JsonNode node, String at, String... allowed) {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      if (!List.of(allowed).contains(k)) {
        throw error(at + "/" + k, "unknown field \"" + k + "\" (allowed: " + String.join(", ", allowed) + ")");
      }
    }
  }

  private List<String> strings(JsonNode root, String field, String what) {
    JsonNode node = root.get(field);
    if (node == null) {
      throw error("", "missing \"" + field + "\": " + what);
    }
    if (!node.isArray()) {
      throw error("/" + field, "\"" + field + "\" must be a list of strings: " + what);
    }
    List<String> out = new ArrayList<>();
    for (int k = 0; k < node.size(); k++) {
      JsonNode s = node.get(k);
      if (!s.isTextual() || s.asText().isBlank()) {
        throw error("/" + field + "/" + k, "\"" + field + "\" must be a list of non-empty strings, got " + s);
      }
      out.add(s.asText());
    }
    return out;
  }

  private OptionalDouble parsePrior(JsonNode prior) {
    if (prior == null) {
      return OptionalDouble.empty();
    }
    JsonNode g = prior.isObject() && prior.size() == 1 ? prior.get("gaussian") : null;
    JsonNode sigma = g != null && g.isObject() && g.size() == 1 ? g.get("sigma") : null;
    if (sigma == null) {
      throw error("/prior", "a CRF prior is {\"gaussian\": {\"sigma\": σ0}}, N(0, σ0² I) on every parameter");
    }
    double s = sigma.asDouble();
    String problem = sigma.isNumber() ? PriorRange.sigmaProblem(s) : "σ0 must be a number, got " + sigma;
    if (problem != null) {
      throw error("/prior/gaussian/sigma", problem);
    }
    return OptionalDouble.of(s);
  }

  private Optional<Map<String, Double>> parseParameters(JsonNode params, CrfModel model) {
    if (params == null) {
      return Optional.empty();
    }
    if (!params.isObject()) {
      throw error("/parameters", "\"parameters\" must be an object of numbers by parameter name, e.g."
          + " {\"bias\": -1.2, \"state:blank\": 0.3}");
    }
    Map<String, Double> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String at = "/parameters/" + e.getKey().replace("~", "~0").replace("/", "~1");
      if (!e.getValue().isNumber() || !Double.isFinite(e.getValue().asDouble())) {
        throw error(at, "parameter " + e.getKey() + " must be a finite number, got " + e.getValue());
      }
      String template = e.getKey();
      if (!model.tied()) {
        int atSign = template.lastIndexOf('@');
        String position = atSign < 0 ? "" : template.substring(atSign + 1);
        if (!position.matches("[1-9][0-9]{0,8}")) {
          throw error(at, "an untied model's parameters are named TEMPLATE@POSITION (1, 2, …), got " + template);
        }
        template = template.substring(0, atSign);
      }
      if (!model.features().contains(template)) {
        throw error(at, "parameter " + e.getKey() + " is not of a feature of the model (features: "
            + String.join(", ", model.features()) + ")");
      }
      out.put(e.getKey(), e.getValue().asDouble());
    }
    if (model.tied()) {
      for (String f : model.features()) {
        if (!out.containsKey(f)) {
          throw error("/parameters", "no value for feature " + f + ": a tied model has one parameter per feature");
        }
      }
    }
    return Optional.of(out);
  }

  /**
   * The JSON tree of a model file.
   *
   * @param priorSigma σ0
   * @param parameterNames the parameters' names ({@link org.occam.crf.CrfFeatures#parameterNames()}), or null
   *     to write no parameters
   * @param lambda their values, or null
   * @param fit what the fit found (e.g. log likelihood, converged), or null
   */
  public static Map<String, Object> tree(CrfModel model, double priorSigma, List<String> parameterNames,
      double[] lambda, Map<String, Object> fit) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", TYPE);
    m.put("labels", model.labelStates());
    m.put("inputs", model.inputNames());
    m.put("features", model.features());
    m.put("tied", model.tied());
    m.put("prior", Map.of("gaussian", Map.of("sigma", priorSigma)));
    if (lambda != null) {
      if (parameterNames.size() != lambda.length) {
        throw new IllegalArgumentException(parameterNames.size() + " names for " + lambda.length + " parameters");
      }
      Map<String, Object> p = new LinkedHashMap<>();
      for (int k = 0; k < lambda.length; k++) {
        p.put(parameterNames.get(k), lambda[k]);
      }
      m.put("parameters", p);
    }
    if (fit != null) {
      m.put("fit", fit);
    }
    return m;
  }

  /** The text of a model file ({@link #tree}). */
  public static String write(CrfModel model, double priorSigma, List<String> parameterNames, double[] lambda,
      Map<String, Object> fit) {
    return ResultJson.write(tree(model, priorSigma, parameterNames, lambda, fit));
  }
}
