package org.occam.mrf.loglinear;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.mrf.PairwiseGraph;

/**
 * The structure of a hierarchical log-linear model on discrete variables with any number of states,
 *
 * <pre>
 *   p(x | λ) = exp(Σ_t Σ_c λ_{t,c} [x_t = c]) / Z(λ)
 * </pre>
 *
 * <p>with one term t per set of variables that interact, and <b>reference-state coding</b>: state 0
 * (the first label) of every variable is its reference, and a term over t has one parameter for each
 * configuration c of t in which <em>no</em> variable is at its reference state, {@code Π_{v∈t}(k_v − 1)}
 * of them. With the terms closed under subsets (hierarchical), this parameterisation is
 * identifiable: the model's distributions and λ correspond one to one.
 *
 * <p>Features are ordered term by term, in the order of {@link #terms()}; within a term, the
 * configurations are in row-major order over the term's variables (last variable fastest), each
 * variable running over its non-reference states 1 … k−1. The binary Boltzmann machine of
 * {@link org.occam.mrf.BoltzmannMachine} is the model {@link #pairwise} builds on two-state variables:
 * its features (x_i, then x_i x_j per edge) and this class's are the same, in the same order.
 *
 * <p>Immutable.
 */
public final class LogLinearStructure {
  private final List<Variable> variables;
  private final int[][] terms;
  private final int[] offsets;
  private final int featureCount;

  /**
   * @param variables the variables
   * @param terms the terms, each a set of variable indices (sorted here), in feature order; closed
   *     under non-empty subsets
   * @throws InvalidInputException for an empty or repeated term, an unknown index, or a set of terms
   *     that is not closed under subsets (not hierarchical)
   */
  public LogLinearStructure(List<Variable> variables, List<int[]> terms) {
    this.variables = List.copyOf(variables);
    if (this.variables.stream().map(Variable::name).distinct().count() != this.variables.size()) {
      throw new InvalidInputException("variable names must be distinct, got "
          + this.variables.stream().map(Variable::name).toList());
    }
    this.terms = new int[terms.size()][];
    Set<List<Integer>> seen = new LinkedHashSet<>();
    for (int t = 0; t < terms.size(); t++) {
      int[] term = terms.get(t).clone();
      Arrays.sort(term);
      if (term.length == 0) {
        throw new InvalidInputException("a log-linear term needs at least one variable");
      }
      for (int k = 0; k < term.length; k++) {
        if (term[k] < 0 || term[k] >= this.variables.size()) {
          throw new InvalidInputException("term " + t + " names variable " + term[k] + ", but there are "
              + this.variables.size());
        }
        if (k > 0 && term[k] == term[k - 1]) {
          throw new InvalidInputException("term " + t + " names variable " + name(term[k]) + " twice");
        }
      }
      if (!seen.add(asList(term))) {
        throw new InvalidInputException("term " + names(term) + " is given twice");
      }
      this.terms[t] = term;
    }
    for (int[] term : this.terms) {
      for (int drop = 0; drop < term.length && term.length > 1; drop++) {
        int[] sub = new int[term.length - 1];
        for (int k = 0, j = 0; k < term.length; k++) {
          if (k != drop) {
            sub[j++] = term[k];
          }
        }
        if (!seen.contains(asList(sub))) {
          throw new InvalidInputException("the terms are not hierarchical: " + names(term) + " is a term but "
              + names(sub) + " is not");
        }
      }
    }
    offsets = new int[this.terms.length + 1];
    for (int t = 0; t < this.terms.length; t++) {
      long size = 1;
      for (int v : this.terms[t]) {
        size *= this.variables.get(v).cardinality() - 1;
      }
      if (offsets[t] + size > Integer.MAX_VALUE / 2) {
        throw new InvalidInputException("the model has too many parameters (term " + names(this.terms[t]) + ")");
      }
      offsets[t + 1] = offsets[t] + (int) size;
    }
    featureCount = offsets[this.terms.length];
  }

  /**
   * The hierarchical model with the given generators: every non-empty subset of every generator is a
   * term; terms are ordered by size, then by their variables' positions. Every variable must be in
   * some generator (a variable on its own is the generator of its main effect).
   */
  public static LogLinearStructure ofGenerators(List<Variable> variables, List<int[]> generators) {
    TreeSet<int[]> closure = new TreeSet<>(TERM_ORDER);
    boolean[] covered = new boolean[variables.size()];
    for (int[] g : generators) {
      int[] sorted = g.clone();
      Arrays.sort(sorted);
      for (int k = 1; k < sorted.length; k++) {
        if (sorted[k] == sorted[k - 1]) {
          throw new InvalidInputException("a generator names variable " + variables.get(sorted[k]).name() + " twice");
        }
      }
      if (sorted.length > 30) {
        throw new InvalidInputException("a generator of " + sorted.length + " variables is too large");
      }
      for (int mask = 1; mask < (1 << sorted.length); mask++) {
        int[] sub = new int[Integer.bitCount(mask)];
        for (int k = 0, j = 0; k < sorted.length; k++) {
          if ((mask & (1 << k)) != 0) {
            sub[j++] = sorted[k];
          }
        }
        closure.add(sub);
      }
      for (int v : sorted) {
        covered[v] = true;
      }
    }
    for (int v = 0; v < variables.size(); v++) {
      if (!covered[v]) {
        throw new InvalidInputException("variable " + variables.get(v).name() + " is in no generator; add it as a"
            + " generator of its own (" + variables.get(v).name() + ")");
      }
    }
    return new LogLinearStructure(variables, new ArrayList<>(closure));
  }

  /**
   * The model of generators written as on the command line: generators separated by {@code ,} or
   * {@code +}, the variables of one separated by {@code *} or {@code :} ({@code "A*C*E + A*D*E"},
   * {@code "Class*Survived,Sex*Survived,Age"}); when every variable's name is one character, a
   * generator may also run them together ({@code "ACE,ADE,BC,F"}).
   *
   * @throws InvalidInputException naming an unknown variable and the known ones
   */
  public static LogLinearStructure parse(List<Variable> variables, String spec) {
    Objects.requireNonNull(spec, "spec");
    List<String> names = variables.stream().map(Variable::name).toList();
    boolean singleCharacters = names.stream().allMatch(n -> n.length() == 1);
    List<int[]> generators = new ArrayList<>();
    for (String g : spec.split("[,+]")) {
      String generator = g.trim();
      if (generator.isEmpty()) {
        throw new InvalidInputException("empty generator in \"" + spec + "\"");
      }
      List<String> parts = new ArrayList<>();
      for (String p : generator.split("[*:]")) {
        parts.add(p.trim());
      }
      if (parts.size() == 1 && !names.contains(parts.get(0)) && singleCharacters) {
        parts = generator.codePoints().mapToObj(Character::toString).toList();
      }
      int[] ids = new int[parts.size()];
      for (int k = 0; k < ids.length; k++) {
        ids[k] = names.indexOf(parts.get(k));
        if (ids[k] < 0) {
          throw new InvalidInputException("generator \"" + generator + "\" names unknown variable \"" + parts.get(k)
              + "\"; the variables are " + String.join(", ", names));
        }
      }
      generators.add(ids);
    }
    return ofGenerators(variables, generators);
  }

  /**
   * The pairwise model of a graph: every variable's main effect, then one term per edge in the
   * graph's edge order. On two-state variables this is the Boltzmann machine on the graph.
   */
  public static LogLinearStructure pairwise(List<Variable> variables, PairwiseGraph graph) {
    if (graph.vertexCount() != variables.size()) {
      throw new IllegalArgumentException("the graph has " + graph.vertexCount() + " vertices for "
          + variables.size() + " variables");
    }
    List<int[]> terms = new ArrayList<>();
    for (int v = 0; v < variables.size(); v++) {
      terms.add(new int[] {v});
    }
    for (int e = 0; e < graph.edgeCount(); e++) {
      terms.add(new int[] {graph.edgeFrom(e), graph.edgeTo(e)});
    }
    return new LogLinearStructure(variables, terms);
  }

  /** Smaller terms first, then by their variables' positions. */
  static final Comparator<int[]> TERM_ORDER = (a, b) -> a.length != b.length ? Integer.compare(a.length, b.length)
      : Arrays.compare(a, b);

  public List<Variable> variables() {
    return variables;
  }

  public int variableCount() {
    return variables.size();
  }

  /** The number of states of variable v. */
  public int cardinality(int v) {
    return variables.get(v).cardinality();
  }

  public int termCount() {
    return terms.length;
  }

  /** Term t's variables, sorted (a fresh array). */
  public int[] term(int t) {
    return terms[t].clone();
  }

  /** The terms, in feature order (fresh arrays). */
  public List<int[]> terms() {
    List<int[]> out = new ArrayList<>();
    for (int[] t : terms) {
      out.add(t.clone());
    }
    return out;
  }

  /** The first feature of term t. */
  public int offset(int t) {
    return offsets[t];
  }

  /** The number of features (parameters) of term t. */
  public int termSize(int t) {
    return offsets[t + 1] - offsets[t];
  }

  /** F, the number of parameters. */
  public int featureCount() {
    return featureCount;
  }

  /** The number of joint states Π k_v (a double, since it may overflow a long). */
  public double jointStates() {
    double s = 1;
    for (Variable v : variables) {
      s *= v.cardinality();
    }
    return s;
  }

  /**
   * The feature of term t that is on for a full assignment, or −1 when some variable of t is at its
   * reference state (then no feature of t is on).
   */
  public int activeFeature(int t, int[] x) {
    int index = 0;
    for (int v : terms[t]) {
      int s = x[v];
      if (s == 0) {
        return -1;
      }
      index = index * (variables.get(v).cardinality() - 1) + (s - 1);
    }
    return offsets[t] + index;
  }

  /**
   * The features that are on for a full assignment, written to {@code out} (length at least the number
   * of terms).
   *
   * @return how many were written
   */
  public int activeFeatures(int[] x, int[] out) {
    int n = 0;
    for (int t = 0; t < terms.length; t++) {
      int a = activeFeature(t, x);
      if (a >= 0) {
        out[n++] = a;
      }
    }
    return n;
  }

  /** The generators: the terms that are in no larger term, in feature order. */
  public List<int[]> generators() {
    List<int[]> out = new ArrayList<>();
    for (int[] t : terms) {
      boolean maximal = true;
      for (int[] u : terms) {
        if (u.length > t.length && contains(u, t)) {
          maximal = false;
          break;
        }
      }
      if (maximal) {
        out.add(t.clone());
      }
    }
    return out;
  }

  /** The generators as on the command line, e.g. {@code smoke*phys*protein,mental*phys}. */
  public String generatorString() {
    List<String> out = new ArrayList<>();
    for (int[] g : generators()) {
      out.add(String.join("*", names(g)));
    }
    return String.join(",", out);
  }

  /** The interaction graph: variables joined when some term holds both (edges in order of first appearance). */
  public PairwiseGraph interactionGraph() {
    int n = variables.size();
    boolean[][] adjacent = new boolean[n][n];
    List<int[]> edges = new ArrayList<>();
    for (int[] term : terms) {
      for (int i = 0; i < term.length; i++) {
        for (int j = i + 1; j < term.length; j++) {
          if (!adjacent[term[i]][term[j]]) {
            adjacent[term[i]][term[j]] = true;
            edges.add(new int[] {term[i], term[j]});
          }
        }
      }
    }
    return new PairwiseGraph(n, edges.toArray(new int[0][]));
  }

  /** Whether every term has at most two variables. */
  public boolean isPairwise() {
    return Arrays.stream(terms).allMatch(t -> t.length <= 2);
  }

  /** The names of some variables. */
  public List<String> names(int[] vars) {
    return FactorModel.names(variables, vars);
  }

  private String name(int v) {
    return variables.get(v).name();
  }

  private static boolean contains(int[] sortedSuper, int[] sortedSub) {
    int i = 0;
    for (int v : sortedSuper) {
      if (i < sortedSub.length && sortedSub[i] == v) {
        i++;
      }
    }
    return i == sortedSub.length;
  }

  private static List<Integer> asList(int[] a) {
    return Arrays.stream(a).boxed().toList();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LogLinearStructure s) || !variables.equals(s.variables) || terms.length != s.terms.length) {
      return false;
    }
    for (int t = 0; t < terms.length; t++) {
      if (!Arrays.equals(terms[t], s.terms[t])) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = variables.hashCode();
    for (int[] t : terms) {
      h = 31 * h + Arrays.hashCode(t);
    }
    return h;
  }

  @Override
  public String toString() {
    return "LogLinearStructure[" + generatorString() + "; F=" + featureCount + "]";
  }
}
