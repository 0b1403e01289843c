package org.occam.report;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.evidence.EvidenceEstimate;

/**
 * An {@link EvidenceEstimate} read back from the JSON {@link ResultJson#estimate} wrote (a
 * resumed run's journal): the numbers exactly as they were (JSON numbers read back as the doubles
 * written, the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"} as those values), so
 * that the estimate writes the same JSON again.
 */
public final class EstimateJson {
  private EstimateJson() {}

  /** The estimate of {@code {"method", "logEvidence", "stdError", "seconds", "seed", "settings", "diagnostics"}}. */
  public static EvidenceEstimate read(JsonNode e) {
    JsonNode se = e.get("stdError");
    JsonNode seed = e.get("seed");
    return new EvidenceEstimate(e.path("method").asText(), PreviousRun.number(e.get("logEvidence")),
        se == null || se.isNull() ? OptionalDouble.empty() : OptionalDouble.of(PreviousRun.number(se)),
        PreviousRun.number(e.get("seconds")), map(e.get("settings")),
        seed == null || seed.isNull() ? OptionalLong.empty() : OptionalLong.of(seed.asLong()),
        map(e.get("diagnostics")));
  }

  /** A JSON object as a map tree (an absent or null one as an empty map). */
  static Map<String, Object> map(JsonNode o) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (o != null && o.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        var f = it.next();
        m.put(f.getKey(), value(f.getValue()));
      }
    }
    return m;
  }

  private static Object value(JsonNode n) {
    if (n == null || n.isNull()) {
      return null;
    }
    if (n.isObject()) {
      return map(n);
    }
    if (n.isArray()) {
      List<Object> list = new ArrayList<>();
      n.forEach(x -> list.add(value(x)));
      return list;
    }
    if (n.isBoolean()) {
      return n.booleanValue();
    }
    if (n.isIntegralNumber()) {
      return n.canConvertToInt() ? (Object) n.intValue() : (Object) n.longValue();
    }
    if (n.isNumber()) {
      return n.doubleValue();
    }
    String text = n.asText();
    return switch (text) {
      case "NaN" -> Double.NaN;
      case "Infinity" -> Double.POSITIVE_INFINITY;
      case "-Infinity" -> Double.NEGATIVE_INFINITY;
      default -> text;
    };
  }
}
