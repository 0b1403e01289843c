package org.occam.report;

import java.util.LinkedHashMap;
import java.util.Map;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.occam.evidence.EvidenceEstimate;

/**
 * The JSON form of results (DESIGN.md contract). Non-finite numbers are written as the strings
 * {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"} rather than as invalid JSON.
 */
public final class ResultJson {
  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .build();

  private ResultJson() {}

  /** An estimate as {@code {"method", "logEvidence", "stdError", "seconds", "seed", "settings", "diagnostics"}}. */
  public static Map<String, Object> estimate(EvidenceEstimate e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("method", e.method());
    m.put("logEvidence", e.logEvidence());
    m.put("stdError", e.stdError().isPresent() ? e.stdError().getAsDouble() : null);
    m.put("seconds", e.seconds());
    m.put("seed", e.seed().isPresent() ? e.seed().getAsLong() : null);
    m.put("settings", e.settings());
    m.put("diagnostics", e.diagnostics());
    return m;
  }

  /**
   * A JSON object of {@code key, value, key, value, …} in that order. ({@code Map.of} iterates in an order
   * that changes from one JVM run to the next, so the same results would be written differently.)
   */
  public static Map<String, Object> object(Object... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("keys and values come in pairs, got " + keysAndValues.length);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }

  /** Pretty-printed JSON text of a tree of maps, lists and scalars. */
  public static String write(Object tree) {
    try {
      return JSON.writeValueAsString(tree) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise result", e);
    }
  }

  /** The mapper, for callers that build trees. */
  public static ObjectMapper mapper() {
    return JSON;
  }
}
