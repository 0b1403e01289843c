package org.occam.io;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import org.occam.data.CsvDatasetReader;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.ReadSettings;
import org.occam.mrf.loglinear.LogLinearModel;
import org.occam.mrf.loglinear.LogLinearStructure;

/**
 * The structure and data of a log-linear model to score: generators on the data's columns
 * ({@code --generators}), or a Markov network file of factor tables (UAI {@code MARKOV}, JSON
 * {@code "markov"}) whose factors' scopes are the generators, on the columns it declares.
 */
public final class LogLinearInput {
  private LogLinearInput() {}

  /**
   * What was read.
   *
   * @param modelFile the Markov network file, or null for generators
   * @param priorSigma σ0 from the model file, if it gives one
   * @param read the data as read (with the reader's warnings and dropped rows)
   */
  public record Loaded(LogLinearStructure structure, Path modelFile, OptionalDouble priorSigma,
      CsvDatasetReader.Result read) {
    public Dataset data() {
      return read.data();
    }
  }

  /**
   * The Markov network of a model file in factor tables, or empty for a Boltzmann-machine file
   * (read by its own reader) or no file.
   */
  public static Optional<ModelFormats.Markov> markov(Path model) {
    return model == null ? Optional.empty() : ModelFormats.markov(model);
  }

  /**
   * Reads the model and the data.
   *
   * @param model a Markov network file, or null
   * @param generators the generators, or null (exactly one of the two is given)
   * @throws InvalidInputException for a file that holds no Markov network, or unknown generators
   */
  public static Loaded load(Path model, String generators, Path data, String weightColumn, ReadSettings settings) {
    if ((model == null) == (generators == null)) {
      throw new IllegalArgumentException("give a model file or generators, not both or neither");
    }
    if (generators != null) {
      CsvDatasetReader.Result read = MrfDiscreteData.read(data, weightColumn, settings, 1);
      return new Loaded(LogLinearStructure.parse(read.data().variables(), generators), null, OptionalDouble.empty(),
          read);
    }
    ModelFormats.Markov m = markov(model).orElseThrow(() -> new InvalidInputException(model
        + ": not a Markov network of factor tables (UAI MARKOV or JSON \"markov\")"));
    CsvDatasetReader.Result read = MrfDiscreteData.read(data, m.model().variables(), weightColumn, settings);
    return new Loaded(LogLinearModel.of(m.model()).structure(), model, m.priorSigma(), read);
  }
}
