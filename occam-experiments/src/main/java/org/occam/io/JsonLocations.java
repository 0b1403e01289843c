package org.occam.io;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Where each value of a JSON document starts (line and column, 1-based), by JSON pointer, so that
 * errors found after parsing (an unknown parent, a CPT row that does not sum to one) can still
 * point at the place in the file.
 */
final class JsonLocations {
  private final Map<String, long[]> byPointer = new HashMap<>();

  JsonLocations(String text) throws IOException {
    try (JsonParser p = new JsonFactory().createParser(text)) {
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        if (t == JsonToken.FIELD_NAME || t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
          continue;
        }
        String pointer = p.getParsingContext().pathAsPointer().toString();
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
          pointer = p.getParsingContext().getParent() == null ? ""
              : p.getParsingContext().getParent().pathAsPointer().toString();
        }
        JsonLocation loc = p.currentTokenLocation();
        byPointer.putIfAbsent(pointer, new long[] {loc.getLineNr(), loc.getColumnNr()});
      }
    }
  }

  /**
   * {line, column} of the value at the pointer, or of its nearest located ancestor, or {1, 0} (the
   * first line) when the document has no value at all.
   */
  long[] of(String pointer) {
    String p = pointer;
    while (true) {
      long[] at = byPointer.get(p);
      if (at != null) {
        return at;
      }
      int slash = p.lastIndexOf('/');
      if (slash < 0) {
        return new long[] {1, 0};
      }
      p = p.substring(0, slash);
    }
  }
}
