package org.occam.cli.experiment;

import java.util.List;
import java.util.concurrent.Callable;
import org.occam.experiments.wellingparise.WellingPariseExperiment;
import org.occam.experiments.wellingparise.WellingPariseSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code occam experiment welling-parise}: parses the options into {@link WellingPariseSettings} and
 * runs {@link WellingPariseExperiment} (Welling &amp; Parise, UAI 2006, section 7). The help text
 * states the choices the paper leaves open and the reductions made to fit the time.
 */
@Command(name = "welling-parise", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Reproduce Welling & Parise (UAI 2006) section 7: posteriors over the parameters"
        + " of a Boltzmann machine on a 5x5 grid by bl-mp, bl-bp, lv-cd and mc-bp, each sample set"
        + " scored by the Cramer-von Mises score (eqn 23, summed over the 65 parameters) against an"
        + " HMC set drawn with exact junction-tree gradients. Parameters are drawn in the paper's"
        + " spin (+-1) form and converted exactly to 0/1 (BoltzmannMachine.fromSpins); data by exact"
        + " sampling.",
        "",
        "Figure 2: --models models with fields and couplings N(0, 0.25), CVM against N (--sizes)."
        + " Figure 3: histograms of bl-mp against HMC for its worst-fitting parameters where its"
        + " mean CVM is worst. Figures 4 and 5: one model per d, couplings uniform on"
        + " [-(d+e),-d] u [d,d+e], e = 0.1/4, d = --strengths/4, fields 0 and 1, at N ="
        + " --strength-size; the report counts the loopy BP runs that did not converge.",
        "",
        "The paper uses 10 sets of 10,000 draws per method and point; the defaults (3 sets of"
        + " 1,000 draws over 4 chains, at most 3,000 transitions per chain after a warm-up of 300;"
        + " 120 units of about 20 CPU seconds each, measured) keep the whole run near 20 minutes of"
        + " 2 idle cores, within the hour; --quick needs about 26 CPU seconds.",
        "",
        "Writes fig-2..5 CSV (one row per model, N or d, method and sample set) and PNG, models.csv,"
        + " summary.json and report.md (the paper's findings, each checked against this run's"
        + " numbers) into --out. Each unit (figure, model, N, sample set) is printed to stderr as it"
        + " is done and kept in --out/partial.jsonl until the outputs are written: --resume continues"
        + " an interrupted run.",
        "",
        "Example: occam experiment welling-parise --quick --out runs/wp-quick"})
public final class WellingPariseExperimentCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  ExperimentOptions options;

  @Option(names = "--quick", description = "Reduced run: 1 model, N = 100,1000, d = 0.5,1.5 (/4), 1 set of 100 "
      + "draws over 2 chains, warm-up 50, at most 1,000 transitions per chain (explicit options still win).")
  boolean quick;

  @Option(names = "--sizes", paramLabel = "N", split = ",",
      description = "Data set sizes N of Figure 2 (default: 100,500,1000,2000,5000,10000).")
  List<Integer> sizes;

  @Option(names = "--models", paramLabel = "M", description = "Random models of Figure 2 (default: 5, the paper's).")
  Integer models;

  @Option(names = "--sets", paramLabel = "S", description = "Sample sets per method and point (default: 3; the "
      + "paper's 10).")
  Integer sets;

  @Option(names = "--draws", paramLabel = "D", description = "Kept draws per sample set (default: 1000; the paper's "
      + "10000).")
  Integer draws;

  @Option(names = "--chains", paramLabel = "C", description = "Markov chains per sample set (default: 4; the paper "
      + "restarts its samplers 5 times).")
  Integer chains;

  @Option(names = "--max-transitions", paramLabel = "T", description = "The most transitions a chain makes after "
      + "its warm-up; the thinning is capped by it and a capped set is reported as not converged (default: 3000).")
  Long maxTransitions;

  @Option(names = "--strengths", paramLabel = "D", split = ",",
      description = "Coupling strengths d times 4 of Figures 4 and 5 (default: the paper's 0.1,0.5,1,1.5,2).")
  List<Double> strengths;

  @Option(names = "--strength-size", paramLabel = "N", description = "N of Figures 4 and 5 (default: 1000; the "
      + "paper does not say).")
  Integer strengthSize;

  @Override
  public Integer call() {
    var settings = new WellingPariseSettings(quick, sizes, models, sets, draws, chains, maxTransitions, strengths,
        strengthSize, options.seed, options.threadCount());
    WellingPariseExperiment experiment = new WellingPariseExperiment(settings);
    options.run(spec, null, experiment::run);
    return 0;
  }
}
