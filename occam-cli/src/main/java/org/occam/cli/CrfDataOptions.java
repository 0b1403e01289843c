package org.occam.cli;

import java.nio.file.Path;
import java.util.List;
import org.occam.crf.CrfReadOptions;
import picocli.CommandLine.Option;

/** How the {@code occam crf} commands read sequence data ({@link CrfCsvReader}): every option of {@link CrfReadOptions}. */
public final class CrfDataOptions {
  @Option(names = "--data", required = true, paramLabel = "FILE",
      description = "Sequence data, one row per position: CSV, or tab-separated when the name ends in .tsv; a header"
          + " row; a label column, numeric input columns (0/1 for binary features).")
  Path data;

  @Option(names = "--label-column", paramLabel = "NAME", defaultValue = "label",
      description = "The column of labels; an empty cell is an unknown label (default: ${DEFAULT-VALUE}).")
  String labelColumn;

  @Option(names = "--sequence-column", paramLabel = "NAME",
      description = "The column naming each row's sequence (a sequence's rows contiguous). Without it and --chunk the"
          + " whole file is one sequence.")
  String sequenceColumn;

  @Option(names = "--chunk", paramLabel = "L",
      description = "Cut the kept rows, in file order, into sequences of L rows (the last may be shorter), e.g. the"
          + " papers' documents of 100 FAQ lines.")
  Integer chunk;

  @Option(names = "--keep-labels", paramLabel = "A,B", split = ",",
      description = "The two label states, in order (spin -1, then +1); rows with other labels are dropped before"
          + " sequencing and chunking. Default: the model file's labels, else the two labels of the data in order"
          + " of appearance.")
  List<String> keepLabels;

  @Option(names = "--inputs", paramLabel = "LIST", split = ",",
      description = "The input columns, in order. Default: the model file's inputs, else every column that is not"
          + " the label, the sequence or ignored.")
  List<String> inputs;

  @Option(names = "--ignore-columns", paramLabel = "LIST", split = ",",
      description = "Columns read past, e.g. text.")
  List<String> ignoreColumns;

  /** The reading options these flags give, before a model's labels and inputs are applied. */
  CrfReadOptions readOptions() {
    OptionChecks.atLeast("--chunk", chunk, 1);
    return new CrfReadOptions(labelColumn, sequenceColumn, chunk == null ? 0 : chunk,
        keepLabels == null ? List.of() : keepLabels, inputs == null ? List.of() : inputs,
        ignoreColumns == null ? List.of() : ignoreColumns);
  }
}
