package org.occam.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceMethod;
import org.occam.rbm.PersistentContrastiveDivergence;
import org.occam.rbm.RbmCrossValidation;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmLogPartition;
import org.occam.rbm.RbmParameterAis;
import org.occam.rbm.RbmPartitionAis;
import org.occam.rbm.RbmProblem;
import org.occam.rbm.methods.RbmMethods;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.sampling.AisTarget;
import org.occam.sampling.ParameterSpaceAis;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import org.occam.io.PriorRange;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The data and settings options shared by {@code rbm score} and {@code rbm select} (the data: {@link RbmDataOptions}). */
public final class RbmOptions {
  /** The data file and its column and row selections. */
  @Mixin
  RbmDataOptions input;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(names = {"--prior-sigma", "--sigma"}, paramLabel = "σ0", defaultValue = "1",
      description = "σ0 of the prior N(0, σ0² I) on W, α and β (default: ${DEFAULT-VALUE}, as in the paper).")
  double priorSigma;

  @Option(names = "--pcd-iterations", paramLabel = "T", defaultValue = "10000",
      description = "PCD updates (1/t step sizes) for λMP, λML and each CV fold (default: ${DEFAULT-VALUE}).")
  int pcdIterations;

  @Option(names = "--pcd-chains", paramLabel = "M", defaultValue = "100",
      description = "Persistent chains of PCD (default: ${DEFAULT-VALUE}).")
  int pcdChains;

  @Option(names = "--gibbs-chains", paramLabel = "C", defaultValue = "100",
      description = "Gibbs chains for the samples x⁽ᵗ⁾ ~ p(x | λ_PCD) of the fine-tuning (default: ${DEFAULT-VALUE}).")
  int gibbsChains;

  @Option(names = "--samples-per-chain", paramLabel = "S", defaultValue = "100",
      description = "Samples kept per Gibbs chain; T = chains × S, raised to at least N (default: ${DEFAULT-VALUE})."
          + " Where the fine-tuned λMP optimises the importance-sampled objective (see --sampled-fine-tuning),"
          + " the scores fall short by roughly F·N/(2T) nats: raise T for accuracy.")
  int samplesPerChain;

  @Option(names = "--sampled-fine-tuning",
      description = "Fine-tune λMP (and the flipped modes) on the importance-sampled objective, as Chen & Welling do,"
          + " even where the exact one is used by default: log Z exact and one exact Hessian affordable (README).")
  boolean sampledFineTuning;

  @Option(names = "--burn-in", paramLabel = "B", defaultValue = "1000",
      description = "Gibbs sweeps before a chain's first sample (default: ${DEFAULT-VALUE}).")
  int burnIn;

  @Option(names = "--thinning", paramLabel = "H", defaultValue = "10",
      description = "Gibbs sweeps between kept samples (default: ${DEFAULT-VALUE}).")
  int thinning;

  @Option(names = "--log-z", paramLabel = "HOW", defaultValue = "auto",
      description = "log Z(λ) for laplace, map, ml-bic and cv: exact (enumerate the smaller side), ais"
          + " (Salakhutdinov & Murray, as in the paper) or auto (exact when min(V, K) <= 20) (default: ${DEFAULT-VALUE}).")
  String logZ;

  @Option(names = "--ais-runs", paramLabel = "G", defaultValue = "100",
      description = "AIS runs for log Z when AIS is used (default: ${DEFAULT-VALUE}).")
  int aisRuns;

  @Option(names = "--ais-pd-steps", paramLabel = "K", defaultValue = "10000",
      description = "ais-pd: temperatures of the linear schedule, one HMC move of 10 leapfrog steps each"
          + " (default: ${DEFAULT-VALUE}).")
  int aisPdSteps;

  @Option(names = "--ais-pd-runs", paramLabel = "G", defaultValue = "10",
      description = "ais-pd: independent runs averaged (default: ${DEFAULT-VALUE}; the paper ran 100).")
  int aisPdRuns;

  @Option(names = "--ais-pd-target-se", paramLabel = "SE",
      description = "ais-pd: add runs (doubling their number) until the standard error of ln p(D) is at most SE"
          + " nats, or the budget of --ais-pd-max-runs is spent, which the result then says (not converged)."
          + " Default: no target, exactly --ais-pd-runs runs.")
  Double aisPdTargetStdError;

  @Option(names = "--ais-pd-max-runs", paramLabel = "G",
      description = "ais-pd with --ais-pd-target-se: the most runs in all, at least --ais-pd-runs (default: "
          + ParameterSpaceAis.Settings.DEFAULT_BUDGET_FACTOR + " × --ais-pd-runs).")
  Integer aisPdMaxRuns;

  @Option(names = "--folds", paramLabel = "F", defaultValue = "10",
      description = "Folds of the cross-validation (cv) (default: ${DEFAULT-VALUE}).")
  int folds;

  @Option(names = "--sampler", paramLabel = "NAME", defaultValue = "auto",
      description = "harmonic1, harmonic4, bridge-geo, bridge-opt, dic: the posterior sampler, lv-cd (brief Langevin"
          + " with CD-1 gradients from λMP, Chen & Welling's), hmc (exact gradients; min(V, K) <= 20), or auto: hmc"
          + " with --likelihood exact (which needs the same enumeration), lv-cd with --likelihood bethe"
          + " (default: ${DEFAULT-VALUE}).")
  String sampler;

  @Option(names = "--likelihood", paramLabel = "HOW", defaultValue = "exact",
      description = "The sample-based estimators' ln p(D | λ): exact (log Z by enumeration) or bethe (loopy BP, as"
          + " Chen & Welling) (default: ${DEFAULT-VALUE}).")
  String likelihood;

  @Option(names = "--samples", paramLabel = "S", defaultValue = "10000",
      description = "Posterior draws kept, over all chains (default: ${DEFAULT-VALUE}).")
  int samples;

  @Option(names = "--chains", paramLabel = "C", defaultValue = "10",
      description = "Posterior chains, started over-dispersed around λMP; converged when the MPSRF < 1.1"
          + " (default: ${DEFAULT-VALUE}).")
  int chains;

  @Option(names = "--prior-draws", paramLabel = "R", defaultValue = "10000",
      description = "Prior draws for bridge-geo and bridge-opt (default: ${DEFAULT-VALUE}).")
  int priorDraws;

  @Option(names = "--langevin-step", paramLabel = "ε", defaultValue = "" + PosteriorDrawSettings.DEFAULT_LANGEVIN_STEP,
      description = "lv-cd's step on the scale that whitens the Laplace Gaussian N(λMP, A⁻¹) (A's diagonal"
          + " when F > 400), in (0, 2) (default:"
          + " ${DEFAULT-VALUE}; the discretisation inflates a variance by about 1/(1 − ε²/4)).")
  double langevinStep;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of every random stream; the same seed gives the same numbers on any thread count"
          + " (default: ${DEFAULT-VALUE}).")
  long seed;

  /**
   * Refuses any option of this mixin out of its range, before any work or output: the thread count,
   * σ0, --log-z and every count the settings take (cross-validation's folds are checked by its
   * settings, when it is asked for).
   */
  void validate() {
    threads();
    laplaceSettings();
    aisPdSettings();
    posteriorSettings();
  }

  /** The sample-based estimators' sampler, budget and likelihood. */
  PosteriorDrawSettings posteriorSettings() {
    OptionChecks.atLeast("--prior-draws", priorDraws, 1);
    if (!(langevinStep > 0 && langevinStep < 2)) {
      throw new InvalidInputException("--langevin-step must be in (0, 2), got " + langevinStep);
    }
    return PosteriorDrawSettings.parse(sampler, likelihood, samples, chains, priorDraws)
        .withLangevinStep(langevinStep);
  }

  /** The number of worker threads asked for, at least 1. */
  int threads() {
    return Threads.count(threads);
  }

  /** The data with the column and row selections applied ({@link RbmDataOptions#read}). */
  RbmData read() {
    return input.read(command.commandLine().getErr());
  }

  PersistentContrastiveDivergence.Settings training() {
    PriorRange.sigma(priorSigma, "--prior-sigma");
    OptionChecks.atLeast("--pcd-iterations", pcdIterations, 1);
    OptionChecks.atLeast("--pcd-chains", pcdChains, 1);
    return PersistentContrastiveDivergence.Settings.defaults().withIterations(pcdIterations).withChains(pcdChains)
        .withPriorSigma(priorSigma);
  }


  RbmLaplace.Settings laplaceSettings() {
    OptionChecks.atLeast("--gibbs-chains", gibbsChains, 1);
    OptionChecks.atLeast("--samples-per-chain", samplesPerChain, 1);
    OptionChecks.atLeast("--burn-in", burnIn, 0);
    OptionChecks.atLeast("--thinning", thinning, 1);
    OptionChecks.atLeast("--ais-runs", aisRuns, 1);
    return RbmLaplace.Settings.defaults().withTraining(training())
        .withSamples(gibbsChains, burnIn, samplesPerChain, thinning).withLogZ(logZMethod())
        .withAis(RbmPartitionAis.Settings.defaults().withRuns(aisRuns)).withExactFineTuning(!sampledFineTuning);
  }

  ParameterSpaceAis.Settings aisPdSettings() {
    OptionChecks.atLeast("--ais-pd-steps", aisPdSteps, 1);
    OptionChecks.atLeast("--ais-pd-runs", aisPdRuns, 1);
    AisTarget target = AisTarget.of(aisPdTargetStdError, aisPdMaxRuns, aisPdRuns, "--ais-pd-target-se",
        "--ais-pd-max-runs", "--ais-pd-runs");
    return target.applyTo(RbmParameterAis.defaultSettings().withSteps(aisPdSteps).withRuns(aisPdRuns)
        .withPriorSigma(priorSigma));
  }

  RbmCrossValidation.Settings crossValidationSettings() {
    return RbmCrossValidation.Settings.defaults().withFolds(folds).withTraining(training())
        .withLogZ(logZMethod())
        .withAis(RbmPartitionAis.Settings.defaults().withRuns(aisRuns));
  }

  private RbmLogPartition.Method logZMethod() {
    try {
      return RbmLogPartition.Method.valueOf(logZ.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("--log-z must be auto, exact or ais, got " + logZ);
    }
  }

  /** A parsed --methods list: the evidence scores, and whether cross-validation was asked for. */
  record Methods(List<EvidenceMethod<RbmProblem>> scores, boolean crossValidation) {
    /** Every method's name, {@code cv} last. */
    List<String> names() {
      List<String> names = new ArrayList<>(scores.stream().map(EvidenceMethod::name).toList());
      if (crossValidation) {
        names.add("cv");
      }
      return names;
    }
  }

  static Methods parseMethods(String list) {
    List<String> names = new ArrayList<>(Arrays.stream(list.split(",")).map(String::trim)
        .filter(s -> !s.isEmpty()).toList());
    boolean cv = names.removeIf(s -> s.equalsIgnoreCase("cv"));
    List<EvidenceMethod<RbmProblem>> scores = names.isEmpty() ? List.of()
        : RbmMethods.parseList(String.join(",", names));
    if (scores.isEmpty() && !cv) {
      throw new InvalidInputException("--methods names no method (choose from " + RbmMethods.REGISTRY.names() + ",cv)");
    }
    return new Methods(scores, cv);
  }
}
