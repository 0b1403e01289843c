package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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
    options.threads(); // refused before anything is printed
    RbmOptions.Methods wanted = RbmOptions.parseMethods(methods);
    if (hidden < 1) {
      throw new InvalidInputException("--hidden must be >= 1, got " + hidden);
    }
    Outputs outputs = Outputs.check(spec, force, json);
    RbmData d = options.read();
    PrintWriter out = outputs.report();
    RbmScoreReport.describe(out, options.data, d, options.priorSigma, hidden);
    // settings refused before the announcement, so bad input stays one line
    options.laplaceSettings();
    options.aisPdSettings();
    if (wanted.crossValidation()) {
      options.crossValidationSettings();
    }
    int side = Math.min(d.visibleCount(), hidden);
    spec.commandLine().getErr().printf(Locale.ROOT, "rbm score: K = %d on %,d rows x %d visible units, %,d parameters;"
        + " log Z %s%n", hidden, (long) d.size(), d.visibleCount(), (d.visibleCount() + 1L) * (hidden + 1) - 1,
        options.logZ.equalsIgnoreCase("ais") || (options.logZ.equalsIgnoreCase("auto") && side > 20)
            ? "by AIS (Salakhutdinov & Murray)" : "exact, 2^" + side + " states per evaluation (the smaller side)");
    Consumer<String> stages = RbmEstimators.stageReporter(spec.commandLine().getErr());
    List<EvidenceEstimate> results = RbmEstimators.score(d, hidden, wanted.scores(), options, stages);
    RbmCrossValidation.Result cv = wanted.crossValidation()
        ? new RbmCrossValidation(d, options.crossValidationSettings()).run(hidden, options.seed, options.threads(), null)
        : null;

    RbmScoreReport.print(out, results, d.size(), cv);
    if (json != null) {
      outputs.write(json, ResultJson.write(RbmScoreReport.json(
          RbmScoreReport.dataJson(options.data, d, options.incompleteRowsDropped), hidden, results, cv)));
    }
    return 0;
  }
}
