package org.occam.io;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;
import org.occam.mrf.ExactSampler;
import org.occam.mrf.loglinear.LogLinearInference;
import org.occam.mrf.loglinear.LogLinearModel;

/** Exact draws from a model file, and drawn rows as the CSV text the {@code sample} commands write. */
public final class SampledRows {
  private SampledRows() {}

  /** Rows of state indices over some variables. */
  public record Sample(List<Variable> variables, int[][] rows) {}

  /**
   * Exact draws from an MRF model file with parameters: a Markov network of factor tables (UAI
   * {@code MARKOV}, JSON {@code "markov"}) by enumeration or forward sampling through its junction
   * tree, whichever is cheaper; a Boltzmann machine ({@code "boltzmann"} with parameters) through its
   * junction tree.
   */
  public static Sample mrf(Path model, int rows, long seed) {
    var markov = ModelFormats.markov(model);
    if (markov.isPresent()) {
      LogLinearModel ll = LogLinearModel.of(markov.get().model());
      return new Sample(ll.structure().variables(), LogLinearInference.of(ll.structure()).sample(ll.parameters(),
          rows, RandomStreams.fromSeed(seed)));
    }
    BoltzmannModelFile.Loaded m = BoltzmannModelFile.read(model, true);
    return new Sample(m.variables(), ExactSampler.of(m.model().orElseThrow()).sample(rows,
        RandomStreams.fromSeed(seed)));
  }

  /** The CSV text of rows (RFC 4180, '\n' line ends): a header of the columns' names, then their state labels. */
  public static String csv(List<Variable> variables, int[] columns, int[][] rows) {
    StringWriter text = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(text, CSVFormat.RFC4180.builder().setRecordSeparator('\n').get())) {
      for (int j : columns) {
        p.print(variables.get(j).name());
      }
      p.println();
      for (int[] row : rows) {
        for (int j : columns) {
          p.print(variables.get(j).states().get(row[j]));
        }
        p.println();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }
}
