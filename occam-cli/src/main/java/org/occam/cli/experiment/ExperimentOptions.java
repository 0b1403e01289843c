package org.occam.cli.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.occam.cli.ResumeOptions;
import org.occam.report.UnitJournal;
import picocli.CommandLine.Model.CommandSpec;
import org.occam.report.OutputFiles;
import picocli.CommandLine.Option;

/** The options every {@code occam experiment} shares: where to write, the seed, threads, --force. */
public final class ExperimentOptions {
  @Option(names = "--out", paramLabel = "DIR", required = true,
      description = "Output folder (created; must be empty unless --force).")
  Path out;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of everything (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--force", description = "Write into an existing, non-empty --out folder.")
  boolean force;

  @Option(names = "--resume",
      description = "Continue an interrupted run: each finished task is kept in --out/partial.jsonl while the run"
          + " lasts (removed when the outputs are written); --resume keeps the tasks found there when the journal was"
          + " made with the same options and data (else it is refused, naming what differs) and runs only the rest;"
          + " the outputs are those of an uninterrupted run. Without --resume a journal with tasks is refused unless"
          + " --force.")
  boolean resume;

  /** --threads, or the number of cores; refuses fewer than one. */
  int threadCount() {
    return org.occam.cli.Threads.count(threads);
  }

  /** The --out folder, created (and checked empty unless --force). */
  Path outputFolder() {
    return OutputFiles.prepareFolder(out, force);
  }

  /**
   * The run's journal, {@code --out/partial.jsonl} (refused as {@link UnitJournal#open} says), and
   * the --out folder made ready: created, and empty unless --force or it holds only the journal.
   * Each task's line goes to the command's stderr.
   *
   * @param data the data file the experiment reads, or null
   */
  UnitJournal prepare(CommandSpec spec, Path data) {
    Path file = UnitJournal.inFolder(out);
    Map<String, Object> header = UnitJournal.header(spec.qualifiedName(), data == null || !Files.isRegularFile(data)
        ? null : data, ResumeOptions.settings(spec));
    UnitJournal journal = UnitJournal.open(file, header, resume, force);
    boolean onlyJournal = false;
    if (Files.isDirectory(out)) {
      try (var list = Files.list(out)) {
        onlyJournal = list.allMatch(p -> p.getFileName().toString().equals(file.getFileName().toString()));
      } catch (IOException e) {
        onlyJournal = false;
      }
    }
    OutputFiles.prepareFolder(out, force || onlyJournal);
    if (!journal.finished().isEmpty()) {
      spec.commandLine().getErr().printf("resuming from %s: %d task(s) finished before are kept%n", file,
          journal.finished().size());
      spec.commandLine().getErr().flush();
    }
    return journal;
  }
}
