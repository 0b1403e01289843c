package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.occam.crf.CrfProblem;
import org.occam.io.CrfInput;
import org.occam.crf.methods.CrfMethods;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.report.CrfReport;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code occam crf score}: the evidence of one CRF by several methods. */
@Command(name = "score", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Score one linear-chain CRF: the log evidence log p(t | x) = log ∫ p(t | x, λ) p(λ) dλ of the"
        + " labels given the inputs (Parise & Welling 2006, section 4.2).", "",
        "Example: occam crf score --model examples/crf-small.json --data data/faq_sed_lines.tsv --chunk 100"
            + " --methods map,bic-map,laplace-exact --json out.json"})
public final class CrfScoreCommand implements Callable<Integer> {
  static final String DEFAULT_METHODS = "map,bic-map,laplace-exact";

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CrfModelOptions model;

  @Mixin
  CrfDataOptions input;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = DEFAULT_METHODS,
      description = "Comma-separated, from " + MethodHelp.TOKEN + " (default: ${DEFAULT-VALUE}); each is described"
          + " below.")
  String methods;

  @Mixin
  CrfAisOptions ais;

  @Option(names = "--json", paramLabel = "OUT", description = "Write the results as JSON; - for standard output.")
  Path json;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Override
  public Integer call() {
    List<EvidenceMethod<CrfProblem>> wanted = CrfMethods.parseList(methods);
    Outputs outputs = Outputs.check(spec, force, json);
    CrfInput in = model.load(input);
    CrfProblem problem = new CrfProblem(in.model(), in.data(), ais.apply(model.settings(in.sigma())), model.seed);
    PrintWriter out = outputs.report();
    CrfReport.describe(out, in, problem.dimension(), input.data);
    out.flush();
    List<EvidenceEstimate> results = problem.estimate(wanted);
    Tables.print(out, CrfReport.HEADER, results.stream().map(CrfReport::row).toList());
    CrfReport.warnings(out, results);
    if (json != null) {
      Map<String, Object> root = CrfReport.inputJson(in, problem.dimension(), input.data);
      root.put("results", results.stream().map(ResultJson::estimate).toList());
      outputs.write(json, ResultJson.write(root));
    }
    return 0;
  }
}
