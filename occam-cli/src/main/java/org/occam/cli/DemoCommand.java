package org.occam.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.occam.data.InvalidInputException;
import org.occam.experiments.beal.BealDemo;
import org.occam.experiments.beal.DemoSettings;
import org.occam.report.OutputFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam demo}: Beal's structure-ranking experiment at a few data set sizes, on built-in data. */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"A quick tour: draw data from Beal's true model (2 binary hidden causes, 4 five-valued"
        + " observed variables, Figure 6.1), score all 136 structures of the class with every score at a"
        + " few nested data set sizes, and report where the true structure ranks. Writes JSON, CSV and a"
        + " PNG of score against number of parameters (as Beal's Figure 6.2) into an output folder."})
public final class DemoCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Output folder (default: occam-demo, or occam-demo-2, -3, … if that exists).")
  Path out;

  @Option(names = "--sizes", paramLabel = "N[,N…]", split = ",", defaultValue = "160,1280,10240",
      description = "Nested data set sizes (default: ${DEFAULT-VALUE}).")
  List<Integer> sizes;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = "map,bic,bicp,cs,vb",
      description = "Scores (default: ${DEFAULT-VALUE}).")
  String methods;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "3", description = "Seed for data and restarts (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--force", description = "Write into an existing, non-empty --out folder.")
  boolean force;

  @Override
  public Integer call() throws IOException {
    BealDemo demo = new BealDemo(new DemoSettings(sizes, methods, seed, Threads.count(threads)));
    demo.run(outputFolder(), Progress::start, spec.commandLine().getOut());
    return 0;
  }

  private Path outputFolder() throws IOException {
    if (out != null) {
      return OutputFiles.prepareFolder(out, force);
    }
    Path dir = Path.of("occam-demo");
    for (int i = 2; Files.exists(dir); i++) {
      dir = Path.of("occam-demo-" + i);
    }
    Files.createDirectories(dir);
    return dir;
  }
}
