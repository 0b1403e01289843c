package org.occam.cli.experiment;

import java.nio.file.Path;
import org.occam.data.InvalidInputException;
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
    return threadCount(threads);
  }

  /** The given thread count, or the number of cores when null; refuses fewer than one. */
  public static int threadCount(Integer threads) {
    int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (n < 1) {
      throw new InvalidInputException("--threads must be >= 1, got " + n);
    }
    return n;
  }

  /** The --out folder, created (and checked empty unless --force). */
  Path outputFolder() {
    return OutputFiles.prepareFolder(out, force);
  }
}
