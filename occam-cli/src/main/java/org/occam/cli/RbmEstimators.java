package org.occam.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmProblem;

/**
 * What {@code rbm score} and {@code rbm select} share: running the scores (their table rows and
 * JSON are {@link org.occam.report.RbmScoreReport}).
 */
final class RbmEstimators {
  private RbmEstimators() {}

  /** The scores for one K, in the order asked. */
  static List<EvidenceEstimate> score(RbmData d, int hidden, List<? extends EvidenceMethod<RbmProblem>> methods,
      RbmOptions options, Consumer<String> stages) {
    if (methods.isEmpty()) {
      return List.of();
    }
    return MethodRegistry.estimateAll(new RbmProblem(new RbmLaplace(d), hidden, options.laplaceSettings(),
        options.aisPdSettings(), options.posteriorSettings(), options.seed, options.threads(), stages), methods);
  }

  /** Stage names on stderr when a person is watching, nothing otherwise. */
  static Consumer<String> stageReporter(PrintWriter err) {
    if (!Progress.watching()) {
      return s -> { };
    }
    long start = System.nanoTime();
    return s -> err.printf(Locale.ROOT, "[%6.1f s] %s%n", (System.nanoTime() - start) / 1e9, s);
  }
}
