package org.occam.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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

  /** Writes {@code text} (UTF-8) to {@code dir/name} and returns the file. */
  static Path write(Path dir, String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
  }
}
