package org.occam.io;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Optional;
import java.util.Set;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.mrf.PairwiseGraph;

/**
 * Structures given on the command line instead of in a model file: an edge list
 * {@code a-b,b-c} over a data set's binary columns (a Boltzmann machine, as {@link BoltzmannModelFile}
 * would read it) and a parent list {@code y1<-h1;y2<-h1,h2} over its columns and hidden variables (a
 * DAG, as {@link DagModelFile} would read it). Every mistake is a one-line
 * {@link InvalidInputException} that names the option.
 */
public final class CommandLineStructures {
  private CommandLineStructures() {}

  /** The number of states of a hidden variable that {@code --hidden-states} does not mention. */
  public static final int DEFAULT_HIDDEN_STATES = 2;

  /**
   * A Boltzmann machine on the data's variables (each with its two labels, in data order) with the
   * edges of {@code spec}, as a model file with those variables and edges would read: no prior, no
   * parameters, 0/1 form.
   *
   * @param spec comma-separated {@code a-b} pairs of column names; empty for no edges
   * @param option the option's name, for messages
   */
  public static BoltzmannModelFile.Loaded boltzmann(List<Variable> variables, String spec, String option) {
    List<String> names = variables.stream().map(Variable::name).toList();
    return new BoltzmannModelFile.Loaded(variables, new PairwiseGraph(names.size(), edges(spec, names, option)), false,
        OptionalDouble.empty(), Optional.empty());
  }

  /**
   * The edges of {@code a-b,b-c,…} as index pairs into {@code names}. A name may itself contain
   * {@code -} as long as only one split of the pair gives two known names.
   */
  public static int[][] edges(String spec, List<String> names, String option) {
    if (spec.isBlank()) {
      return new int[0][];
    }
    Map<String, Integer> index = new LinkedHashMap<>();
    for (int j = 0; j < names.size(); j++) {
      index.put(names.get(j), j);
    }
    String[] tokens = spec.split(",", -1);
    int[][] out = new int[tokens.length][];
    Map<Long, String> seen = new LinkedHashMap<>();
    for (int e = 0; e < tokens.length; e++) {
      String t = tokens[e].trim();
      int[] pair = null;
      List<String> readings = new ArrayList<>();
      for (int at = t.indexOf('-'); at >= 0; at = t.indexOf('-', at + 1)) {
        String a = t.substring(0, at).trim();
        String b = t.substring(at + 1).trim();
        if (index.containsKey(a) && index.containsKey(b)) {
          pair = new int[] {index.get(a), index.get(b)};
          readings.add(a + " - " + b);
        }
      }
      if (t.isEmpty() || t.indexOf('-') < 0) {
        throw new InvalidInputException(option + ": '" + t + "' is not an edge; write edges as a-b,b-c");
      }
      if (readings.size() > 1) {
        throw new InvalidInputException(option + ": edge '" + t + "' can be read as " + String.join(" or ", readings));
      }
      if (pair == null) {
        int at = t.indexOf('-');
        String a = t.substring(0, at).trim();
        String unknown = index.containsKey(a) ? t.substring(at + 1).trim() : a;
        throw new InvalidInputException(option + ": unknown variable '" + unknown + "' in edge '" + t
            + "' (the data's columns: " + String.join(", ", names) + ")");
      }
      if (pair[0] == pair[1]) {
        throw new InvalidInputException(option + ": edge '" + t + "' is a self-loop; an edge joins two different"
            + " variables");
      }
      long key = (long) Math.min(pair[0], pair[1]) * names.size() + Math.max(pair[0], pair[1]);
      String before = seen.put(key, t);
      if (before != null) {
        throw new InvalidInputException(option + ": edge '" + t + "' is given twice (also as '" + before + "')");
      }
      out[e] = pair;
    }
    return out;
  }

  /**
   * A DAG from {@code child<-parent,parent;…}: its variables are the hidden ones (the parents, and
   * children, that are not data columns, in order of first mention), then the data's variables in
   * data order; a data column that is nobody's child has no parents.
   *
   * @param observed the data's variables, with their states
   * @param spec the parent list
   * @param hiddenStates states of named hidden variables; the others get {@link #DEFAULT_HIDDEN_STATES}
   * @param lambda the Dirichlet λ of every CPT row (Beal's uniform prior at 1)
   * @param option the option's name, for messages
   * @param hiddenOption the name of the option that gives hidden variables' states, for messages
   */
  public static DagModel dag(List<Variable> observed, String spec, Map<String, Integer> hiddenStates, double lambda,
      String option, String hiddenOption) {
    Set<String> columns = new HashSet<>();
    observed.forEach(v -> columns.add(v.name()));
    Map<String, List<String>> parentsOf = new LinkedHashMap<>();
    List<String> hiddenNames = new ArrayList<>();
    for (String clause : spec.split(";", -1)) {
      String c = clause.trim();
      if (c.isEmpty() && spec.isBlank()) {
        continue;
      }
      int arrow = c.indexOf("<-");
      if (arrow < 0 || c.indexOf("<-", arrow + 2) >= 0) {
        throw new InvalidInputException(option + ": '" + c + "' is not child<-parent,parent; write e.g. \"y1<-h1;y2<-h1,h2\"");
      }
      String child = c.substring(0, arrow).trim();
      checkName(child, c, option);
      if (parentsOf.containsKey(child)) {
        throw new InvalidInputException(option + ": the parents of " + child + " are given twice; list them in one clause");
      }
      List<String> parents = new ArrayList<>();
      String rest = c.substring(arrow + 2).trim();
      if (!rest.isEmpty()) {
        for (String p : rest.split(",", -1)) {
          String name = p.trim();
          checkName(name, c, option);
          if (name.equals(child)) {
            throw new InvalidInputException(option + ": " + child + " cannot be its own parent");
          }
          if (parents.contains(name)) {
            throw new InvalidInputException(option + ": parent " + name + " of " + child + " is given twice");
          }
          parents.add(name);
        }
      }
      for (String n : concat(child, parents)) {
        if (!columns.contains(n) && !hiddenNames.contains(n)) {
          hiddenNames.add(n);
        }
      }
      parentsOf.put(child, parents);
    }
    for (String h : hiddenStates.keySet()) {
      if (!hiddenNames.contains(h)) {
        throw new InvalidInputException(hiddenOption + ": " + h + (columns.contains(h) ? " is a data column, not a"
            + " hidden variable" : " is not a variable of " + option) + " (hidden variables: "
            + (hiddenNames.isEmpty() ? "none" : String.join(", ", hiddenNames)) + ")");
      }
    }
    List<Variable> variables = new ArrayList<>();
    for (String h : hiddenNames) {
      int k = hiddenStates.getOrDefault(h, DEFAULT_HIDDEN_STATES);
      if (k < 2 || k > DagModelFile.MAX_STATES) {
        throw new InvalidInputException(hiddenOption + ": hidden variable " + h + " needs 2 to " + DagModelFile.MAX_STATES
            + " states, got " + k);
      }
      variables.add(Variable.withCount(h, k));
    }
    variables.addAll(observed);
    Map<String, Integer> index = new LinkedHashMap<>();
    for (int j = 0; j < variables.size(); j++) {
      index.put(variables.get(j).name(), j);
    }
    boolean[] hidden = new boolean[variables.size()];
    for (int j = 0; j < hiddenNames.size(); j++) {
      hidden[j] = true;
    }
    int[][] parents = new int[variables.size()][];
    for (int j = 0; j < variables.size(); j++) {
      List<String> ps = parentsOf.getOrDefault(variables.get(j).name(), List.of());
      parents[j] = ps.stream().mapToInt(index::get).toArray();
    }
    String tooBig = DagModelFile.tableSizeProblem(variables, parents);
    if (tooBig != null) {
      throw new InvalidInputException(option + ": " + tooBig);
    }
    DagStructure structure;
    try {
      structure = DagStructure.of(variables, hidden, parents);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(option + ": " + e.getMessage());
    }
    for (int j = 0; j < hiddenNames.size(); j++) {
      if (!structure.hasObservedDescendant(j)) {
        throw new InvalidInputException(option + ": " + hiddenNames.get(j) + " is not a data column, so it is hidden,"
            + " but no data column descends from it (a misspelt column? the columns: "
            + String.join(", ", observed.stream().map(Variable::name).toList()) + ")");
      }
    }
    if (!(lambda > 0) || Double.isInfinite(lambda)) {
      throw new InvalidInputException("the Dirichlet λ must be a finite number > 0, got " + lambda);
    }
    return new DagModel(structure, DirichletPrior.uniform(variables.size(), lambda), null);
  }

  private static void checkName(String name, String clause, String option) {
    if (name.isEmpty() || name.contains(",") || name.contains(";")) {
      throw new InvalidInputException(option + ": a variable name is missing in '" + clause
          + "'; write e.g. \"y1<-h1;y2<-h1,h2\"");
    }
  }

  private static List<String> concat(String first, List<String> rest) {
    List<String> out = new ArrayList<>();
    out.add(first);
    out.addAll(rest);
    return out;
  }
}
