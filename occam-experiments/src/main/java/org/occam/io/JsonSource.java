package org.occam.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.occam.data.DataFormatException;

/**
 * A JSON model file read into a tree, with the line and column of every value, so that the model
 * readers ({@link DagModelFile}, {@link BoltzmannModelFile}) can report any problem found after
 * parsing as one line {@code file:line:col: message}.
 */
public final class JsonSource {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  private final JsonNode root;
  private final JsonLocations locations;

  private JsonSource(Path file, JsonNode root, JsonLocations locations) {
    this.file = file;
    this.root = root;
    this.locations = locations;
  }

  /**
   * Reads and parses a file.
   *
   * @throws DataFormatException for a missing or unreadable file, or invalid JSON (with the place)
   */
  static JsonSource read(Path file) {
    String text = readText(file);
    try {
      return new JsonSource(file, JSON.readTree(text), new JsonLocations(text));
    } catch (JsonProcessingException e) {
      var l = e.getLocation();
      throw DataFormatException.at(file, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr(),
          "invalid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot read: " + e.getMessage());
    }
  }

  Path file() {
    return file;
  }

  /** The document's root value (null for an empty document). */
  JsonNode root() {
    return root;
  }

  /** A one-line error at the value the JSON pointer names (or its nearest located ancestor). */
  DataFormatException error(String pointer, String message) {
    long[] at = locations.of(pointer);
    return DataFormatException.at(file, at[0], (int) at[1], message);
  }

  /** Fails at the first field of {@code node} (at pointer {@code at}) that is not one of {@code allowed}. */
  void checkKeys(JsonNode node, String at, String... allowed) {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      if (!List.of(allowed).contains(k)) {
        throw error(at + "/" + k, "unknown field \"" + k + "\" (allowed: " + String.join(", ", allowed) + ")");
      }
    }
  }

  /**
   * A file's text (UTF-8).
   *
   * @throws DataFormatException for a missing or unreadable file, in one line naming it
   */
  public static String readText(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new DataFormatException(file + ": no such file");
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot read: " + e.getMessage());
    }
  }
}
