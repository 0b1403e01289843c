package org.occam.cli.experiment;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.occam.cli.Progress;
import org.occam.cli.ResumeOptions;
import org.occam.experiments.ProgressSink;
import org.occam.report.UnitJournal;
import picocli.CommandLine.Model.CommandSpec;
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

  /** An experiment's run into a folder, keeping its finished tasks in a journal. */
  @FunctionalInterface
  interface Experiment {
    void run(Path dir, ProgressSink progress, PrintWriter out, UnitJournal journal, PrintWriter err);
  }

  /**
   * Runs an experiment into --out with its journal ({@link UnitJournal#openInFolder}, the header
   * made from the command's options and the data's bytes), saying on stderr when it resumes.
   *
   * @param data the data file the experiment reads, or null
   */
  void run(CommandSpec spec, Path data, Experiment experiment) {
    Map<String, Object> header = UnitJournal.header(spec.qualifiedName(), data == null || !Files.isRegularFile(data)
        ? null : data, ResumeOptions.settings(spec));
    PrintWriter err = spec.commandLine().getErr();
    try (UnitJournal journal = UnitJournal.openInFolder(out, header, resume, force)) {
      if (!journal.finished().isEmpty()) {
        err.printf("resuming from %s: %d task(s) finished before are kept%n", journal.file(),
            journal.finished().size());
        err.flush();
      }
      experiment.run(out, Progress::start, spec.commandLine().getOut(), journal, err);
    }
  }
}
