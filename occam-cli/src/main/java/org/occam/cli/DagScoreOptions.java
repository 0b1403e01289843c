package org.occam.cli;

import org.occam.dag.DagScoreSettings;
import org.occam.data.InvalidInputException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The options shared by the DAG scoring commands (defaults: Beal, section 6.4.1). */
public final class DagScoreOptions extends DagFitOptions {
  @Option(names = "--restarts", paramLabel = "R|adaptive", converter = NumberOrAdaptive.class, defaultValue = "" + DagScoreSettings.DEFAULT_RESTARTS,
      description = "Random initialisations of EM and VBEM, best kept: exactly R, or adaptive: at least "
          + DagScoreSettings.DEFAULT_RESTARTS + ", then more until --restarts-until-best of them reach the best"
          + " objective (within 0.01 nats) or --max-restarts have run; a ranking searches further only the"
          + " structures within --refine-margin of a method's best (default: ${DEFAULT-VALUE}).")
  String restarts;

  @Option(names = "--restarts-until-best", paramLabel = "K",
      defaultValue = "" + DagScoreSettings.DEFAULT_RESTARTS_UNTIL_BEST,
      description = "With --restarts adaptive: stop once K restarts reach the best (default: ${DEFAULT-VALUE}).")
  int restartsUntilBest;

  @Option(names = "--max-restarts", paramLabel = "N", defaultValue = "" + DagScoreSettings.DEFAULT_MAX_RESTARTS,
      description = "With --restarts adaptive: the most restarts (default: ${DEFAULT-VALUE}).")
  int maxRestarts;

  @Option(names = "--refine-margin", paramLabel = "M", defaultValue = "" + DagScoreSettings.DEFAULT_REFINE_MARGIN,
      description = "With --restarts adaptive, when ranking structures: every structure gets "
          + DagScoreSettings.DEFAULT_RESTARTS + " restarts, and those within M nats of a method's best get the"
          + " adaptive rule (default: ${DEFAULT-VALUE}; Infinity: all).")
  double refineMargin;

  /** The settings these options describe. */
  DagScoreSettings settings() {
    if (restarts.equals("adaptive")) {
      OptionChecks.atLeast("--restarts-until-best", restartsUntilBest, 1);
      OptionChecks.atLeast("--max-restarts", maxRestarts, Math.max(DagScoreSettings.DEFAULT_RESTARTS,
          restartsUntilBest));
      if (!(refineMargin >= 0)) {
        throw new InvalidInputException("--refine-margin must be >= 0, got " + refineMargin);
      }
      return settings(DagScoreSettings.DEFAULT_RESTARTS).withAdaptiveRestarts(DagScoreSettings.DEFAULT_RESTARTS,
          restartsUntilBest, maxRestarts, refineMargin);
    }
    return settings(Integer.parseInt(restarts));
  }

  /** A whole number or the word adaptive, refused at parsing (with the usage) otherwise. */
  static final class NumberOrAdaptive implements ITypeConverter<String> {
    @Override
    public String convert(String value) {
      if (!value.equals("adaptive")) {
        try {
          Integer.parseInt(value);
        } catch (NumberFormatException e) {
          throw new TypeConversionException("'" + value + "' is neither a whole number nor adaptive");
        }
      }
      return value;
    }
  }
}
