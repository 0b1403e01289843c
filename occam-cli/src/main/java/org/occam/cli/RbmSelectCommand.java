package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.evidence.EvidenceMethod;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmOrderTasks;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.report.PreviousRun;
import org.occam.report.RbmScoreReport;
import org.occam.report.RbmSelectReport;
import org.occam.report.ResultJson;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import org.occam.search.OrderRange;
import org.occam.search.OrderSelection;
import org.occam.task.LocalTaskRunner;
import org.occam.task.TaskRunner;
import org.occam.search.ScaledWorkEstimate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam rbm select}: the evidence-optimal number of hidden units, beside cross-validation. */
@Command(name = "select", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Score RBMs with K hidden units over a range of K and report the best K per method.", "",
        "Evidence scores pick the K with the highest log evidence; cv picks the K with the highest mean test"
            + " log-likelihood (PCD training per fold, log Z exact or by AIS). A warning says when a best K is at"
            + " the edge of the range; --extend continues a saved run to more K without redoing the others.", "",
        "Each K's scores are printed to stderr as it finishes (K = 3: laplace -1203.90, cv -1.2041 per row (12.4 s))"
            + " and, with --json, kept in OUT.partial.jsonl until the run ends: --resume continues an interrupted run.",
        "",
        "Each K is one task: locally the K run one after another, each on every thread; with --engine spark side by"
            + " side, one thread each, with the same numbers. A K that fails is named, left out of the choices and the"
            + " JSON, and the exit code is 3 (--fail-fast stops at it instead).",
        "",
        "Example: occam rbm select --data docs.csv --hidden 1..10 --methods laplace,cv"})
public final class RbmSelectCommand implements Callable<Integer> {
  static final String COMMAND = RbmSelectReport.COMMAND;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--hidden", required = true, paramLabel = "RANGE",
      description = "The K to score: a range 1..10, a list 1,2,4, or both (1..3,5).")
  String hidden;

  @Option(names = "--methods", paramLabel = "LIST",
      description = "Comma-separated, from " + MethodHelp.TOKEN + ",cv (cv: k-fold cross-validated test log-likelihood; default: laplace,cv; with --extend,"
          + " those of the previous run).")
  String methods;

  @Option(names = "--extend", paramLabel = "PREVIOUS.json",
      description = "Continue a run saved with --json: score only the K it has not scored, on the same data with"
          + " the same settings (checked), and choose over all.")
  Path extend;

  @Option(names = "--json", paramLabel = "OUT", description = "Write every score and the choices as JSON; - for standard output.")
  Path json;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Mixin
  RbmOptions options;

  @Mixin
  ResumeOptions resume;

  @Mixin
  EngineOptions engine;

  @Override
  public Integer call() {
    options.validate();
    TaskRunner runner = engine.runner(options.threads());
    int[] ks = OrderRange.parse(hidden, 1, "--hidden");
    Outputs outputs = Outputs.check(spec, force, json);
    UnitJournal journal = resume.open(spec, json, options.input.data, force);
    JsonNode previous = extend == null ? null : PreviousRun.readPrevious(extend, COMMAND);
    List<String> previousMethods = PreviousRun.methods(previous);
    String methodList = methods != null ? methods
        : previousMethods.isEmpty() ? "laplace,cv" : String.join(",", previousMethods);
    RbmOptions.Methods wanted = RbmOptions.parseMethods(methodList);
    List<String> methodNames = wanted.names();
    RbmData d = options.read();
    Map<String, Object> dataInfo = RbmScoreReport.dataJson(options.input.data, d, options.input.incompleteRowsDropped);
    dataInfo.put("fingerprint", RbmSelectReport.fingerprint(d));
    Map<String, Object> settings = settingsJson();

    OrderSelection.Result<Row> before = RbmSelectReport.previous(extend, previous, dataInfo, methodNames, settings);
    PrintWriter out = outputs.report();
    RbmScoreReport.describe(out, options.input.data, d, options.priorSigma, 0);
    RbmSelectReport.printPlan(out, ks, methodNames, before, extend);
    int[] toScore = RbmSelectReport.toScore(ks, before);

    List<String> scoreNames = wanted.scores().stream().map(EvidenceMethod::name).toList();
    RbmOrderTasks.Inputs inputs = new RbmOrderTasks.Inputs(d, options.laplaceSettings(), options.aisPdSettings(),
        options.posteriorSettings(), scoreNames, wanted.crossValidation() ? options.crossValidationSettings() : null,
        options.seed, options.threads());
    say(RbmSelectReport.workLine(d, toScore, methodNames, wanted.crossValidation(), options.logZ));
    // the estimate assumes the K run one after another, as on the local engine
    ScaledWorkEstimate eta = runner instanceof LocalTaskRunner ? RbmSelectReport.estimate(d, toScore) : null;
    RbmSelectReport.Run run;
    try (UnitLog log = new UnitLog(journal, spec.commandLine().getErr(), toScore.length)) {
      try (Progress bar = Progress.start("rbm select", toScore.length)) {
        // the K finished before an interruption are kept, not redone
        run = RbmSelectReport.run(ks, RbmSelectReport.kept(before, log.resumed()), inputs, runner,
            RbmEstimators.stageReporter(spec.commandLine().getErr()),
            RbmSelectReport.listener(log, eta, d.visibleCount(), this::say, bar.listener()));
      }

      if (run.result() != null) {
        RbmSelectReport report = new RbmSelectReport(run.result(), scoreNames, wanted.crossValidation(),
            d.visibleCount());
        report.print(out);
        if (json != null) {
          outputs.write(json, ResultJson.write(report.json(dataInfo, methodNames, settings, options.threads(),
              run.withoutFailed(toScore), extend)));
          log.complete();
        }
      }
    }
    return EngineOptions.exitCode(spec.commandLine().getErr(), COMMAND, run.tasks(), run.failures(),
        "they are left out of the choices" + (json == null ? "" : " and the JSON; --extend scores them again"));
  }

  private void say(String line) {
    PrintWriter err = spec.commandLine().getErr();
    synchronized (err) {
      err.println(line);
      err.flush();
    }
  }

  /** Every option that changes a score (the thread count does not). */
  private Map<String, Object> settingsJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("priorSigma", options.priorSigma);
    m.put("pcdIterations", options.pcdIterations);
    m.put("pcdChains", options.pcdChains);
    m.put("gibbsChains", options.gibbsChains);
    m.put("samplesPerChain", options.samplesPerChain);
    m.put("burnIn", options.burnIn);
    m.put("thinning", options.thinning);
    m.put("logZ", options.logZ);
    m.put("aisRuns", options.aisRuns);
    m.put("aisPdSteps", options.aisPdSteps);
    m.put("aisPdRuns", options.aisPdRuns);
    m.put("folds", options.folds);
    m.put("seed", options.seed);
    return m;
  }
}
