package org.occam.evidence;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.sampling.ImportanceWeights;

/**
 * Whether the runs of an annealed importance sampler (Neal 2001) agree enough for its standard
 * error to mean anything. The estimate is ln of the mean of the runs' weights and its standard error
 * the delta method's sd(w) / (√G mean(w)); when one run carries nearly all the weight — the
 * annealing was far too short for the posterior, as on 10⁶ rows of one pattern, where the runs'
 * log weights differ by hundreds of thousands of nats — that standard error comes out near 1
 * whatever the error, and the estimate is only a lower bound in expectation. Such an estimate is
 * reported as not converged, with the reason, instead of as a number with a small error bar.
 */
public final class AnnealedWeights {
  /** The share of the total weight above which one run is said to dominate. */
  public static final double DOMINANT_SHARE = 0.9;

  private AnnealedWeights() {}

  /**
   * The estimate with {@code dominantRunShare} in its diagnostics and, where one of several runs
   * carries more than {@link #DOMINANT_SHARE} of the weight, {@code converged} false and a
   * {@code notConverged} reason (appended to one already there).
   */
  public static EvidenceEstimate check(EvidenceEstimate e, List<Double> logWeights) {
    Map<String, Object> diag = new LinkedHashMap<>(e.diagnostics());
    double share = ImportanceWeights.largestShare(ImportanceWeights.array(logWeights));
    diag.put("dominantRunShare", share);
    if (logWeights.size() > 1 && share > DOMINANT_SHARE) {
      diag.put("converged", false);
      // after a reason the sampler gave itself (e.g. a standard-error target not met), not instead of it
      diag.merge("notConverged", String.format(java.util.Locale.ROOT, "one of the %d AIS runs carries %.1f%% of the"
          + " weight: the annealing is too short for this posterior, the estimate is unreliable and its standard"
          + " error meaningless; use more steps", logWeights.size(), 100 * share), (old, now) -> old + "; " + now);
    }
    return new EvidenceEstimate(e.method(), e.logEvidence(), e.stdError(), e.seconds(), e.settings(), e.seed(), diag);
  }

  /** As {@link #check(EvidenceEstimate, List)} with the log weights from the diagnostics' {@code logWeights}. */
  @SuppressWarnings("unchecked")
  public static EvidenceEstimate check(EvidenceEstimate e) {
    Object w = e.diagnostics().get("logWeights");
    if (!(w instanceof List<?> list) || list.isEmpty()) {
      return e;
    }
    return check(e, ((List<Number>) list).stream().map(Number::doubleValue).toList());
  }
}
