package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.data.ColumnSpec;
import org.occam.data.CsvDatasetReader;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.io.DagModelFile;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The data and hidden variables of the DAG structure commands ({@code dag rank}, {@code dag search}):
 * the CSV file, its weight column, how many hidden variables with how many states, and the
 * observed variables' states (from {@code --states}, a true model, or inferred from the data).
 */
final class DagDataOptions {
  @Option(names = "--data", required = true, paramLabel = "D.csv", description = "CSV with a header naming the observed variables.")
  Path data;

  @Option(names = "--weight-column", paramLabel = "COL", description = "A column of row counts (e.g. Freq).")
  String weightColumn;

  @Option(names = "--hidden", paramLabel = "K", description = "Number of hidden variables (default: those of --true).")
  Integer hidden;

  @Option(names = "--hidden-states", paramLabel = "S[,S…]", split = ",",
      description = "States of each hidden variable: one number for all, or one per hidden variable (default: 2).")
  List<Integer> hiddenStates;

  @Option(names = "--states", paramLabel = "NAME=K", split = ",",
      description = "Declare observed variables' state counts: their cells must then be the integers 0..K-1."
          + " Variables not named here (and all, without this or --true) have their states inferred from the"
          + " data, which misses states no row shows.")
  Map<String, Integer> states;

  @Mixin
  DataReadOptions reading;

  /** The data read against the hidden variables, which come first in every structure. */
  record Loaded(Dataset data, List<Variable> hidden) {}

  /**
   * Reads the data. Says on {@code err} when the observed variables' states were inferred.
   *
   * @param truth the true model (declares the hidden variables and the states), or null
   * @param minHidden the fewest hidden variables the command accepts
   */
  Loaded read(DagModelFile.Loaded truth, int minHidden, PrintWriter err) {
    List<Variable> hiddenVars = hiddenVariables(truth == null ? null : truth.model(), minHidden);
    Set<String> hiddenNames = new HashSet<>();
    hiddenVars.forEach(v -> hiddenNames.add(v.name()));
    Dataset d = reading.read(data, columnSpecs(truth, hiddenNames), hiddenNames, weightColumn, err);
    if (truth == null && states == null) {
      List<String> inferred = new ArrayList<>();
      for (Variable v : d.variables()) {
        inferred.add(v.name() + "=" + v.cardinality());
      }
      err.println("occam: states inferred from the data (" + String.join(", ", inferred)
          + "); declare them with --states or --true if some states do not occur");
    }
    return new Loaded(d, hiddenVars);
  }

  private List<Variable> hiddenVariables(DagModel truth, int minHidden) {
    List<Variable> fromTruth = new ArrayList<>();
    if (truth != null) {
      DagStructure s = truth.structure();
      for (int j : s.hiddenVariables()) {
        fromTruth.add(s.variable(j));
      }
    }
    if (hidden == null && truth == null) {
      throw new InvalidInputException("say how many hidden variables with --hidden K (or give --true M.json)");
    }
    int k = hidden != null ? hidden : fromTruth.size();
    if (k < minHidden) {
      throw new InvalidInputException("--hidden must be >= " + minHidden + ", got " + k);
    }
    if (truth != null && k != fromTruth.size()) {
      throw new InvalidInputException("--hidden " + k + " but the true model has " + fromTruth.size()
          + " hidden variables");
    }
    List<Integer> card = new ArrayList<>();
    if (hiddenStates == null || hiddenStates.isEmpty()) {
      for (int i = 0; i < k; i++) {
        card.add(truth != null ? fromTruth.get(i).cardinality() : 2);
      }
    } else if (hiddenStates.size() == 1) {
      for (int i = 0; i < k; i++) {
        card.add(hiddenStates.get(0));
      }
    } else if (hiddenStates.size() == k) {
      card.addAll(hiddenStates);
    } else {
      throw new InvalidInputException("--hidden-states needs one number or " + k + ", got " + hiddenStates);
    }
    List<Variable> out = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      if (card.get(i) < 2) {
        throw new InvalidInputException("a hidden variable needs at least 2 states, got " + card.get(i));
      }
      if (truth != null && card.get(i) != fromTruth.get(i).cardinality()) {
        throw new InvalidInputException("--hidden-states " + card + " disagrees with the true model's hidden "
            + "variables " + fromTruth.stream().map(v -> v.name() + "=" + v.cardinality()).toList());
      }
      out.add(truth != null ? fromTruth.get(i) : Variable.withCount("h" + (i + 1), card.get(i)));
    }
    return out;
  }

  private List<ColumnSpec> columnSpecs(DagModelFile.Loaded truth, Set<String> hiddenNames) {
    if (truth != null) {
      if (states != null) {
        throw new InvalidInputException("give the observed variables' states by --true or by --states, not both");
      }
      return truth.observedColumns();
    }
    return declaredStates(states, hiddenNames, data, weightColumn);
  }

  /**
   * The column specs of {@code --states NAME=K,…} (null when not given): a count for each variable
   * named, inferred states for the data's other columns. Refuses counts below 1, hidden variables'
   * names and names that are no column of the data, naming the option.
   */
  static List<ColumnSpec> declaredStates(Map<String, Integer> states, Set<String> hiddenNames, Path data,
      String weightColumn) {
    if (states == null) {
      return null;
    }
    for (var e : states.entrySet()) {
      if (e.getValue() == null || e.getValue() < 1) {
        throw new InvalidInputException("--states " + e.getKey() + "=" + e.getValue() + ": need a count >= 1");
      }
      if (hiddenNames.contains(e.getKey())) {
        throw new InvalidInputException("--states names hidden variable " + e.getKey());
      }
    }
    List<String> header = CsvDatasetReader.header(data);
    for (String name : states.keySet()) {
      if (!header.contains(name) || name.equals(weightColumn)) {
        throw new InvalidInputException("--states names " + name + ", which is not a variable of " + data
            + " (its columns: " + String.join(", ", header) + ")");
      }
    }
    List<ColumnSpec> specs = new ArrayList<>();
    for (String h : header) {
      if (h.equals(weightColumn)) {
        continue;
      }
      Integer k = states.get(h);
      specs.add(k != null ? ColumnSpec.count(h, k) : ColumnSpec.inferred(h));
    }
    return specs;
  }
}
