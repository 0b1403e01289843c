package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.occam.crf.CrfProblem;
import org.occam.io.CrfInput;
import org.occam.io.CrfModelJson;
import org.occam.report.CrfReport;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code occam crf train}: the MAP parameters λMP of a CRF, written as a model file. */
@Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Fit a linear-chain CRF: λMP, the maximum of the log posterior L(λ) + log p(λ) (L-BFGS, then"
        + " Newton steps with the exact covariance), written with the model as a model file (\"parameters\" by name"
        + " and \"fit\").", "",
        "Example: occam crf train --model examples/crf-small.json --data data/faq_sed_lines.tsv --chunk 100"
            + " --out fitted.json"})
public final class CrfTrainCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CrfModelOptions model;

  @Mixin
  CrfDataOptions input;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "The fitted model file; - for standard"
      + " output.")
  Path out;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Override
  public Integer call() {
    Outputs outputs = Outputs.check(spec, force, out);
    CrfInput in = model.load(input);
    CrfProblem problem = new CrfProblem(in.model(), in.data(), model.settings(in.sigma()), model.seed);
    PrintWriter report = outputs.report();
    CrfReport.describe(report, in, problem.dimension(), input.data);
    CrfProblem.Fit fit = problem.map();
    CrfReport.printParameters(report, problem.features().parameterNames(), fit.lambda());
    CrfReport.printFit(report, fit);
    outputs.write(out, CrfModelJson.write(in.model(), in.sigma(), problem.features().parameterNames(), fit.lambda(),
        CrfReport.fitJson(fit, in.data())));
    return 0;
  }
}
