package org.occam.crf.posterior;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.crf.CrfProblem;
import org.occam.data.InvalidInputException;
import org.occam.sampling.PosteriorSampler;

/**
 * The samplers of a CRF's parameter posterior (Welling &amp; Parise 2006, section 7, the CRF part),
 * by name, in the order help texts list them: {@code bl-mp} (the Laplace Gaussian), {@code lv-cd} (brief
 * Langevin with contrastive divergence), {@code mh} (Metropolis–Hastings with the exact likelihood, the
 * paper's ground truth) and {@code hmc} (Hybrid Monte Carlo with exact gradients, also exact, faster).
 * Adding one is one class and one line here. Draws are named by {@link org.occam.crf.CrfFeatures#parameterNames()}.
 */
public final class CrfPosteriorSamplers {
  private static final Map<String, PosteriorSampler<CrfProblem>> ALL = new LinkedHashMap<>();

  static {
    for (PosteriorSampler<CrfProblem> s : List.<PosteriorSampler<CrfProblem>>of(new CrfBetheLaplaceMp(),
        new CrfLangevinContrastiveDivergence(), new CrfMetropolisHastings(), new CrfHamiltonianMonteCarlo())) {
      ALL.put(s.name(), s);
    }
  }

  private CrfPosteriorSamplers() {}

  /** Every sampler, in order. */
  public static List<PosteriorSampler<CrfProblem>> all() {
    return List.copyOf(ALL.values());
  }

  /** Every name, comma-separated. */
  public static String names() {
    return String.join(",", ALL.keySet());
  }

  /** The sampler of that name (trimmed, case-insensitive). */
  public static PosteriorSampler<CrfProblem> get(String name) {
    PosteriorSampler<CrfProblem> s = ALL.get(name.trim().toLowerCase(Locale.ROOT));
    if (s == null) {
      throw new InvalidInputException("unknown CRF posterior method '" + name.trim() + "' (known: " + names() + ")");
    }
    return s;
  }

  /** A comma-separated list, in order, repeats dropped; an empty list is refused. */
  public static List<PosteriorSampler<CrfProblem>> parseList(String list) {
    List<PosteriorSampler<CrfProblem>> out = new ArrayList<>();
    for (String part : list.split(",")) {
      if (!part.isBlank() && !out.contains(get(part))) {
        out.add(get(part));
      }
    }
    if (out.isEmpty()) {
      throw new InvalidInputException("no posterior methods given (known: " + names() + ")");
    }
    return out;
  }
}
