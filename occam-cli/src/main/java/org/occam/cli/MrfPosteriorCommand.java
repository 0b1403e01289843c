package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.occam.data.InvalidInputException;
import org.occam.mrf.ExactInferenceCost;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.methods.ExactInferenceLimit;
import org.occam.report.MrfPosteriorRun;
import org.occam.report.MrfScoreReport;
import org.occam.report.PosteriorReport;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code occam mrf posterior}: draws of a Boltzmann machine's parameters by several methods, compared with HMC. */
@Command(name = "posterior", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Draw a Boltzmann machine's parameters from their posterior by several methods and compare them"
        + " with hmc, the ground truth (Welling & Parise, UAI 2006, section 7).", "",
        "Methods: bl-mp (the Bethe–Laplace Gaussian at the exact MAP point, linear-response covariance), bl-bp (the"
            + " same at BP's MAP point), lv-cd (brief Langevin with contrastive-divergence gradients), mc-bp"
            + " (Metropolis with the Bethe free energy in place of log Z), hmc (Hybrid Monte Carlo, exact gradients).",
        "",
        "Writes into --out: samples-<method>.csv (one column per parameter: b:A a bias, w:A-B a weight), summary.csv"
            + " (mean, sd, quantiles, ESS, PSRF per parameter), cvm.csv (the Cramér–von Mises score, eqn 23 summed"
            + " over parameters, of each method against hmc, its 99%% quantile when the two sets come from one"
            + " distribution, and the worst and best parameter), posterior.json and histograms.png (each method's"
            + " worst and best parameter over hmc's, as the paper's Figure 3).", "",
        "Example: occam mrf posterior --model bm.json --data d.csv --samples 10000 --chains 5 --seed 1 --out post/"})
public final class MrfPosteriorCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  MrfModelDataOptions input;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = MrfPosteriorRun.DEFAULT_METHODS,
      description = "Comma-separated, from bl-mp, bl-bp, lv-cd, mc-bp, hmc (default: ${DEFAULT-VALUE}); without hmc"
          + " there is nothing to compare with: no CVM scores.")
  String methods;

  @Mixin
  PosteriorRunOptions run;

  @Mixin
  MrfScoreOptions options;

  @Override
  public Integer call() {
    input.requireOneStructure();
    List<PosteriorSampler<MrfProblem>> samplers = MrfPosteriorRun.methods(methods);
    int threads = options.threads();
    SamplerSettings sampling = run.sampling(threads);
    MrfModelDataOptions.Loaded in = input.load(graph -> MrfPosteriorRun.requireExactFeasible("mrf posterior",
        samplers, ExactInferenceCost.of(graph), options.maxCliqueStates, ExactInferenceLimit.FLAG));
    double sigma = options.priorSigma(in.model().priorSigma());
    PosteriorDrawSettings posterior = PosteriorDrawSettings.defaults().withSampling(sampling);
    MrfScoreSettings scoreSettings = options.settings(sigma, threads);
    Supplier<MrfProblem> problems = () -> new MrfProblem(in.graph(), in.statistics(), scoreSettings, options.seed,
        null, posterior);
    Path dir = run.prepare();

    PrintWriter report = spec.commandLine().getOut();
    MrfScoreReport.describe(report, input.source(), in.model(), sigma, options.priorSigma != null
        ? " from --prior-sigma" : in.model().priorSigma().isPresent() ? " from the model file" : " (default)",
        input.data, in.data());
    report.flush();
    List<ParameterSamples> draws;
    try (Progress bar = Progress.start("mrf posterior", samplers.size())) {
      draws = MrfPosteriorRun.sample(problems, samplers, options.seed, bar.listener());
    }
    var result = PosteriorReport.write(dir, draws, MrfPosteriorRun.settings(problems.get(), samplers), options.seed,
        threads);
    PosteriorReport.print(report, result);
    return 0;
  }
}
