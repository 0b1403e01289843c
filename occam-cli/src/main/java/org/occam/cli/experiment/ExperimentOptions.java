package org.occam.cli.experiment;

import java.nio.file.Path;
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

  /** --threads, or the number of cores; refuses fewer than one. */
  int threadCount() {
    return org.occam.cli.Threads.count(threads);
  }

  /** The --out folder, created (and checked empty unless --force). */
  Path outputFolder() {
    return OutputFiles.prepareFolder(out, force);
  }
}
