package org.occam.crf;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.occam.data.InvalidInputException;

/**
 * How {@link CrfCsvReader} turns the rows of a CSV or TSV file into labelled sequences: which
 * column holds the label, how rows are grouped into sequences, which labels are kept and which
 * columns are inputs.
 *
 * <p>The FAQ data as Welling &amp; Parise (2006, section 7) use it: questions and answers only, in
 * documents of 100 lines:
 *
 * <pre>{@code
 * CrfReadOptions o = CrfReadOptions.defaults()
 *     .withKeepLabels(List.of("question", "answer")).withIgnoreColumns(List.of("text")).withChunk(100);
 * }</pre>
 *
 * @param labelColumn the column of labels (default {@code label}); an empty cell is an unknown label
 * @param sequenceColumn the column naming each row's sequence (rows of one sequence contiguous), or
 *     null for none
 * @param chunk when positive, the kept rows are cut in file order into sequences of this many
 *     (the last may be shorter); 0 for none. With neither a sequence column nor a chunk, the whole
 *     file is one sequence.
 * @param keepLabels when not empty, the two label states in order (spin −1, then +1); rows with any
 *     other label are dropped before sequencing and chunking. When empty, every label is kept and the
 *     states are ordered by first appearance.
 * @param inputColumns the input columns in this order; empty for every column that is not the
 *     label, sequence or an ignored column
 * @param ignoreColumns columns that are read past (e.g. a {@code text} column)
 */
public record CrfReadOptions(String labelColumn, String sequenceColumn, int chunk, List<String> keepLabels,
    List<String> inputColumns, List<String> ignoreColumns) {

  public CrfReadOptions {
    if (labelColumn == null || labelColumn.isBlank()) {
      throw new InvalidInputException("the label column's name is empty");
    }
    if (sequenceColumn != null && sequenceColumn.isBlank()) {
      sequenceColumn = null;
    }
    if (chunk < 0) {
      throw new InvalidInputException("chunk must be positive (or 0 for none), got " + chunk);
    }
    if (chunk > 0 && sequenceColumn != null) {
      throw new InvalidInputException("give either a sequence column ('" + sequenceColumn + "') or a chunk length ("
          + chunk + "), not both");
    }
    keepLabels = List.copyOf(keepLabels);
    inputColumns = List.copyOf(inputColumns);
    ignoreColumns = List.copyOf(ignoreColumns);
    if (!keepLabels.isEmpty() && keepLabels.size() != 2) {
      throw new InvalidInputException("a linear-chain CRF needs exactly 2 label states; keep-labels lists "
          + keepLabels.size() + ": " + String.join(",", keepLabels));
    }
    if (keepLabels.size() == 2 && keepLabels.get(0).equals(keepLabels.get(1))) {
      throw new InvalidInputException("keep-labels names '" + keepLabels.get(0) + "' twice");
    }
    for (String l : keepLabels) {
      if (l.isEmpty()) {
        throw new InvalidInputException("keep-labels has an empty label (an empty cell is an unknown label)");
      }
    }
    noDuplicates("inputs", inputColumns);
    noDuplicates("ignore-columns", ignoreColumns);
    for (String c : inputColumns) {
      if (c.equals(labelColumn) || c.equals(sequenceColumn) || ignoreColumns.contains(c)) {
        throw new InvalidInputException("column '" + c + "' is given as an input and as the label, sequence or an"
            + " ignored column");
      }
    }
  }

  private static void noDuplicates(String what, List<String> names) {
    Set<String> seen = new HashSet<>();
    for (String n : names) {
      if (!seen.add(n)) {
        throw new InvalidInputException(what + " names column '" + n + "' twice");
      }
    }
  }

  /**
   * These options for reading data for {@code model}: its labels, in its order (a keep-labels list
   * given here must name the same two), and its inputs unless input columns are given.
   *
   * @throws InvalidInputException if keep-labels differs from the model's labels
   */
  public CrfReadOptions forModel(CrfModel model) {
    if (!keepLabels.isEmpty() && !keepLabels.equals(model.labelStates())) {
      throw new InvalidInputException("--keep-labels " + String.join(",", keepLabels)
          + " differs from the model's labels " + String.join(",", model.labelStates())
          + " (the same two states, in the same order)");
    }
    CrfReadOptions o = withKeepLabels(model.labelStates());
    return inputColumns.isEmpty() ? o.withInputColumns(model.inputNames()) : o;
  }

  /** These options for reading test data like {@code train}: its labels and inputs, whatever these say. */
  public CrfReadOptions like(CrfData train) {
    return withKeepLabels(train.labelStates()).withInputColumns(train.inputNames());
  }

  /** Labels in column {@code label}, no sequence column, no chunks, all labels, every other column an input. */
  public static CrfReadOptions defaults() {
    return new CrfReadOptions("label", null, 0, List.of(), List.of(), List.of());
  }

  public CrfReadOptions withLabelColumn(String name) {
    return new CrfReadOptions(name, sequenceColumn, chunk, keepLabels, inputColumns, ignoreColumns);
  }

  public CrfReadOptions withSequenceColumn(String name) {
    return new CrfReadOptions(labelColumn, name, chunk, keepLabels, inputColumns, ignoreColumns);
  }

  public CrfReadOptions withChunk(int length) {
    return new CrfReadOptions(labelColumn, sequenceColumn, length, keepLabels, inputColumns, ignoreColumns);
  }

  public CrfReadOptions withKeepLabels(List<String> labels) {
    return new CrfReadOptions(labelColumn, sequenceColumn, chunk, labels, inputColumns, ignoreColumns);
  }

  public CrfReadOptions withInputColumns(List<String> names) {
    return new CrfReadOptions(labelColumn, sequenceColumn, chunk, keepLabels, names, ignoreColumns);
  }

  public CrfReadOptions withIgnoreColumns(List<String> names) {
    return new CrfReadOptions(labelColumn, sequenceColumn, chunk, keepLabels, inputColumns, names);
  }
}
