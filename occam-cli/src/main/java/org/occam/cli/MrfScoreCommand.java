package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;
import org.occam.io.BoltzmannModelFile;
import org.occam.mrf.ExactInferenceCost;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.hidden.HiddenMap;
import org.occam.mrf.loglinear.LogLinearMethods;
import org.occam.mrf.loglinear.LogLinearProblem;
import org.occam.io.LogLinearInput;
import org.occam.mrf.loglinear.DecomposableEvidence;
import org.occam.mrf.methods.ExactInferenceLimit;
import org.occam.mrf.methods.MrfMethods;
import org.occam.report.DataJson;
import org.occam.report.MrfScoreReport;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam mrf score}: the evidence of one Boltzmann-machine structure by several methods. */
@Command(name = "score", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Score one Boltzmann-machine structure (the model file's edges, or --edges) on binary data, or"
        + " one log-linear model on variables with any number of states (--generators).", "",
        "Variables the model file marks \"hidden\": true have no data column; with them, missing cells of the"
            + " observed variables are summed out too, and the methods are map, bic-map, bp-lr, laplace-exact and ais"
            + " (Welling & Parise 2006, section 6), from the best of --restarts seeded starts.", "",
        "The prior is N(0, σ0² I) on the 0/1 parameters (node biases, then edge weights); σ0 defaults to the"
            + " model file's \"prior\", else 1. Parise & Welling (2006) do not state their prior, so σ0 = 1 is"
            + " this project's choice and absolute scores depend on it.", "",
        "Example: occam mrf score --model bm.json --data d.csv --methods map,bic-ml,bp-lr,laplace-exact --json out.json"})
public final class MrfScoreCommand implements Callable<Integer> {
  /** The methods scored when --methods is not given. */
  static final String DEFAULT_METHODS = "map,bic-ml,bic-map,bp-lr,bp-lr-exactgrad,laplace-exact";

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  MrfModelDataOptions input;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = DEFAULT_METHODS,
      description = "Comma-separated, from " + MethodHelp.TOKEN + " (default: ${DEFAULT-VALUE}, less bic-ml and"
          + " bp-lr-exactgrad with hidden variables); each is described below. ais and quadrature are ground truth"
          + " for small models (quadrature: at most 3 parameters).")
  String methods;

  @Option(names = "--json", paramLabel = "OUT", description = "Write the results as JSON; - for standard output.")
  Path json;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Option(names = "--prior", paramLabel = "dirichlet:α", defaultValue = "dirichlet:1",
      description = "With --generators: the hyper-Dirichlet prior of method exact (decomposable models only), total"
          + " precision α > 0 spread evenly over each clique's cells, as BDeu's equivalent sample size (default:"
          + " ${DEFAULT-VALUE}). The other methods' prior is N(0, σ0² I) on λ (--prior-sigma).")
  String dirichletPrior;

  @Mixin
  MrfScoreOptions options;

  @Option(names = "--restarts", paramLabel = "R", defaultValue = "" + HiddenMap.Settings.DEFAULT_RESTARTS,
      description = "With hidden variables: the seeded random starts of each MAP fit, whose best is kept (the"
          + " likelihood is not concave; default: ${DEFAULT-VALUE}).")
  int restarts;

  @Mixin
  MrfSampledEstimatorOptions sampled;

  @Mixin
  MrfAisOptions ais;

  @Override
  public Integer call() {
    input.requireOneStructure();
    if (input.logLinear()) {
      return logLinear();
    }
    List<EvidenceMethod<MrfProblem>> wanted = new ArrayList<>(MrfMethods.parseList(methods));
    int threads = options.threads();
    PosteriorDrawSettings posterior = sampled.settings(wanted, threads);
    var aisSettings = ais.settings();
    Outputs outputs = Outputs.check(spec, force, json);
    HiddenMap.Settings hiddenMap = HiddenMap.Settings.defaults().withRestarts(restarts);
    MrfModelDataOptions.Loaded in = input.load(graph -> requireExactFeasible(graph, wanted),
        model -> hiddenMethods(wanted, model));
    BoltzmannModelFile.Loaded m = in.model();
    Dataset d = in.data();
    double sigma = options.priorSigma(m.priorSigma());
    MrfScoreSettings settings = options.settings(sigma, threads);
    MrfProblem problem = in.hidden()
        ? new MrfProblem(in.hiddenStatistics(), settings, options.seed, aisSettings, hiddenMap)
        : new MrfProblem(in.graph(), in.statistics(), settings, options.seed, aisSettings, posterior);
    List<EvidenceEstimate> results = MethodRegistry.estimateAll(problem, wanted);

    PrintWriter out = outputs.report();
    MrfScoreReport.describe(out, input.source(), m, sigma, options.priorSigma != null ? " from --prior-sigma"
        : m.priorSigma().isPresent() ? " from the model file" : " (default)", input.data, d);
    List<String[]> rows = new ArrayList<>();
    for (EvidenceEstimate e : results) {
      rows.add(MrfScoreReport.row(e));
    }
    Tables.print(out, MrfScoreReport.HEADER, rows);
    MrfScoreReport.warnings(out, results);
    if (json != null) {
      Map<String, Object> root = new LinkedHashMap<>();
      root.put("model", MrfScoreReport.modelJson(input.model, m, sigma));
      root.put("data", DataJson.of(input.data, d));
      root.put("results", results.stream().map(ResultJson::estimate).toList());
      outputs.write(json, ResultJson.write(root));
    }
    return 0;
  }

  /** A log-linear model (--generators, or a Markov network's model file): the registry of {@link LogLinearMethods}. */
  private int logLinear() {
    boolean named = spec.commandLine().getParseResult().hasMatchedOption("--methods");
    List<EvidenceMethod<LogLinearProblem>> wanted = LogLinearMethods.parseListOrDefault(named ? methods : null);
    Outputs outputs = Outputs.check(spec, force, json);
    LogLinearInput.Loaded in = input.loadLogLinear();
    double sigma = options.priorSigma(in.priorSigma());
    List<EvidenceEstimate> results = new LogLinearProblem(in.structure(), in.data(), options.settings(sigma,
        options.threads()), options.seed, ais.settings(), DecomposableEvidence.parsePrior(dirichletPrior))
        .estimateFeasible(wanted);
    MrfScoreReport.logLinear(outputs.report(), in, input.data, sigma, options.priorSigma != null
        ? " from --prior-sigma" : in.priorSigma().isPresent() ? " from the model file" : " (default)", results);
    if (json != null) {
      Map<String, Object> root = new LinkedHashMap<>();
      root.put("model", MrfScoreReport.logLinearModelJson(in.structure(), sigma));
      root.put("data", DataJson.of(input.data, in.data()));
      root.put("results", results.stream().map(ResultJson::estimate).toList());
      outputs.write(json, ResultJson.write(root));
    }
    return 0;
  }

  /**
   * With hidden variables: the default list drops the methods that need fully observed data; a list
   * given by --methods that names one is refused before any work.
   */
  private void hiddenMethods(List<EvidenceMethod<MrfProblem>> wanted, BoltzmannModelFile.Loaded model) {
    List<EvidenceMethod<MrfProblem>> kept = MrfMethods.forHiddenModel(List.copyOf(wanted),
        spec.commandLine().getParseResult().hasMatchedOption("--methods"),
        "hidden variables (" + String.join(", ", model.hiddenNames()) + ")");
    wanted.retainAll(kept);
  }

  /**
   * Refuses the exact methods past --max-clique-states (naming bp-lr), and says on stderr what one
   * evaluation costs when the largest clique is wide.
   */
  private void requireExactFeasible(PairwiseGraph graph, List<EvidenceMethod<MrfProblem>> wanted) {
    ExactInferenceCost cost = ExactInferenceCost.of(graph);
    ExactInferenceLimit.require("mrf score", wanted, cost, options.maxCliqueStates, "", "use bp-lr");
    ExactInferenceLimit.costLine("mrf score", wanted, cost).ifPresent(spec.commandLine().getErr()::println);
  }
}
