package org.occam.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.occam.sampling.ParameterSpaceAis;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.mrf.MrfData;
import org.occam.mrf.MrfMethod;
import org.occam.mrf.MrfQuadrature;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.MrfScorer;
import org.occam.mrf.PairwiseGraph;

/**
 * Runs the Boltzmann-machine methods a command asks for, in the order asked: the Laplace family
 * ({@link MrfMethod#handledByScorer()}) in one {@link MrfScorer} run that shares its optimisations,
 * and the separate estimators ({@code ais}, {@code quadrature}) one by one through
 * {@link #separate}.
 */
final class MrfEstimators {
  /** The separate estimators wired into {@link #separate}. */
  private static final Set<MrfMethod> SEPARATE_AVAILABLE = EnumSet.of(MrfMethod.AIS, MrfMethod.QUADRATURE);

  private MrfEstimators() {}

  /** Fails before any work if a method cannot be computed by this build. */
  static void requireAvailable(List<MrfMethod> methods) {
    for (MrfMethod m : methods) {
      if (!m.handledByScorer() && !SEPARATE_AVAILABLE.contains(m)) {
        throw unavailable(m);
      }
    }
  }

  /**
   * The estimates of {@code methods} for one structure, in the order given.
   *
   * @param seed the seed of the sampling-based estimators
   */
  static List<EvidenceEstimate> score(PairwiseGraph graph, MrfData data, List<MrfMethod> methods,
      MrfScoreSettings settings, long seed) {
    requireAvailable(methods);
    List<MrfMethod> laplace = methods.stream().filter(MrfMethod::handledByScorer).toList();
    List<EvidenceEstimate> fromScorer = laplace.isEmpty() ? List.of()
        : MrfScorer.score(graph, data, laplace, settings);
    List<EvidenceEstimate> out = new ArrayList<>();
    int next = 0;
    for (MrfMethod m : methods) {
      out.add(m.handledByScorer() ? fromScorer.get(next++) : separate(m, graph, data, settings, seed));
    }
    return out;
  }

  /** The estimators with their own classes: wired here when they are in the build. */
  private static EvidenceEstimate separate(MrfMethod m, PairwiseGraph graph, MrfData data,
      MrfScoreSettings settings, long seed) {
    return switch (m) {
      case AIS -> new MrfAnnealedImportanceSampling(data,
          MrfAnnealedImportanceSampling.defaultSettings().withPriorSigma(settings.priorSigma()))
          .estimate(seed, settings.threads());
      case QUADRATURE -> {
        var q = MrfQuadrature.Settings.defaults();
        yield MrfQuadrature.estimate(data, new MrfQuadrature.Settings(settings.priorSigma(), q.halfWidth(),
            q.pointsPerAxis()));
      }
      default -> throw new IllegalStateException(m.label() + " is computed by MrfScorer");
    };
  }

  private static IllegalArgumentException unavailable(MrfMethod m) {
    String available = String.join(",", Arrays.stream(MrfMethod.values())
        .filter(x -> x.handledByScorer() || SEPARATE_AVAILABLE.contains(x)).map(MrfMethod::label).toList());
    return new IllegalArgumentException(m.label() + " for MRFs is not available in this build (available: "
        + available + ")");
  }
}
