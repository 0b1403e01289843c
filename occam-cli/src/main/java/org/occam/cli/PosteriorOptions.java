package org.occam.cli;

import java.nio.file.Path;
import org.occam.data.InvalidInputException;
import org.occam.search.ModelAveraging;
import org.occam.search.StructurePrior;
import picocli.CommandLine.Option;

/**
 * The model-averaging options shared by the commands that rank or search structures
 * ({@code --posterior}, {@code --window}, {@code --structure-prior}, {@code --edge-posterior},
 * {@code --posterior-png}).
 */
public final class PosteriorOptions {
  @Option(names = "--posterior",
      description = "Bayesian model averaging over the structures scored, per method: posterior probability and log"
          + " Bayes factor against the best for every structure, Occam's window, arc/edge posterior probabilities,"
          + " and whether the data separate the top structures. The posterior is over the structures scored only.")
  boolean posterior;

  @Option(names = "--window", paramLabel = "C", defaultValue = "20",
      description = "Occam's window (Madigan & Raftery 1994): keep the structures at least 1/C as probable as the"
          + " best (default: ${DEFAULT-VALUE}).")
  double window;

  @Option(names = "--structure-prior", paramLabel = "PRIOR", defaultValue = "uniform",
      description = "uniform, or edge-penalty:κ for p(m) ∝ exp(−κ·(number of arcs or edges)) (default: ${DEFAULT-VALUE}).")
  String structurePrior;

  @Option(names = "--edge-posterior", paramLabel = "OVER", defaultValue = "all",
      description = "Arc/edge probabilities shown and plotted: summed over all structures scored (all) or over"
          + " Occam's window, renormalised (window); the JSON has both (default: ${DEFAULT-VALUE}).")
  String edgePosterior;

  @Option(names = "--posterior-png", paramLabel = "OUT.png",
      description = "Write a heat map of the arc/edge posterior probabilities, one panel per method (implies --posterior).")
  Path png;

  /** Whether model averaging was asked for. */
  boolean enabled() {
    return posterior || png != null;
  }

  /**
   * Validates the options, also when averaging is off (a bad value is refused, never silently
   * ignored), and returns the averaging settings, or null without {@code --posterior}; call before
   * the long work. The PNG is checked with the command's other outputs ({@link Outputs#check}), so
   * that two outputs on one file are found too.
   */
  ModelAveraging.Settings settings() {
    overWindow();
    ModelAveraging.Settings settings = new ModelAveraging.Settings(StructurePrior.parse(structurePrior),
        checkedWindow());
    return enabled() ? settings : null;
  }

  private double checkedWindow() {
    if (!(window > 1) || Double.isInfinite(window)) {
      throw new InvalidInputException("--window must be a number > 1, got " + window);
    }
    return window;
  }

  /** Whether the arc/edge probabilities shown are those over the window. */
  boolean overWindow() {
    return switch (edgePosterior) {
      case "all" -> false;
      case "window" -> true;
      default -> throw new InvalidInputException("--edge-posterior must be all or window, got '" + edgePosterior + "'");
    };
  }
}
