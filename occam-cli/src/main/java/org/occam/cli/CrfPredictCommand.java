package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;
import java.util.concurrent.Callable;
import org.occam.crf.CrfCsvReader;
import org.occam.crf.CrfData;
import org.occam.crf.CrfProblem;
import org.occam.crf.predict.CrfPrediction;
import org.occam.io.CrfInput;
import org.occam.crf.predict.CrfPredictor;
import org.occam.crf.predict.CrfPredictors;
import org.occam.crf.predict.PredictionSettings;
import org.occam.report.CrfReport;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code occam crf predict}: train on --data, predict the labels of --test by several Bayesian predictors. */
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Train a linear-chain CRF on --data (λMP and its Laplace posterior) and predict the labels of"
        + " --test by each method (Welling & Parise 2006, section 5); print each method's label error on the test"
        + " positions that have labels, and its time.", "",
        "Example: occam crf predict --model examples/crf-faq.json --data train.tsv --test test.tsv --chunk 100"
            + " --methods map,g,vote,weighted-vote,super-graph --samples 20 --out labels.csv"})
public final class CrfPredictCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CrfModelOptions model;

  @Mixin
  CrfDataOptions input;

  @Option(names = "--test", required = true, paramLabel = "FILE",
      description = "The test sequences, read as --data (same columns and options); empty label cells are unknown.")
  Path test;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = "map,g,vote,weighted-vote,super-graph",
      description = "Comma-separated prediction methods (default: ${DEFAULT-VALUE}); each is described below.")
  String methods;

  @Option(names = "--samples", paramLabel = "S", defaultValue = "" + PredictionSettings.DEFAULT_SAMPLES,
      description = "Posterior samples of λ for vote, weighted-vote and super-graph (default: ${DEFAULT-VALUE}).")
  int samples;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the labels as CSV (sequence, position, the test"
      + " file's label, one column per method); - for standard output.")
  Path out;

  @Option(names = "--json", paramLabel = "OUT", description = "Write each method's label error, time and diagnostics"
      + " as JSON; - for standard output.")
  Path json;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Override
  public Integer call() {
    List<CrfPredictor> predictors = CrfPredictors.parseList(methods);
    OptionChecks.atLeast("--samples", samples, 1);
    PredictionSettings settings = PredictionSettings.defaults().withSamples(samples);
    Outputs outputs = Outputs.check(spec, force, out, json);
    CrfInput in = model.load(input);
    CrfData testData = CrfCsvReader.read(test, input.readOptions().like(in.data()));
    CrfProblem trained = new CrfProblem(in.model(), in.data(), model.settings(in.sigma()), model.seed);
    PrintWriter report = outputs.report();
    CrfReport.describe(report, in, trained.dimension(), input.data);
    report.printf("test %s: %d sequences, %d positions, %s%n", test, testData.size(), testData.positions(),
        CrfReport.labelCounts(testData));
    report.flush();
    List<CrfPrediction> predictions;
    try (Progress bar = Progress.start("crf predict", predictors.size())) {
      predictions = CrfPredictors.predictAll(predictors, trained, testData, settings, model.seed, bar.listener());
    }
    Tables.print(report, CrfReport.PREDICTION_HEADER,
        predictions.stream().map(p -> CrfReport.predictionRow(p, testData)).toList());
    if (out != null) {
      outputs.write(out, CrfReport.labelsCsv(testData, predictions));
    }
    if (json != null) {
      Map<String, Object> root = CrfReport.inputJson(in, trained.dimension(), input.data);
      root.put("test", CrfReport.dataJson(test, testData));
      root.put("samples", samples);
      root.put("seed", model.seed);
      root.putAll(CrfReport.predictionJson(testData, predictions));
      outputs.write(json, ResultJson.write(root));
    }
    return 0;
  }
}
