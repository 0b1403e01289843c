package org.occam.search;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.dag.DagProblem;
import org.occam.evidence.EvidenceMethod;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagScorer;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.dag.HiddenStateEnumeration;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;

/**
 * The order of a latent class model — one hidden variable, the parent of every observed variable
 * (Lazarsfeld's latent class analysis; Beal 2003, section 6.5 scores such discrete hidden-variable
 * structures) — chosen by the evidence: the model with s hidden states is scored for each s of a
 * range by any of the DAG scores ({@link DagScorer}, with its alias correction ln s!), and
 * {@link OrderSelection} picks s per method.
 *
 * <p>One hidden state is the independence model: the hidden variable carries no information and
 * has no free parameters, so every score is that of the observed variables without parents (the
 * tests check VB against the closed-form evidence there).
 *
 * <p>The model with s states draws its EM/VBEM restarts from the s-th stream split off the seed's
 * root stream, whatever the range, so a selection extended to more states reproduces the scores
 * it already had.
 */
public final class LatentClassOrders {
  private final Dataset data;
  private final double lambda;
  private final List<EvidenceMethod<DagProblem>> methods;
  private final DagScoreSettings settings;
  private final long seed;

  /**
   * @param data the observed variables
   * @param lambda the symmetric Dirichlet λ of every CPT row
   * @param methods the scores, in the order reported
   * @param settings restarts, iteration limits, AIS settings…
   * @param seed the seed of every model's restarts
   */
  public LatentClassOrders(Dataset data, double lambda, List<? extends EvidenceMethod<DagProblem>> methods,
      DagScoreSettings settings,
      long seed) {
    if (!(lambda > 0) || Double.isInfinite(lambda)) {
      throw new InvalidInputException("the Dirichlet λ must be a finite number > 0, got " + lambda);
    }
    if (methods.isEmpty()) {
      throw new InvalidInputException("give at least one method");
    }
    this.data = Objects.requireNonNull(data, "data");
    this.lambda = lambda;
    this.methods = List.copyOf(methods);
    this.settings = Objects.requireNonNull(settings, "settings");
    this.seed = seed;
  }

  /**
   * The latent class structure: {@code hiddenVariables} hidden variables with {@code states} states
   * each (named h, or h1, h2, … when there are several; an underscore is appended while a name is
   * taken by an observed variable), listed first, each a parent of every observed variable.
   */
  public static DagStructure structure(List<Variable> observed, int hiddenVariables, int states) {
    if (hiddenVariables < 1 || states < 1) {
      throw new InvalidInputException("need at least one hidden variable with at least one state, got "
          + hiddenVariables + " with " + states);
    }
    List<Variable> vars = new ArrayList<>();
    for (int h = 0; h < hiddenVariables; h++) {
      String name = hiddenVariables == 1 ? "h" : "h" + (h + 1);
      while (taken(observed, name)) {
        name = name + "_";
      }
      vars.add(Variable.withCount(name, states));
    }
    vars.addAll(observed);
    int k = hiddenVariables;
    boolean[] hidden = new boolean[vars.size()];
    int[][] parents = new int[vars.size()][];
    int[] all = java.util.stream.IntStream.range(0, k).toArray();
    for (int j = 0; j < vars.size(); j++) {
      hidden[j] = j < k;
      parents[j] = j < k ? new int[0] : all.clone();
    }
    return DagStructure.of(vars, hidden, parents);
  }

  private static boolean taken(List<Variable> observed, String name) {
    return observed.stream().anyMatch(v -> v.name().equals(name));
  }

  /** The methods' names, in order. */
  public List<String> methodNames() {
    return methods.stream().map(EvidenceMethod::name).toList();
  }

  /** The model with {@code states} hidden states, scored (thread-safe). */
  public List<EvidenceEstimate> score(int states) {
    return score(1, states);
  }

  /**
   * The model with {@code hiddenVariables} hidden variables of {@code states} states each, scored
   * with the restarts of the stream numbered by the pair (thread-safe). With one state it is the
   * independence model whatever the number of hidden variables, and is scored with one: permuting
   * one-state variables relabels nothing, so there is no alias to correct for.
   */
  public List<EvidenceEstimate> score(int hiddenVariables, int states) {
    DagStructure s = structure(data.variables(), states == 1 ? 1 : hiddenVariables, states);
    var compiled = new HiddenStateEnumeration(s, data, settings.configurationLimit());
    return DagScorer.score(compiled, DirichletPrior.uniform(s.size(), lambda), settings,
        stream(hiddenVariables, states), seed, methods);
  }

  /** A fresh stream for the pair: the states-th split of the hiddenVariables-th split of the root. */
  private SplittableUniformRandomProvider stream(int hiddenVariables, int states) {
    SplittableUniformRandomProvider root = RandomStreams.fromSeed(seed);
    SplittableUniformRandomProvider perCount = RandomStreams.split(root, hiddenVariables).get(hiddenVariables - 1);
    return RandomStreams.split(perCount, states).get(states - 1);
  }

  /** The selection of the number of states of one hidden variable, {@code threads} models at a time. */
  public OrderSelection<List<EvidenceEstimate>> selection(int threads) {
    return selection(1, threads);
  }

  /** The selection of the number of states of each of {@code hiddenVariables} hidden variables. */
  public OrderSelection<List<EvidenceEstimate>> selection(int hiddenVariables, int threads) {
    return new OrderSelection<>(1, states -> score(hiddenVariables, states), OrderSelection::scoresOf, threads);
  }
}
