package org.occam.crf;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;

/**
 * A nested sequence of CRFs scored by several methods: model k has the first k feature templates
 * of a list, as in Parise &amp; Welling (2006, section 4.2 and Figure 5), where state features and
 * then transition features are added one at a time and each model is scored by MAP, BIC-MAP,
 * Laplace-Exact and AIS.
 *
 * <pre>{@code
 * List<CrfNestedModels.Step> steps = CrfNestedModels.score(CrfModel.full(labels, inputs), data,
 *     CrfSettings.defaults(), 1, CrfMethods.parseList("map,laplace-exact"), null);
 * }</pre>
 */
public final class CrfNestedModels {
  private CrfNestedModels() {}

  /**
   * One model of the sequence with its scores.
   *
   * @param k the number of templates (1-based)
   * @param model the model (the first k templates)
   * @param parameters its number of parameters F
   * @param estimates one per method, in the methods' order
   */
  public record Step(int k, CrfModel model, int parameters, List<EvidenceEstimate> estimates) {
    public Step {
      estimates = List.copyOf(estimates);
    }

    /** The template added at this step. */
    public String added() {
      return model.features().get(k - 1);
    }
  }

  /**
   * Scores the models with 1, 2, …, F templates of {@code full}'s list, each on a problem of its
   * own with the same seed.
   *
   * @param done told the number of models scored (null: nobody listens)
   */
  public static List<Step> score(CrfModel full, CrfData data, CrfSettings settings, long seed,
      List<? extends EvidenceMethod<CrfProblem>> methods, IntConsumer done) {
    List<Step> out = new ArrayList<>();
    for (int k = 1; k <= full.features().size(); k++) {
      CrfModel m = full.withFeatures(full.features().subList(0, k));
      CrfProblem p = new CrfProblem(m, data, settings, seed);
      out.add(new Step(k, m, p.dimension(), MethodRegistry.estimateAll(p, methods)));
      if (done != null) {
        done.accept(k);
      }
    }
    return out;
  }
}
