package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.occam.data.DataFormatException;
import org.occam.report.OutputFiles;
import picocli.CommandLine;

/**
 * The single-file outputs of one command ({@code --json}, {@code --csv}, {@code --out},
 * {@code --posterior-png}…), checked together before any work by {@link OutputFiles}, and where the
 * human-readable report goes.
 *
 * <p>{@code -} as an output's file means standard output: that output is printed there and
 * nothing else is, the report moving to standard error, so that {@code occam … --json - | jq}
 * reads exactly the JSON. At most one output can be {@code -}, and a PNG cannot.
 */
final class Outputs {
  /** The help line for {@code --force}, the same in every command. */
  static final String FORCE_HELP = "Replace existing output files (atomically; through a symbolic link its target is"
      + " replaced). FIFOs and devices (/dev/null) are written in place and need no --force; read-only files are"
      + " never replaced.";

  private final PrintWriter stdout;
  private final PrintWriter report;

  private Outputs(PrintWriter stdout, PrintWriter report) {
    this.stdout = stdout;
    this.report = report;
  }

  /**
   * Checks the outputs (null ones were not asked for) and decides where the report goes.
   *
   * @throws DataFormatException naming the first output that cannot be written
   */
  static Outputs check(CommandLine.Model.CommandSpec spec, boolean force, Path... outputs) {
    OutputFiles.checkWritable(force, outputs);
    boolean toStdout = false;
    for (Path p : outputs) {
      toStdout |= OutputFiles.isStdout(p);
    }
    PrintWriter out = spec.commandLine().getOut();
    return new Outputs(out, toStdout ? spec.commandLine().getErr() : out);
  }

  /** Refuses {@code -} for an output that is binary (a PNG), before any work. */
  Outputs binary(String option, Path output) {
    if (OutputFiles.isStdout(output)) {
      throw new DataFormatException(option + " -: a PNG is not written to standard output; give a file name");
    }
    return this;
  }

  /** Where the human-readable report goes: standard output, or standard error if an output is {@code -}. */
  PrintWriter report() {
    return report;
  }

  /** Writes a text output (to standard output for {@code -}) and reports where it went. */
  void write(Path output, String text) {
    if (writeQuietly(output, text)) {
      report.println("wrote " + output);
    }
  }

  /** Writes a text output (to standard output for {@code -}); true if it went to a file. */
  boolean writeQuietly(Path output, String text) {
    if (OutputFiles.isStdout(output)) {
      stdout.print(text);
      if (!text.endsWith("\n")) {
        stdout.println();
      }
      stdout.flush();
      return false;
    }
    OutputFiles.write(output, text);
    return true;
  }

  /** Writes a binary output (never {@code -}, see {@link #binary}) and reports where it went. */
  void write(Path output, byte[] bytes) {
    OutputFiles.write(output, bytes);
    report.println("wrote " + output);
  }
}
