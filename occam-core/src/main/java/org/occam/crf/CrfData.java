package org.occam.crf;

import java.util.ArrayList;
import java.util.List;
import org.occam.data.InvalidInputException;

/**
 * Labelled sequences for a linear-chain CRF: per sequence, one binary label per position and the
 * values of the input features {@code g_a(x_i)} at each position (0/1 for the papers' binary line
 * features; any real value is accepted by the model).
 *
 * <p>Labels are indices into {@link #labelStates()}: 0 or 1, or {@link #UNKNOWN} for positions of
 * test data whose label is to be predicted. Inside the model label 0 is the spin −1 and label 1 the
 * spin +1, so that the papers' features {@code t_i g_a(x_i)} and {@code t_i t_{i+1} g_a(x_i)} read
 * as written.
 *
 * @param labelStates the two label states' names, in order (spin −1 then +1)
 * @param inputNames the input features' names, in column order
 * @param sequences the sequences, in file order
 */
public record CrfData(List<String> labelStates, List<String> inputNames, List<Sequence> sequences) {
  /** The label of a position that is not known (test data). */
  public static final int UNKNOWN = -1;

  /**
   * One sequence.
   *
   * @param id its name (the sequence column's value, or the chunk number)
   * @param labels one per position: 0, 1 or {@link #UNKNOWN}. Not copied: not to be modified.
   * @param inputs {@code inputs[i][a]} = g_a(x_i). Not copied: not to be modified.
   */
  public record Sequence(String id, int[] labels, double[][] inputs) {
    public Sequence {
      if (labels.length == 0) {
        throw new InvalidInputException("sequence '" + id + "' is empty");
      }
      if (inputs.length != labels.length) {
        throw new InvalidInputException("sequence '" + id + "' has " + labels.length + " labels but " + inputs.length
            + " input rows");
      }
      for (int l : labels) {
        if (l != 0 && l != 1 && l != UNKNOWN) {
          throw new InvalidInputException("sequence '" + id + "': label index " + l + " is not 0, 1 or unknown");
        }
      }
    }

    /** The number of positions. */
    public int length() {
      return labels.length;
    }

    /** Whether every position has a label. */
    public boolean labelled() {
      for (int l : labels) {
        if (l == UNKNOWN) {
          return false;
        }
      }
      return true;
    }

    /** The labels as spins: label 0 → −1, label 1 → +1 (unknown → 0). */
    public int[] spins() {
      int[] s = new int[labels.length];
      for (int i = 0; i < s.length; i++) {
        s[i] = labels[i] == UNKNOWN ? 0 : 2 * labels[i] - 1;
      }
      return s;
    }
  }

  public CrfData {
    labelStates = List.copyOf(labelStates);
    inputNames = List.copyOf(inputNames);
    sequences = List.copyOf(sequences);
    if (labelStates.size() != 2) {
      throw new InvalidInputException("a linear-chain CRF needs exactly 2 label states (the papers' t = -1/+1), got "
          + labelStates.size() + ": " + labelStates);
    }
    if (sequences.isEmpty()) {
      throw new InvalidInputException("no sequences");
    }
    for (Sequence s : sequences) {
      for (double[] row : s.inputs()) {
        if (row.length != inputNames.size()) {
          throw new InvalidInputException("sequence '" + s.id() + "' has a row of " + row.length + " inputs, expected "
              + inputNames.size());
        }
        for (double v : row) {
          if (!Double.isFinite(v)) {
            throw new InvalidInputException("sequence '" + s.id() + "' has a non-finite input value");
          }
        }
      }
    }
  }

  /** The number of sequences N. */
  public int size() {
    return sequences.size();
  }

  /** The total number of positions. */
  public int positions() {
    int n = 0;
    for (Sequence s : sequences) {
      n += s.length();
    }
    return n;
  }

  /** The longest sequence's length. */
  public int maxLength() {
    int m = 0;
    for (Sequence s : sequences) {
      m = Math.max(m, s.length());
    }
    return m;
  }

  /** The sequences at these indices, in that order. */
  public CrfData subset(List<Integer> indices) {
    List<Sequence> out = new ArrayList<>();
    for (int i : indices) {
      out.add(sequences.get(i));
    }
    return new CrfData(labelStates, inputNames, out);
  }

  /** The same sequences with every input column dropped but these (by name, in this order). */
  public CrfData withInputs(List<String> names) {
    int[] cols = new int[names.size()];
    for (int k = 0; k < cols.length; k++) {
      cols[k] = inputNames.indexOf(names.get(k));
      if (cols[k] < 0) {
        throw new InvalidInputException("no input '" + names.get(k) + "' (inputs: " + String.join(",", inputNames) + ")");
      }
    }
    List<Sequence> out = new ArrayList<>();
    for (Sequence s : sequences) {
      double[][] x = new double[s.length()][cols.length];
      for (int i = 0; i < x.length; i++) {
        for (int k = 0; k < cols.length; k++) {
          x[i][k] = s.inputs()[i][cols[k]];
        }
      }
      out.add(new Sequence(s.id(), s.labels(), x));
    }
    return new CrfData(labelStates, names, out);
  }
}
