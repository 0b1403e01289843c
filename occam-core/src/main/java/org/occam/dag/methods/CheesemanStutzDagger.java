package org.occam.dag.methods;

import java.util.Map;
import org.occam.dag.DagProblem;
import org.occam.dag.DimensionEstimator;
import org.occam.dag.ExpectationMaximisation;
import org.occam.evidence.Accuracy;

/**
 * {@code cs-dagger}: CS + ((d′ − d)/2) ln n, with the effective dimensions d (incomplete data) and
 * d′ (complete data) from the rank of the Jacobian of Beal's Algorithm 6.2 (section 6.5.2).
 */
final class CheesemanStutzDagger extends CheesemanStutz {
  @Override
  public String name() {
    return "cs-dagger";
  }

  @Override
  public String description() {
    return "CS + ((d′ − d)/2) ln n with effective dimensions by Algorithm 6.2 (Beal 6.5.2)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(DagMethods.CS_DAGGER_TOLERANCE, "CS moved up by a BIC-like dimension term: no longer a"
        + " bound: (d′ − d)/2 ln n overshoots by 18.4 nats on an 8-row reference model");
  }

  @Override
  double[] score(DagProblem problem, ExpectationMaximisation.Run r, Map<String, Object> diag,
      Map<String, Object> settingsUsed) {
    double cs = super.score(problem, r, diag, settingsUsed)[0];
    long t0 = System.nanoTime();
    var dimSettings = DimensionEstimator.Settings.defaults();
    var dims = DimensionEstimator.estimate(problem.structure(), problem.data().data(), r.theta(), problem.rng(),
        dimSettings);
    settingsUsed.put("dimensionEpsilon", dimSettings.epsilon());
    settingsUsed.put("rankTolerance", dimSettings.relativeTolerance());
    diag.put("d", dims.incomplete());
    diag.put("dComplete", dims.complete());
    diag.put("dimensionPerturbations", dims.perturbations());
    diag.put("dimensionRows", dims.rows());
    diag.put("cs", cs);
    double n = problem.data().dataSize();
    return new double[] {cs + 0.5 * (dims.complete() - dims.incomplete()) * Math.log(n),
        (System.nanoTime() - t0) * 1e-9};
  }
}
