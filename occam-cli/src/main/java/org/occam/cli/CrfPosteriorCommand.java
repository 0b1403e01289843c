package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.occam.crf.CrfProblem;
import org.occam.io.CrfInput;
import org.occam.crf.CrfSettings;
import org.occam.crf.posterior.CrfPosteriorSamplers;
import org.occam.report.CrfReport;
import org.occam.report.PosteriorReport;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorRuns;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code occam crf posterior}: draws of a CRF's parameters by several methods, compared with the ground truth. */
@Command(name = "posterior", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Draw a linear-chain CRF's parameters from their posterior by several methods and compare them"
        + " with the reference (Welling & Parise, UAI 2006, section 7), as mrf posterior does.", "",
        "Writes into --out: samples-<method>.csv, summary.csv, cvm.csv (the Cramér–von Mises score of each method"
            + " against " + PosteriorReport.REFERENCE + "), posterior.json and histograms.png.", "",
        "Example: occam crf posterior --model examples/crf-small.json --data data/faq_sed_lines.tsv --chunk 100"
            + " --methods bl-mp,lv-cd,mh,hmc --samples 10000 --chains 5 --out post/"})
public final class CrfPosteriorCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  CrfModelOptions model;

  @Mixin
  CrfDataOptions input;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = "bl-mp,lv-cd,mh,hmc",
      description = "Comma-separated posterior samplers (default: ${DEFAULT-VALUE}); without "
          + PosteriorReport.REFERENCE + " there is nothing to compare with: no CVM scores.")
  String methods;

  @Mixin
  PosteriorRunOptions run;

  @Override
  public Integer call() {
    List<PosteriorSampler<CrfProblem>> samplers = CrfPosteriorSamplers.parseList(methods);
    int threads = model.threads();
    SamplerSettings sampling = run.sampling(threads);
    CrfInput in = model.load(input);
    CrfSettings base = model.settings(in.sigma());
    CrfSettings settings = base.withPosterior(base.posterior().withSampling(sampling));
    Supplier<CrfProblem> problems = () -> new CrfProblem(in.model(), in.data(), settings, model.seed);
    Path dir = run.prepare();

    PrintWriter report = spec.commandLine().getOut();
    CrfProblem first = problems.get();
    CrfReport.describe(report, in, first.dimension(), input.data);
    report.flush();
    List<ParameterSamples> draws;
    try (Progress bar = Progress.start("crf posterior", samplers.size())) {
      draws = PosteriorRuns.sampleEach(samplers, problems, sampling, model.seed, bar.listener());
    }
    Map<String, Object> runSettings = new LinkedHashMap<>();
    runSettings.put("methods", samplers.stream().map(PosteriorSampler::name).toList());
    runSettings.put("samples", sampling.samples());
    runSettings.put("chains", sampling.chains());
    runSettings.put("warmup", sampling.warmup());
    runSettings.put("threads", threads);
    runSettings.put("priorSigma", in.sigma());
    runSettings.putAll(CrfReport.inputJson(in, first.dimension(), input.data));
    var result = PosteriorReport.write(dir, draws, runSettings, model.seed, threads);
    PosteriorReport.print(report, result);
    return 0;
  }
}
