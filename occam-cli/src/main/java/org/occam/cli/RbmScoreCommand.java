package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.rbm.RbmCrossValidation;
import org.occam.rbm.RbmData;
import org.occam.report.RbmScoreReport;
import org.occam.report.ResultJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam rbm score}: the evidence of one RBM model order by several methods. */
@Command(name = "score", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Score an RBM with K hidden units on binary data.", "",
        "Example: occam rbm score --data docs.csv --hidden 3 --methods laplace,laplace0,map,ml-bic,ais-pd"
            + " --json out.json"})
public final class RbmScoreCommand implements Callable<Integer> {
  static final String DEFAULT_METHODS = "laplace,laplace0,map,ml-bic";

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--hidden", required = true, paramLabel = "K", description = "The number of hidden units (>= 1).")
  int hidden;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = DEFAULT_METHODS,
      description = "Comma-separated, from " + MethodHelp.TOKEN + ",cv (cv: k-fold cross-validated test log-likelihood; default: ${DEFAULT-VALUE}).")
  String methods;

  @Option(names = "--json", paramLabel = "OUT", description = "Write the results as JSON; - for standard output.")
  Path json;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Mixin
  RbmOptions options;

  @Override
  public Integer call() {
    options.validate();
    RbmOptions.Methods wanted = RbmOptions.parseMethods(methods);
    if (hidden < 1) {
      throw new InvalidInputException("--hidden must be >= 1, got " + hidden);
    }
    Outputs outputs = Outputs.check(spec, force, json);
    RbmData d = options.read();
    PrintWriter out = outputs.report();
    RbmScoreReport.describe(out, options.input.data, d, options.priorSigma, hidden);
    RbmCrossValidation.Settings cvSettings = wanted.crossValidation() ? options.crossValidationSettings() : null;
    spec.commandLine().getErr().println(RbmScoreReport.workLine(d, hidden, options.laplaceSettings()));
    Consumer<String> stages = RbmEstimators.stageReporter(spec.commandLine().getErr());
    List<EvidenceEstimate> results = RbmEstimators.score(d, hidden, wanted.scores(), options, stages);
    RbmCrossValidation.Result cv = wanted.crossValidation()
        ? new RbmCrossValidation(d, cvSettings).run(hidden, options.seed, options.threads(), null)
        : null;

    RbmScoreReport.print(out, results, d.size(), cv);
    if (json != null) {
      outputs.write(json, ResultJson.write(RbmScoreReport.json(
          RbmScoreReport.dataJson(options.input.data, d, options.input.incompleteRowsDropped), hidden, results, cv)));
    }
    return 0;
  }
}
