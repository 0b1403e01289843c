package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.occam.data.InvalidInputException;
import org.occam.report.UnitJournal;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * {@code --resume} for the commands made of units (select, rank, experiments): the journal of
 * finished units ({@link UnitJournal}) kept beside the main output while the run lasts, and the
 * header that says which run it belongs to, made from the command's own options.
 */
public final class ResumeOptions {
  /** Options that change no unit's numbers: outputs, the thread count, and what is only printed or averaged. */
  private static final Set<String> NOT_SETTINGS = Set.of("--resume", "--force", "--threads", "--json", "--csv",
      "--png", "--out", "--data", "--top", "--posterior", "--window", "--structure-prior", "--edge-posterior",
      "--posterior-png", "--debug", "--quiet");

  @Option(names = "--resume",
      description = "Continue an interrupted run: while a run lasts, each finished unit is kept in a journal beside"
          + " its output (<OUT>.partial.jsonl, removed when the run succeeds); --resume keeps the units found there"
          + " when the journal was made by the same command with the same data (SHA-256) and settings (else it is"
          + " refused, naming what differs) and does only the rest. The result is the same as an uninterrupted"
          + " run's. Without --resume an existing journal is refused unless --force.")
  boolean resume;

  /**
   * Opens the journal beside {@code output}, or returns null when there is no output to keep it
   * beside (then {@code --resume} is refused).
   *
   * @param data the data file whose bytes are fingerprinted, or null
   */
  UnitJournal open(CommandSpec spec, Path output, Path data, boolean force) {
    if (output == null) {
      if (resume) {
        throw new InvalidInputException("--resume needs --json: the finished units are kept beside it");
      }
      return null;
    }
    return open(spec, UnitJournal.besideOutput(output), data, force, settings(spec));
  }

  /** Opens the journal at {@code file} with a header of the given settings, and says when it resumes. */
  UnitJournal open(CommandSpec spec, Path file, Path data, boolean force, Map<String, Object> settings) {
    UnitJournal journal = UnitJournal.open(file, UnitJournal.header(spec.qualifiedName(), data, settings), resume,
        force);
    if (!journal.finished().isEmpty()) {
      PrintWriter err = spec.commandLine().getErr();
      err.printf("resuming from %s: %d unit(s) finished before are kept%n", file, journal.finished().size());
      err.flush();
    }
    return journal;
  }

  /** Every option of the command that can change a unit's numbers, by its longest name, as text. */
  public static Map<String, Object> settings(CommandSpec spec) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (OptionSpec o : spec.options()) {
      if (o.usageHelp() || o.versionHelp() || NOT_SETTINGS.contains(o.longestName())) {
        continue;
      }
      Object v = o.getValue();
      m.put(o.longestName(), v == null ? null : String.valueOf(v));
    }
    return m;
  }
}
