package org.occam.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Predicate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Runs the command line in-process and captures its output; writes the tests' input files. */
final class CliRunner {
  record Result(int exitCode, String out, String err) {}

  private CliRunner() {}

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Occam.execute(new PrintWriter(out), new PrintWriter(err), args);
    return new Result(code, out.toString(), err.toString());
  }

  /**
   * A copy of {@code json} without the object fields, at any depth, whose names {@code drop} accepts:
   * what may differ between two runs of the same numbers (wall times, thread counts).
   */
  static JsonNode withoutFields(JsonNode json, Predicate<String> drop) {
    JsonNode copy = json.deepCopy();
    strip(copy, drop);
    return copy;
  }

  private static void strip(JsonNode n, Predicate<String> drop) {
    if (n instanceof ObjectNode o) {
      for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
        if (drop.test(it.next())) {
          it.remove();
        }
      }
      o.elements().forEachRemaining(child -> strip(child, drop));
    } else if (n != null && n.isArray()) {
      n.elements().forEachRemaining(child -> strip(child, drop));
    }
  }

  /** Writes {@code text} (UTF-8) to {@code dir/name} and returns the file. */
  static Path write(Path dir, String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
  }
}
