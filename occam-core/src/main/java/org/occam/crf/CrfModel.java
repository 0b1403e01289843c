package org.occam.crf;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import org.occam.data.InvalidInputException;

/**
 * A linear-chain CRF over binary labels t_i ∈ {−1, +1} (Parise &amp; Welling 2006, section 3; Welling
 * &amp; Parise 2006, section 5): {@code p(t | x, λ) = exp(λᵀ f(t, x)) / Z(x, λ)} with features made
 * from templates, each one parameter (tied across positions) or one per position (untied):
 *
 * <ul>
 *   <li>{@code bias}: Σ_i t_i (the label bias);
 *   <li>{@code transition}: Σ_i t_i t_{i+1} (the label transition);
 *   <li>{@code state:a}: Σ_i t_i g_a(x_i), the papers' state feature of input a;
 *   <li>{@code transition:a}: Σ_i t_i t_{i+1} g_a(x_i), the papers' transition feature of input a.
 * </ul>
 *
 * <p>Every feature is a node term (a multiple of t_i) or an edge term (a multiple of t_i t_{i+1}),
 * so that given λ a sequence is a chain of spins with fields h_i and couplings J_i:
 * {@code λᵀ f(t, x) = Σ_i h_i t_i + Σ_i J_i t_i t_{i+1}} ({@link CrfFeatures}).
 *
 * @param labelStates the two label states (spin −1 then +1), as in the data
 * @param inputNames the inputs the model reads (a subset of the data's, by name)
 * @param features the feature templates, in parameter order, named as above
 * @param tied whether each template has one parameter for every position (true, the papers' 48
 *     for 24 inputs) or one per position ({@code name@i}, i = 1… the longest sequence; for
 *     checking, and the UAI paper's untied 199-dimensional covariance)
 */
public record CrfModel(List<String> labelStates, List<String> inputNames, List<String> features, boolean tied) {
  /** The kinds of template. */
  public enum Kind {
    BIAS, TRANSITION, STATE, STATE_TRANSITION;

    /** Whether the feature multiplies t_i t_{i+1} (else t_i). */
    public boolean edge() {
      return this == TRANSITION || this == STATE_TRANSITION;
    }
  }

  /**
   * One parsed template.
   *
   * @param kind what it multiplies
   * @param input the index into {@link #inputNames()} of g_a, or −1 for bias and transition
   * @param name its name as in the model
   */
  public record Template(Kind kind, int input, String name) {}

  public CrfModel {
    labelStates = List.copyOf(labelStates);
    inputNames = List.copyOf(inputNames);
    features = List.copyOf(features);
    if (labelStates.size() != 2) {
      throw new InvalidInputException("a linear-chain CRF needs exactly 2 label states, got " + labelStates);
    }
    if (new LinkedHashSet<>(inputNames).size() != inputNames.size()) {
      throw new InvalidInputException("input names repeat: " + inputNames);
    }
    if (features.isEmpty()) {
      throw new InvalidInputException("a CRF needs at least one feature");
    }
    if (new LinkedHashSet<>(features).size() != features.size()) {
      throw new InvalidInputException("features repeat: " + features);
    }
    parse(features, inputNames);
  }

  /** Every template: bias, transition, then the state and the transition feature of every input. */
  public static CrfModel full(List<String> labelStates, List<String> inputNames) {
    List<String> f = new ArrayList<>(List.of("bias", "transition"));
    f.addAll(papers(inputNames));
    return new CrfModel(labelStates, inputNames, f, true);
  }

  /** The papers' templates: the state feature of every input, then its transition feature (48 for 24). */
  public static List<String> papers(List<String> inputNames) {
    List<String> f = new ArrayList<>();
    for (String a : inputNames) {
      f.add("state:" + a);
    }
    for (String a : inputNames) {
      f.add("transition:" + a);
    }
    return f;
  }

  /**
   * The model of a comma-separated template list over the data's labels and inputs (tied), or, for
   * {@code null}, the {@link #full} model.
   *
   * @throws InvalidInputException if the list names no template or an unknown one
   */
  public static CrfModel of(String templates, CrfData data) {
    if (templates == null) {
      return full(data.labelStates(), data.inputNames());
    }
    List<String> list = java.util.Arrays.stream(templates.split(",")).map(String::trim).filter(t -> !t.isEmpty())
        .toList();
    if (list.isEmpty()) {
      throw new InvalidInputException("the feature list is empty");
    }
    return new CrfModel(data.labelStates(), data.inputNames(), list, true);
  }

  /** The templates, parsed, in parameter order. */
  public List<Template> templates() {
    return parse(features, inputNames);
  }

  /** The same model with other features. */
  public CrfModel withFeatures(List<String> newFeatures) {
    return new CrfModel(labelStates, inputNames, newFeatures, tied);
  }

  /** The same model, tied or untied. */
  public CrfModel withTied(boolean newTied) {
    return new CrfModel(labelStates, inputNames, features, newTied);
  }

  /**
   * The design of a data set under this model ({@link CrfFeatures}).
   *
   * @throws InvalidInputException if the label states differ or an input is missing from the data
   */
  public CrfFeatures featurize(CrfData data) {
    return CrfFeatures.of(this, data);
  }

  private static List<Template> parse(List<String> features, List<String> inputNames) {
    List<Template> out = new ArrayList<>();
    for (String raw : features) {
      String name = raw.trim();
      String lower = name.toLowerCase(Locale.ROOT);
      if (lower.equals("bias")) {
        out.add(new Template(Kind.BIAS, -1, name));
      } else if (lower.equals("transition")) {
        out.add(new Template(Kind.TRANSITION, -1, name));
      } else {
        int colon = name.indexOf(':');
        String kind = colon < 0 ? "" : lower.substring(0, colon);
        if (!kind.equals("state") && !kind.equals("transition")) {
          throw new InvalidInputException("unknown CRF feature '" + name
              + "' (known: bias, transition, state:INPUT, transition:INPUT)");
        }
        String input = name.substring(colon + 1);
        int a = inputNames.indexOf(input);
        if (a < 0) {
          throw new InvalidInputException("CRF feature '" + name + "' names input '" + input
              + "', which the model does not have (inputs: " + String.join(",", inputNames) + ")");
        }
        out.add(new Template(kind.equals("state") ? Kind.STATE : Kind.STATE_TRANSITION, a, name));
      }
    }
    return out;
  }
}
