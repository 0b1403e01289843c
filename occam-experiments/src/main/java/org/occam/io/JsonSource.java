package org.occam.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
      var l = e.getLocation() != null ? e.getLocation() : whereParsingStops(text);
      throw DataFormatException.at(file, l == null ? 1 : Math.max(1, l.getLineNr()), l == null ? 0 : l.getColumnNr(),
          "invalid JSON: " + e.getOriginalMessage().replace('\n', ' ').replace('\r', ' '));
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot read: " + e.getMessage());
    }
  }

  /**
   * Where a streaming parse of {@code text} fails, for the errors that carry no location (a
   * document nested too deeply), or null.
   */
  private static com.fasterxml.jackson.core.JsonLocation whereParsingStops(String text) {
    try (var p = JSON.getFactory().createParser(text)) {
      try {
        while (p.nextToken() != null) {
          // read on to the failure
        }
      } catch (IOException e) {
        return p.currentLocation();
      }
    } catch (IOException e) {
      return null;
    }
    return null;
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

  /** The error for a file that is not UTF-8, at the line and column of its first bad byte. */
  private static DataFormatException notUtf8(Path file, byte[] bytes) {
    var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 1);
    CoderResult r = decoder.decode(in, out, true);
    int bad = r.isError() ? in.position() : bytes.length;
    long line = 1;
    int column = 1;
    for (int i = 0; i < out.position(); i++) {
      if (out.get(i) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return DataFormatException.at(file, line, column, String.format("is not UTF-8 text (byte %d, 0x%02x, is not"
        + " valid UTF-8); save the file as UTF-8", bad + 1, bytes[Math.min(bad, bytes.length - 1)] & 0xff));
  }

  /**
   * A file's text (UTF-8), without the byte-order mark some editors write first (the CSV readers
   * skip it too).
   *
   * @throws DataFormatException for a missing or unreadable file, in one line naming it
   */
  public static String readText(Path file) {
    try {
      byte[] bytes = Files.readAllBytes(file);
      try {
        String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
      } catch (CharacterCodingException e) {
        throw notUtf8(file, bytes);
      }
    } catch (IOException e) {
      throw DataFormatException.reading(file, e);
    }
  }
}
