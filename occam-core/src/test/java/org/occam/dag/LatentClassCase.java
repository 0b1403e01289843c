package org.occam.dag;

import org.occam.data.Dataset;
import org.occam.math.RandomStreams;
import org.occam.search.LatentClassOrders;

/**
 * A latent class model (one hidden variable with {@code states} states, parent of Beal's four observed
 * variables) on {@code rows} rows drawn from Beal's true model with {@code seed}, with a uniform
 * Dirichlet(1) prior and a random start drawn with seed {@code 31 seed + states}: the cases on which
 * the EM and VBEM stopping rules and accelerations are checked against long plain runs.
 */
record LatentClassCase(HiddenStateEnumeration data, DirichletPrior prior, double[] start) {
  static LatentClassCase of(long seed, int states, int rows) {
    DagModel truth = BealExample.trueModel();
    int[][] y = AncestralSampler.sampleObserved(truth.structure(), truth.parameters().orElseThrow(), rows,
        RandomStreams.fromSeed(seed));
    DagStructure s = LatentClassOrders.structure(BealExample.observedVariables(), 1, states);
    return new LatentClassCase(new HiddenStateEnumeration(s, Dataset.of(BealExample.observedVariables(), y)),
        DirichletPrior.uniform(s.size(), 1.0), DagScorer.randomParameters(s, RandomStreams.fromSeed(seed * 31 + states)));
  }
}
