package org.occam.io;

import java.util.Map;

/** The {@code "type"}s of Occam model files (see DESIGN.md, "Command line") and what each one is. */
final class ModelTypes {
  private ModelTypes() {}

  private static final Map<String, String> WHAT = Map.of(
      "dag", "a DAG model",
      "boltzmann", "a Boltzmann-machine model",
      "markov", "a Markov network (factor tables)",
      "rbm", "an RBM model",
      "crf", "a linear-chain CRF model");

  /**
   * The one-line complaint about a model file of type {@code found} where {@code wanted} is needed,
   * e.g. {@code is a DAG model (type "dag"); this command needs a Boltzmann-machine model (type "boltzmann")}.
   */
  static String wrongType(String found, String wanted) {
    String what = WHAT.get(found);
    String needed = "this command needs " + WHAT.get(wanted) + " (type \"" + wanted + "\")";
    return what == null ? "unknown model type \"" + found + "\"; " + needed
        : "is " + what + " (type \"" + found + "\"); " + needed;
  }
}
