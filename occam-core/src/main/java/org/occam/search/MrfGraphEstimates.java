package org.occam.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.loglinear.LogLinearInference;
import org.occam.mrf.loglinear.LogLinearMethods;
import org.occam.mrf.loglinear.LogLinearProblem;
import org.occam.mrf.loglinear.LogLinearStructure;

/**
 * The estimates of a graph's pairwise model by named methods, as the structure commands (rank,
 * search) score it: on binary data the Boltzmann machine ({@link MrfProblem}), on data with more
 * states the pairwise log-linear model ({@link LogLinearStructure#pairwise}: every variable's main
 * effect and one interaction term per edge, scored by {@link LogLinearMethods}), which on binary
 * data is the Boltzmann machine. Thread-safe: each call builds its own problem.
 */
public final class MrfGraphEstimates {
  private final Dataset data;
  private final boolean binary;
  private final MrfScoreSettings settings;
  private final long seed;

  /**
   * @param methods the methods that will be asked for (checked here: on multi-state data only those
   *     {@link LogLinearMethods} has)
   * @throws InvalidInputException naming a method that does not take multi-state variables
   */
  public MrfGraphEstimates(Dataset data, List<? extends EvidenceMethod<?>> methods, MrfScoreSettings settings,
      long seed) {
    this.data = Objects.requireNonNull(data, "data");
    this.binary = data.variables().stream().allMatch(v -> v.cardinality() == 2);
    this.settings = Objects.requireNonNull(settings, "settings");
    this.seed = seed;
    if (!binary) {
      List<String> multi = new ArrayList<>();
      data.variables().stream().filter(v -> v.cardinality() != 2).forEach(v -> multi.add(v.name() + " ("
          + v.cardinality() + " states)"));
      for (EvidenceMethod<?> m : methods) {
        if (LogLinearMethods.REGISTRY.all().stream().noneMatch(l -> l.name().equals(m.name()))
            || m.name().equals("exact")) {
          throw new InvalidInputException("method " + m.name() + " scores binary variables only, and the data have "
              + String.join(", ", multi) + "; on them the pairwise models are scored by " + String.join(",",
              LogLinearMethods.REGISTRY.all().stream().map(EvidenceMethod::name).filter(n -> !n.equals("exact"))
              .toList()));
        }
      }
    }
  }

  /** Whether every variable has two states (then the Boltzmann machine is scored). */
  public boolean binary() {
    return binary;
  }

  /**
   * Refuses, before any work, a model too large for exact inference on the complete graph (the
   * densest a ranking reaches); on binary data the caller's {@code ExactInferenceLimit} does this.
   */
  public void requireExactInference(PairwiseGraph densest) {
    if (!binary) {
      LogLinearInference.require(LogLinearStructure.pairwise(data.variables(), densest));
    }
  }

  /** The estimates of the graph's pairwise model, by the methods of those names, in order. */
  public List<EvidenceEstimate> estimate(PairwiseGraph g, List<? extends EvidenceMethod<?>> methods) {
    if (methods.isEmpty()) {
      return List.of();
    }
    if (binary) {
      List<EvidenceMethod<MrfProblem>> bm = new ArrayList<>();
      for (EvidenceMethod<?> m : methods) {
        bm.add(org.occam.mrf.methods.MrfMethods.get(m.name()));
      }
      return MrfProblem.of(g, data, settings, seed).estimate(bm);
    }
    List<EvidenceMethod<LogLinearProblem>> ll = new ArrayList<>();
    for (EvidenceMethod<?> m : methods) {
      ll.add(LogLinearMethods.get(m.name()));
    }
    List<Variable> vars = data.variables();
    return new LogLinearProblem(LogLinearStructure.pairwise(vars, g), data, settings, seed).estimate(ll);
  }
}
