package org.occam.io;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.PairwiseGraph;

/**
 * The {@code "parameters"} of a Boltzmann-machine model file ({@link BoltzmannModelFile}): node
 * biases (or spin fields) by name, one weight (or coupling) per edge, converted to the 0/1 form
 * λ = (biases, weights in edge order); spins by {@link BoltzmannMachine#fromSpins}.
 */
final class BoltzmannParameters {
  private final JsonSource source;

  BoltzmannParameters(JsonSource source) {
    this.source = source;
  }

  /**
   * The model in its 0/1 form from the file's {@code "parameters"}.
   *
   * @param index each variable's index by name
   * @param spins whether the parameters are fields and couplings of ±1 spins
   */
  BoltzmannMachine parse(JsonNode params, PairwiseGraph graph, Map<String, Integer> index,
      boolean spins) {
    if (!params.isObject()) {
      throw source.error("/parameters", "\"parameters\" is {\"bias\": {name: value, …}, \"weight\": [[name, name, value], …]}");
    }
    source.checkKeys(params, "/parameters", "bias", "weight");
    int v = graph.vertexCount();
    double[] bias = new double[v];
    boolean[] biasGiven = new boolean[v];
    JsonNode b = params.get("bias");
    String what = spins ? "field" : "bias";
    if (b == null || !b.isObject()) {
      throw source.error("/parameters" + (b == null ? "" : "/bias"), "\"parameters\" needs \"bias\": {name: value, …}"
          + " with every variable's " + what + " (0 where there is none), as \"weight\" needs every edge's");
    }
    {
      for (Iterator<Map.Entry<String, JsonNode>> it = b.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        String at = "/parameters/bias/" + f.getKey().replace("~", "~0").replace("/", "~1");
        Integer i = index.get(f.getKey());
        if (i == null) {
          throw source.error(at, "bias for unknown variable '" + f.getKey() + "'");
        }
        bias[i] = finite(f.getValue(), at, what);
        biasGiven[i] = true;
      }
      String[] names = new String[v];
      index.forEach((name, i) -> names[i] = name);
      for (int i = 0; i < v; i++) {
        if (!biasGiven[i]) {
          throw source.error("/parameters/bias", "no " + what + " for variable '" + names[i] + "' (give every"
              + " variable's " + what + ", 0 where there is none)");
        }
      }
    }
    double[] weight = new double[graph.edgeCount()];
    boolean[] given = new boolean[graph.edgeCount()];
    JsonNode w = params.get("weight");
    if (w != null && !w.isArray()) {
      throw source.error("/parameters/weight", "\"weight\" is a list of [name, name, value] triples, one per edge");
    }
    if (w != null) {
      for (int k = 0; k < w.size(); k++) {
        String at = "/parameters/weight/" + k;
        JsonNode t = w.get(k);
        if (!t.isArray() || t.size() != 3) {
          throw source.error(at, "a weight is [name, name, value], got " + t);
        }
        int i = BoltzmannModelFile.variable(source, t.get(0), at + "/0", index, "weight");
        int j = BoltzmannModelFile.variable(source, t.get(1), at + "/1", index, "weight");
        int e = i == j ? -1 : graph.edgeIndex(i, j);
        if (e < 0) {
          throw source.error(at, "weight for " + t.get(0) + "–" + t.get(1) + ", which is not an edge of the model");
        }
        if (given[e]) {
          throw source.error(at, "second weight for the edge " + t.get(0) + "–" + t.get(1));
        }
        given[e] = true;
        weight[e] = finite(t.get(2), at + "/2", spins ? "coupling" : "weight");
      }
    }
    for (int e = 0; e < graph.edgeCount(); e++) {
      if (!given[e]) {
        throw source.error(w == null ? "/parameters" : "/parameters/weight", "no weight for the edge "
            + edgeName(graph, e, index) + "; every edge needs one (" + (spins ? "coupling J" : "weight w") + ")");
      }
    }
    if (spins) {
      return BoltzmannMachine.fromSpins(graph, bias, weight);
    }
    double[] lambda = Arrays.copyOf(bias, v + weight.length);
    System.arraycopy(weight, 0, lambda, v, weight.length);
    return new BoltzmannMachine(graph, lambda);
  }

  private static String edgeName(PairwiseGraph graph, int e, Map<String, Integer> index) {
    String[] names = new String[index.size()];
    index.forEach((n, i) -> names[i] = n);
    return names[graph.edgeFrom(e)] + "–" + names[graph.edgeTo(e)];
  }

  private double finite(JsonNode x, String at, String what) {
    if (!x.isNumber() || !Double.isFinite(x.asDouble())) {
      throw source.error(at, "a " + what + " must be a finite number, got " + x);
    }
    return x.asDouble();
  }
}
