package org.occam.experiments.parisewelling;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.ExactEnumeration;
import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.mrf.MrfData;
import org.occam.mrf.MrfMethod;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.MrfScorer;
import org.occam.sampling.ParameterSpaceAis;

/**
 * Scores (structure, data set) pairs of the Parise–Welling experiment with the Laplace family and
 * AIS, in parallel over pairs. Each pair's AIS seed is a hash of the experiment's AIS seed and the
 * pair (model, structure, N), so the numbers depend neither on the thread count nor on which other
 * pairs are scored.
 */
final class PariseWellingScoring {
  /** The scores {@link MrfScorer} computes, in the order stored. */
  static final List<MrfMethod> SCORER_METHODS =
      MrfMethod.parseList("map,bic-ml,bic-map,bp-lr,bp-lr-exactgrad,laplace-exact");
  /**
   * The Laplace approximation with the exact λMP and log Z and the linear-response C: BP-LR-ExactGrad
   * with the exact log Z, {@code bp-lr-exactgrad − N (log Z − log Z_Bethe)}. It is the other reading
   * of the paper's BP-LR-ExactGrad ("Laplace-Exact … is same as BP-LR-ExactGrad but with C computed
   * exactly as well"), and isolates the error of linear response.
   */
  static final String LAPLACE_LR = "laplace-lr";
  /** The AIS column. */
  static final String AIS = MrfMethod.AIS.label();
  /** Every score compared with AIS, in the order of the tables. */
  static final List<String> COMPARED = List.of("map", "bic-ml", "bic-map", "bp-lr", "bp-lr-exactgrad", LAPLACE_LR,
      "laplace-exact");

  private PariseWellingScoring() {}

  /**
   * One structure scored on one data set.
   *
   * @param model the true model whose samples are the data
   * @param mask the scored structure
   * @param n the data set size (the first n samples)
   */
  record Task(int model, int mask, int n) {}

  /**
   * A task's results.
   *
   * @param estimates the {@link #SCORER_METHODS} in order, then AIS
   * @param bpBiasPosteriorSd the BP-LR bias in λMP measured in posterior standard deviations,
   *     {@code sqrt(δᵀ A δ)} with {@code δ = λMP_BP − λMP} and the exact {@code A = N C(λMP) + I/σ0²}:
   *     Parise &amp; Welling conjecture that BP-LR breaks down once this is of order one
   * @param exactGradLogZPart the part of {@code bp-lr-exactgrad − laplace-exact} due to the Bethe
   *     log Z, {@code N (log Z − log Z_Bethe)} at λMP (the rest is linear response against the exact C)
   * @param seconds the task's wall time (scores and AIS)
   */
  record Scored(Task task, List<EvidenceEstimate> estimates, double bpBiasPosteriorSd, double exactGradLogZPart,
      double seconds) {
    EvidenceEstimate estimate(MrfMethod m) {
      int k = m == MrfMethod.AIS ? SCORER_METHODS.size() : SCORER_METHODS.indexOf(m);
      if (k < 0) {
        throw new InvalidInputException("not scored: " + m.label());
      }
      return estimates.get(k);
    }

    /** A score by its label: one of {@link #COMPARED} or {@code ais}. */
    double score(String label) {
      if (label.equals(LAPLACE_LR)) {
        return score(MrfMethod.BP_LR_EXACTGRAD.label()) - exactGradLogZPart;
      }
      return estimate(MrfMethod.parse(label)).logEvidence();
    }

    /** |score − reference| / N. */
    double absDiffPerRow(String label, String reference) {
      return Math.abs(score(label) - score(reference)) / task.n();
    }

    double aisStdError() {
      return estimate(MrfMethod.AIS).stdError().orElse(Double.NaN); // none for a single run
    }

    /**
     * The scores whose optimiser or BP run did not converge, with why, e.g.
     * {@code "bp-lr(bp);bic-ml(max_iterations)"}: the optimiser's stopping reason, or "bp" when the
     * final BP run did not converge.
     */
    String notConverged() {
      StringBuilder b = new StringBuilder();
      for (EvidenceEstimate e : estimates) {
        if (!e.converged()) {
          List<String> why = new ArrayList<>();
          if (Boolean.FALSE.equals(e.diagnostics().get("optimiserConverged"))) {
            why.add(String.valueOf(e.diagnostics().get("reason")));
          }
          if (Boolean.FALSE.equals(e.diagnostics().get("bpConverged"))) {
            why.add("bp");
          }
          b.append(b.length() == 0 ? "" : ";").append(e.method()).append('(').append(String.join(" ", why))
              .append(')');
        }
      }
      return b.toString();
    }
  }

  /**
   * Scores every task; results in task order.
   *
   * @param progress called with the number of tasks done (may be null)
   */
  static List<Scored> run(List<Task> tasks, List<PariseWellingDesign.Model> models, MrfScoreSettings settings,
      ParameterSpaceAis.Settings ais, long aisSeed, int threads, IntConsumer progress) {
    return run(tasks, models, settings, ais, aisSeed, threads, progress, t -> null, null);
  }

  /**
   * As above, taking the tasks scored before an interruption from {@code before} (not scored again)
   * and handing each task to {@code finished} as it is scored; a task's numbers depend on the task
   * alone ({@link #taskSeed}), so the results are those of a run over all of them.
   *
   * @param before a task's results from a resumed run, or null to score it
   * @param finished called with each task's results as it is scored (from worker threads), or null
   */
  static List<Scored> run(List<Task> tasks, List<PariseWellingDesign.Model> models, MrfScoreSettings settings,
      ParameterSpaceAis.Settings ais, long aisSeed, int threads, IntConsumer progress,
      java.util.function.Function<Task, Scored> before, java.util.function.Consumer<Scored> finished) {
    AtomicInteger done = new AtomicInteger();
    return Parallel.map(tasks.size(), threads, "parise-welling", i -> {
      Task t = tasks.get(i);
      Scored kept = before.apply(t);
      if (kept != null) {
        return kept;
      }
      Scored s = score(t, models.get(t.model()), settings, ais, taskSeed(aisSeed, t));
      if (finished != null) {
        finished.accept(s);
      }
      int d = done.incrementAndGet();
      if (progress != null) {
        progress.accept(d);
      }
      return s;
    });
  }

  static Scored score(Task t, PariseWellingDesign.Model model, MrfScoreSettings settings,
      ParameterSpaceAis.Settings ais, long seed) {
    long t0 = System.nanoTime();
    MrfData data = model.data(t.mask(), t.n());
    List<EvidenceEstimate> estimates = new ArrayList<>(MrfScorer.score(data.graph(), data, SCORER_METHODS, settings));
    estimates.add(new MrfAnnealedImportanceSampling(data, ais).estimate(seed, 1));
    EvidenceEstimate exact = estimates.get(SCORER_METHODS.indexOf(MrfMethod.LAPLACE_EXACT));
    EvidenceEstimate bp = estimates.get(SCORER_METHODS.indexOf(MrfMethod.BP_LR));
    EvidenceEstimate exactGrad = estimates.get(SCORER_METHODS.indexOf(MrfMethod.BP_LR_EXACTGRAD));
    double[] lambdaMp = lambda(exact);
    double[] delta = lambda(bp);
    for (int a = 0; a < delta.length; a++) {
      delta[a] -= lambdaMp[a];
    }
    double[][] c = ExactEnumeration.run(new BoltzmannMachine(data.graph(), lambdaMp), true).covariance();
    double quadratic = 0;
    for (int a = 0; a < delta.length; a++) {
      quadratic += delta[a] * delta[a] / (settings.priorSigma() * settings.priorSigma());
      for (int b = 0; b < delta.length; b++) {
        quadratic += t.n() * delta[a] * c[a][b] * delta[b];
      }
    }
    double logZPart = t.n() * (number(exactGrad, "logZExact") - number(exactGrad, "logZ"));
    return new Scored(t, List.copyOf(estimates), Math.sqrt(Math.max(0, quadratic)), logZPart,
        (System.nanoTime() - t0) * 1e-9);
  }

  private static double[] lambda(EvidenceEstimate e) {
    @SuppressWarnings("unchecked")
    List<Number> l = (List<Number>) e.diagnostics().get("lambda");
    return l.stream().mapToDouble(Number::doubleValue).toArray();
  }

  private static double number(EvidenceEstimate e, String key) {
    return ((Number) e.diagnostics().get(key)).doubleValue();
  }

  /** The task's seed from the experiment's AIS seed ({@link RandomStreams#taskSeed}). */
  static long taskSeed(long aisSeed, Task t) {
    return RandomStreams.taskSeed(aisSeed, t.model(), t.mask(), t.n());
  }
}
