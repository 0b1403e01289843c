package org.occam.crf.methods;

import java.util.List;
import org.occam.crf.CrfProblem;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;

/**
 * The evidence methods for linear-chain CRFs (Parise &amp; Welling 2006, sections 3 and 4.2), in the
 * order help texts list them. Adding a method is one class and one line here.
 */
public final class CrfMethods {
  /** The tolerance {@code quadrature} declares (nats). */
  static final double QUADRATURE_TOLERANCE = 1e-6;

  /** Every CRF method. */
  public static final MethodRegistry<CrfProblem> REGISTRY = new MethodRegistry<>("CRF", List.of(
      new CrfMap(),
      new CrfBicMap(),
      new CrfLaplaceExact(),
      new CrfAis(),
      new CrfQuadrature()));

  private CrfMethods() {}

  /** The method of that name (case-insensitive). */
  public static EvidenceMethod<CrfProblem> get(String name) {
    return REGISTRY.get(name);
  }

  /** A comma-separated list of names. */
  public static List<EvidenceMethod<CrfProblem>> parseList(String list) {
    return REGISTRY.parseList(list);
  }
}
