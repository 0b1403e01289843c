package org.occam.mrf.posterior;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.occam.data.InvalidInputException;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.PairwiseGraph;
import org.occam.sampling.PosteriorSampler;

/**
 * The posterior samplers of Boltzmann-machine parameters (Welling &amp; Parise 2006, section 7), in
 * the order help texts list them. Adding a sampler is one class and one line here.
 *
 * <p>Draws are named {@code b:A} for the bias of variable A and {@code w:A-B} for the weight of the
 * edge A–B ({@link #parameterNames}), with the variables' names from the data when the problem's
 * data were read from rows ({@link org.occam.mrf.MrfData#table()}), else their indices
 * ({@code b:0}, {@code w:0-1}).
 */
public final class MrfPosteriorSamplers {
  /** Every sampler: bl-mp, bl-bp, lv-cd, mc-bp, hmc. */
  public static final List<PosteriorSampler<MrfProblem>> ALL = List.of(
      new BetheLaplaceMp(),
      new BetheLaplaceBp(),
      new LangevinContrastiveDivergence(),
      new BetheMetropolis(),
      new MrfHamiltonianMonteCarlo());

  private MrfPosteriorSamplers() {}

  /**
   * The sampler of that name (case-insensitive).
   *
   * @throws InvalidInputException for an unknown name, listing the known ones
   */
  public static PosteriorSampler<MrfProblem> get(String name) {
    String key = name.trim().toLowerCase(Locale.ROOT);
    for (PosteriorSampler<MrfProblem> s : ALL) {
      if (s.name().equals(key)) {
        return s;
      }
    }
    throw new InvalidInputException("unknown MRF posterior sampler '" + name + "'; expected one of "
        + String.join(", ", ALL.stream().map(PosteriorSampler::name).toList()));
  }

  /** Samplers by a comma-separated list of names. */
  public static List<PosteriorSampler<MrfProblem>> parseList(String list) {
    List<PosteriorSampler<MrfProblem>> out = new ArrayList<>();
    for (String n : list.split(",")) {
      if (!n.isBlank()) {
        out.add(get(n));
      }
    }
    if (out.isEmpty()) {
      throw new InvalidInputException("no posterior sampler named in '" + list + "'");
    }
    return out;
  }

  /**
   * The parameters' names in feature order: {@code b:A} per vertex, then {@code w:A-B} per edge
   * (A the smaller vertex).
   *
   * @param variableNames one per vertex, or null for the vertex indices
   */
  public static List<String> parameterNames(PairwiseGraph g, List<String> variableNames) {
    int v = g.vertexCount();
    if (variableNames != null && variableNames.size() != v) {
      throw new InvalidInputException("the graph has " + v + " variables but " + variableNames.size()
          + " names were given");
    }
    List<String> out = new ArrayList<>(v + g.edgeCount());
    for (int i = 0; i < v; i++) {
      out.add("b:" + name(variableNames, i));
    }
    for (int e = 0; e < g.edgeCount(); e++) {
      out.add("w:" + name(variableNames, g.edgeFrom(e)) + "-" + name(variableNames, g.edgeTo(e)));
    }
    return out;
  }

  private static String name(List<String> names, int i) {
    return names == null ? Integer.toString(i) : names.get(i);
  }

  /** The parameters' names of a problem: the data's variable names when known, else indices. */
  static List<String> parameterNames(MrfProblem problem) {
    var table = problem.data().table();
    return parameterNames(problem.graph(), table == null ? null : table.names());
  }
}
