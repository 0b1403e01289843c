package org.occam.rbm.posterior;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.occam.data.InvalidInputException;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmProblem;
import org.occam.sampling.PosteriorSampler;

/** The posterior samplers of RBM parameters, by name: {@code lv-cd} and {@code hmc}. */
public final class RbmPosteriorSamplers {
  /** Every sampler, the default first. */
  public static final List<PosteriorSampler<RbmProblem>> ALL = List.of(new RbmLangevinCd(), new RbmHmc());

  private RbmPosteriorSamplers() {}

  /** The sampler of that name (case-insensitive). */
  public static PosteriorSampler<RbmProblem> get(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (PosteriorSampler<RbmProblem> s : ALL) {
      if (s.name().equals(n)) {
        return s;
      }
    }
    throw new InvalidInputException("unknown RBM sampler " + name + " (choose from lv-cd, hmc)");
  }

  /** The parameters' names in feature order: {@code W[i,k]}, {@code α[i]}, {@code β[k]}. */
  public static List<String> parameterNames(Rbm rbm) {
    List<String> names = new ArrayList<>(rbm.featureCount());
    for (int a = 0; a < rbm.featureCount(); a++) {
      names.add(rbm.featureName(a));
    }
    return names;
  }
}
