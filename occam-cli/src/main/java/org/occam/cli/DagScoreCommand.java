package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.occam.dag.DagModel;
import org.occam.dag.DagProblem;
import org.occam.dag.DagScorer;
import org.occam.dag.DagStructure;
import org.occam.dag.HiddenStateEnumeration;
import org.occam.dag.methods.DagMethods;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.io.CommandLineStructures;
import org.occam.io.DagModelFile;
import org.occam.io.ModelFormats;
import org.occam.math.RandomStreams;
import org.occam.report.DagScoreReport;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import org.occam.io.PriorRange;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam dag score}: the evidence of one DAG by several methods. */
@Command(name = "score", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Score one DAG model on a data set.", "",
        "Example: occam dag score --model examples/beal-true.json --data d.csv --methods vb,cs,bic,bicp,map --json out.json"})
public final class DagScoreCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--model", paramLabel = "MODEL", description = "The model file: Occam JSON (type \"dag\"), BIF, XMLBIF"
      + " (.xml) or UAI BAYES, by its extension. Or give --parents.")
  Path model;

  @Option(names = "--parents", paramLabel = "y1<-h1;y2<-h1,h2",
      description = "Instead of --model: each variable's parents. Parents that are not data columns are hidden"
          + " variables; data columns not listed have no parents. The observed variables' states are inferred from"
          + " the data unless --states declares them; the prior is Dirichlet(λ) with λ from --prior.")
  String parents;

  @Option(names = "--hidden-states", paramLabel = "NAME=K", split = ",",
      description = "With --parents: states of hidden variables (default: "
          + CommandLineStructures.DEFAULT_HIDDEN_STATES + " each).")
  Map<String, Integer> hiddenStates;

  @Option(names = "--states", paramLabel = "NAME=K", split = ",",
      description = "With --parents: declare observed variables' state counts (integer cells are 0-based).")
  Map<String, Integer> states;

  @Option(names = "--prior", paramLabel = "λ",
      description = "With --parents: λ of the Dirichlet prior on every CPT row, in [" + PriorRange.MIN_DIRICHLET
          + ", " + PriorRange.MAX_DIRICHLET + "] (default: 1, Beal's uniform prior).")
  Double dirichlet;

  @Option(names = "--data", required = true, paramLabel = "D.csv",
      description = "CSV with a header naming the observed variables; missing cells (see --missing) are summed out.")
  Path data;

  @Mixin
  DataReadOptions reading;

  @Option(names = "--weight-column", paramLabel = "COL", description = "A column of row counts (e.g. Freq).")
  String weightColumn;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = "map,bic,bicp,cs,vb",
      description = "Comma-separated, from " + MethodHelp.TOKEN + " (default: ${DEFAULT-VALUE}); each is described"
          + " below. exact is the closed form for complete data and a sum over completions of the hidden variables"
          + " otherwise (small data only).")
  String methods;

  @Option(names = "--json", paramLabel = "OUT", description = "Write the results as JSON; - for standard output.")
  Path json;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Mixin
  DagScoreOptions options;

  @Override
  public Integer call() {
    if ((model == null) == (parents == null)) {
      throw new InvalidInputException("give the structure by --model or by --parents"
          + (model == null ? "" : ", not both"));
    }
    if (model != null) {
      for (var o : List.of("--hidden-states", "--states", "--prior")) {
        if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
          throw new InvalidInputException(o + " goes with --parents; the model file"
              + " declares the states and the prior");
        }
      }
    }
    double lambda = PriorRange.dirichlet(dirichlet == null ? 1.0 : dirichlet, "--prior");
    List<EvidenceMethod<DagProblem>> wanted = DagMethods.parseList(methods);
    var settings = options.settings();
    Outputs outputs = Outputs.check(spec, force, json);
    var err = spec.commandLine().getErr();
    DagModel m;
    Dataset d;
    if (model != null) {
      DagModelFile.Loaded loaded = ModelFormats.readDag(model, false);
      m = loaded.model();
      Set<String> hidden = new java.util.HashSet<>();
      for (int j : m.structure().hiddenVariables()) {
        hidden.add(m.structure().name(j));
      }
      d = reading.read(data, loaded.observedColumns(), hidden, weightColumn, err);
    } else {
      d = reading.read(data, DagDataOptions.declaredStates(states, Set.of(), data, weightColumn), Set.of(),
          weightColumn, err);
      m = CommandLineStructures.dag(d.variables(), parents, hiddenStates == null ? Map.of() : hiddenStates, lambda,
          "--parents", "--hidden-states");
    }
    DagStructure s = m.structure();
    var compiled = new HiddenStateEnumeration(s, d, settings.configurationLimit());
    List<EvidenceEstimate> results = DagScorer.score(compiled, m.prior(), settings,
        RandomStreams.fromSeed(options.seed), options.seed, wanted);

    PrintWriter out = outputs.report();
    out.printf("model %s: %d variables (%d hidden), %d free parameters, prior %s%n",
        model != null ? model : "--parents " + parents, s.size(),
        s.hiddenVariables().length, s.freeParameters(), m.prior());
    out.printf("data %s: n = %s, %d distinct rows%s%n", data, Tables.number(d.size()), d.distinctRows(),
        d.hasMissing() ? ", with missing cells (summed out)" : "");
    DagScoreReport.print(out, results, settings.maxIterations());
    if (json != null) {
      outputs.write(json, ResultJson.write(DagScoreReport.json(model, m, data, d, results)));
    }
    return 0;
  }
}
