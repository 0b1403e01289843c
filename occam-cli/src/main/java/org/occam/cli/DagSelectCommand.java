package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.dag.DagProblem;
import org.occam.dag.methods.DagMethods;
import org.occam.data.ColumnSpec;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceMethod;
import org.occam.report.DagSelectReport.Block;
import org.occam.report.DagSelectReport;
import org.occam.report.DagSelectRun;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.report.PreviousRun;
import org.occam.report.ResultJson;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import org.occam.search.LatentClassOrders;
import org.occam.search.OrderRange;
import org.occam.search.OrderSelection;
import org.occam.search.ScaledWorkEstimate;
import org.occam.io.PriorRange;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam dag select}: the number of states of a latent class variable, by the evidence. */
@Command(name = "select", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Choose the order of a latent class model — one hidden variable, the parent of every observed"
        + " variable — by scoring each number of hidden states of a range with the DAG scores (BIC, BICp, CS and VB"
        + " with the alias correction ln s!). One state is the independence model. Prints the scores per number of"
        + " states, the best per method, and a warning when a best is at the edge of the range searched; --extend"
        + " continues a saved run to more states without redoing the others.", "",
        "Each model's scores are printed to stderr as it finishes (states = 3: vb -2843.97, bic -2906.79 (0.4 s))"
            + " and, with --json, kept in OUT.partial.jsonl until the run ends: --resume continues an interrupted run.",
        "",
        "Example: occam dag select --data d.csv --hidden-states 1..6 --methods vb,bic --png curve.png"})
public final class DagSelectCommand implements Callable<Integer> {
  static final String COMMAND = DagSelectReport.COMMAND;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "D.csv", description = "CSV with a header naming the observed variables.")
  Path data;

  @Option(names = "--weight-column", paramLabel = "COL", description = "A column of row counts (e.g. Freq).")
  String weightColumn;

  @Option(names = "--states", paramLabel = "NAME=K", split = ",",
      description = "Declare observed variables' state counts: their cells must then be the integers 0..K-1; the"
          + " other variables' states are inferred from the data.")
  Map<String, Integer> states;

  @Mixin
  DataReadOptions reading;

  @Option(names = "--hidden-states", required = true, paramLabel = "RANGE",
      description = "The numbers of hidden states to score: a range 1..6, a list 2,3,5, or both (1..3,5).")
  String hiddenStates;

  @Option(names = "--hidden-variables", paramLabel = "RANGE", defaultValue = "1",
      description = "Hidden variables, each a parent of every observed variable, all with the same number of"
          + " states: one number or a range of them, each scored over --hidden-states (default: ${DEFAULT-VALUE}).")
  String hiddenVariables;

  @Option(names = "--methods", paramLabel = "LIST",
      description = "Comma-separated, from " + MethodHelp.TOKEN + " (default: vb,bic,bicp,cs; with"
          + " --extend, those of the previous run).")
  String methods;

  @Option(names = "--prior", paramLabel = "λ", defaultValue = "1.0",
      description = "Symmetric Dirichlet λ for every CPT row (default: ${DEFAULT-VALUE}, Beal's uniform prior).")
  double lambda;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--extend", paramLabel = "PREVIOUS.json",
      description = "Continue a run saved with --json: score only the numbers of states it has not scored, on the"
          + " same data with the same settings (checked), and choose over all.")
  Path extend;

  @Option(names = "--json", paramLabel = "OUT", description = "Write every model's scores and the choices as JSON; - for standard output.")
  Path json;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write the scores as CSV (states, d, method, score); - for standard output.")
  Path csv;

  @Option(names = "--png", paramLabel = "OUT", description = "Plot the score curves per method against the number of states.")
  Path png;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Mixin
  DagScoreOptions options;

  @Mixin
  ResumeOptions resume;

  /** The outputs, checked before any work. */
  private Outputs outputs;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    PriorRange.dirichlet(lambda, "--prior");
    outputs = Outputs.check(spec, force, json, csv, png).binary("--png", png);
    UnitJournal journal = resume.open(spec, json, data, force);
    int[] wanted = OrderRange.parse(hiddenStates, 1, "--hidden-states");
    int[] counts = OrderRange.parse(hiddenVariables, 1, "--hidden-variables");
    int nThreads = Threads.count(threads);
    JsonNode previous = extend == null ? null : PreviousRun.readPrevious(extend, COMMAND);
    String methodList = methods != null ? methods
        : previous != null ? String.join(",", PreviousRun.methods(previous)) : "vb,bic,bicp,cs";
    List<EvidenceMethod<DagProblem>> chosen = DagMethods.parseList(methodList);
    var settings = options.settings();
    Dataset d = reading.read(data, columnSpecs(), Set.of(), weightColumn, spec.commandLine().getErr());

    Map<String, Object> dataInfo = DagSelectRun.dataInfo(data, d);
    Map<String, Object> model = DagSelectRun.model();
    Map<String, Object> set = DagSelectRun.settings(settings, lambda, options.seed);
    List<String> methodNames = chosen.stream().map(EvidenceMethod::name).toList();

    List<OrderSelection.Scored<Row>> saved = DagSelectRun.saved(extend, previous, dataInfo, model, methodNames, set);
    // the models finished before an interruption are kept, not redone
    List<DagSelectRun.Part> parts = DagSelectRun.plan(counts, wanted, saved,
        journal == null ? List.of() : journal.finished());
    boolean severalCounts = parts.size() > 1;

    PrintWriter out = outputs.report();
    DagSelectRun.describe(out, data, d, parts.stream().mapToInt(DagSelectRun.Part::hiddenVariables).toArray(),
        wanted, methodNames);
    for (DagSelectRun.Part p : parts) {
      if (p.saved().length > 0) {
        DagSelectRun.printExtending(out, extend, !severalCounts && p.hiddenVariables() == 1, p);
      }
    }
    int total = DagSelectRun.models(parts);
    say(DagSelectRun.workLine(d, parts, methodNames.size(), settings.maxRestarts(), options.maxIterations,
        options.maxEmConfigurations));
    ScaledWorkEstimate eta = DagSelectRun.estimate(d, parts);
    LatentClassOrders orders = new LatentClassOrders(d, lambda, chosen, settings, options.seed);
    try (UnitLog log = new UnitLog(journal, spec.commandLine().getErr(), total);
        Progress bar = Progress.start("dag select", total)) {
      AtomicInteger progress = new AtomicInteger();
      List<Block> blocks = DagSelectRun.run(parts, wanted, orders, d.variables(), nThreads, (k, s, row, seconds) -> {
        log.finished(row.json(), DagSelectRun.unitLine(severalCounts, k, s, row, seconds));
        if (bar.listener() != null) {
          bar.listener().accept(progress.incrementAndGet());
        }
        eta.observe(DagSelectRun.emWork(d, k, s)).ifPresent(this::say);
      });
      finish(out, blocks, methodNames, d, t0, settings, nThreads, dataInfo, model, set);
      log.complete();
    }
    return 0;
  }

  /** Prints the table and writes the outputs. */
  private void finish(PrintWriter out, List<Block> blocks, List<String> methodNames, Dataset d, long t0,
      org.occam.dag.DagScoreSettings settings, int nThreads, Map<String, Object> dataInfo, Map<String, Object> model,
      Map<String, Object> set) {
    double seconds = (System.nanoTime() - t0) * 1e-9;
    DagSelectReport report = new DagSelectReport(blocks, methodNames, d.variables());
    report.print(out);
    int scored = blocks.stream().mapToInt(b -> b.scored().length).sum();
    out.printf(Locale.ROOT, "%nscored %d model(s) x %d method(s) (%s restarts each) in %.2f s with %d thread(s)%n",
        scored, methodNames.size(), settings.restartsDescription(), seconds, nThreads);

    if (json != null) {
      outputs.write(json, ResultJson.write(report.json(dataInfo, model, set, nThreads, seconds, extend)));
    }
    if (csv != null) {
      outputs.write(csv, report.csv());
    }
    if (png != null) {
      outputs.write(png, report.png("latent class order: " + data.getFileName()));
    }
  }

  private void say(String line) {
    PrintWriter err = spec.commandLine().getErr();
    synchronized (err) {
      err.println(line);
      err.flush();
    }
  }

  private List<ColumnSpec> columnSpecs() {
    return DagDataOptions.declaredStates(states, java.util.Set.of(), data, weightColumn);
  }
}
