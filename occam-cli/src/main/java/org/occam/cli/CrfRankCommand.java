package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.occam.crf.CrfNestedModels;
import org.occam.crf.CrfProblem;
import org.occam.io.CrfInput;
import org.occam.crf.methods.CrfMethods;
import org.occam.evidence.EvidenceMethod;
import org.occam.report.CrfReport;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code occam crf rank}: a nested sequence of CRFs, model k with the first k templates, scored by several methods. */
@Command(name = "rank", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Score a nested sequence of linear-chain CRFs: model k has the first k feature templates of the"
        + " list (--features, or the model file's), as Parise & Welling (2006) Figure 5 adds state and then transition"
        + " features. Prints per model the template added, F, and each method's score and score per sequence.", "",
        "Example: occam crf rank --data data/faq_sed_lines.tsv --keep-labels question,answer --ignore-columns text"
            + " --chunk 100 --features bias,state:blank,state:indented,transition:blank --methods map,laplace-exact"})
public final class CrfRankCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CrfModelOptions model;

  @Mixin
  CrfDataOptions input;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = CrfScoreCommand.DEFAULT_METHODS,
      description = "Comma-separated, from " + MethodHelp.TOKEN + " (default: ${DEFAULT-VALUE}).")
  String methods;

  @Mixin
  CrfAisOptions ais;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write one row per model and method as CSV; - for"
      + " standard output.")
  Path csv;

  @Option(names = "--json", paramLabel = "OUT", description = "Write the models and results as JSON; - for standard"
      + " output.")
  Path json;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Override
  public Integer call() {
    List<EvidenceMethod<CrfProblem>> wanted = CrfMethods.parseList(methods);
    Outputs outputs = Outputs.check(spec, force, csv, json);
    CrfInput in = model.load(input);
    PrintWriter out = outputs.report();
    CrfReport.describe(out, in, in.model().featurize(in.data()).dimension(), input.data);
    out.flush();
    List<CrfNestedModels.Step> steps;
    try (Progress bar = Progress.start("crf rank", in.model().features().size())) {
      steps = CrfNestedModels.score(in.model(), in.data(), ais.apply(model.settings(in.sigma())), model.seed,
          wanted, bar.listener());
    }
    Tables.print(out, CrfReport.rankHeader(wanted.stream().map(EvidenceMethod::name).toList()),
        CrfReport.rankRows(steps, in.data().size()));
    for (CrfNestedModels.Step s : steps) {
      CrfReport.warnings(out, s.estimates());
    }
    if (csv != null) {
      outputs.write(csv, CrfReport.rankCsv(steps, in.data()));
    }
    if (json != null) {
      outputs.write(json, ResultJson.write(CrfReport.rankJson(input.data, in.data(), in.sigma(), steps)));
    }
    return 0;
  }
}
