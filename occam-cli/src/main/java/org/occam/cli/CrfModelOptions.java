package org.occam.cli;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfSettings;
import org.occam.data.InvalidInputException;
import org.occam.io.CrfModelJson;
import org.occam.io.PriorRange;
import org.occam.mrf.GaussianPrior;
import picocli.CommandLine.Option;

/**
 * The model of the {@code occam crf} commands (a model file, or feature templates, or the full
 * model over the data's inputs), the prior, threads and seed.
 */
public final class CrfModelOptions {
  @Option(names = "--model", paramLabel = "FILE",
      description = "A CRF model file (type \"crf\": labels, inputs, feature templates, prior).")
  Path model;

  @Option(names = "--features", paramLabel = "LIST",
      description = "Without --model: the feature templates, comma-separated, from bias, transition, state:INPUT,"
          + " transition:INPUT. Default: bias, transition, then state:* and transition:* over every input.")
  String features;

  @Option(names = {"--prior-sigma", "--sigma"}, paramLabel = "σ0",
      description = "σ0 of the prior N(0, σ0² I) on λ. Default: the model file's \"prior\", else "
          + GaussianPrior.DEFAULT_SIGMA + "; in [" + PriorRange.MIN_SIGMA + ", " + PriorRange.MAX_SIGMA + "].")
  Double priorSigma;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of the sampling-based methods (default: ${DEFAULT-VALUE}).")
  long seed;

  /**
   * A model and its data.
   *
   * @param model the CRF
   * @param data the data read for it
   * @param file the model file as read, or null
   * @param source the model file's name, or {@code (--features)} / {@code (full model)}
   * @param sigma σ0
   * @param sigmaFrom where σ0 came from, for the report
   */
  record Loaded(CrfModel model, CrfData data, CrfModelJson.Loaded file, String source, double sigma,
      String sigmaFrom) {}

  /** Reads the model (file or templates) and the data for it; fails before any work. */
  Loaded load(CrfDataOptions in) {
    Double checkedSigma = priorSigma == null ? null : PriorRange.sigma(priorSigma, "--prior-sigma");
    CrfModelJson.Loaded file = null;
    CrfModel m = null;
    if (model != null) {
      if (features != null) {
        throw new InvalidInputException("give --model or --features, not both");
      }
      file = CrfModelJson.read(model);
      m = file.model();
    }
    CrfData data = in.read(in.data, m);
    String source;
    if (m == null) {
      List<String> list = features == null ? null
          : Arrays.stream(features.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
      if (list != null && list.isEmpty()) {
        throw new InvalidInputException("--features is empty");
      }
      m = list == null ? CrfModel.full(data.labelStates(), data.inputNames())
          : new CrfModel(data.labelStates(), data.inputNames(), list, true);
      source = list == null ? "(full model)" : "(--features)";
    } else {
      source = model.toString();
    }
    OptionalDouble fromFile = file == null ? OptionalDouble.empty() : file.priorSigma();
    double sigma = checkedSigma != null ? checkedSigma : fromFile.orElse(GaussianPrior.DEFAULT_SIGMA);
    String from = checkedSigma != null ? " from --prior-sigma" : fromFile.isPresent() ? " from the model file"
        : " (default)";
    return new Loaded(m, data, file, source, sigma, from);
  }

  /** The number of worker threads asked for, at least 1. */
  int threads() {
    return Threads.count(threads);
  }

  /** The settings with σ0 and the threads. */
  CrfSettings settings(double sigma) {
    return CrfSettings.defaults().withPriorSigma(sigma).withThreads(threads());
  }
}
