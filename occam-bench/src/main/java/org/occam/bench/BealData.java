package org.occam.bench;

import org.occam.dag.AncestralSampler;
import org.occam.dag.BealExample;
import org.occam.data.Dataset;
import org.occam.math.RandomStreams;

/** Rows drawn from Beal's true model, hidden columns dropped. */
final class BealData {
  private BealData() {}

  static Dataset rows(int n, long seed) {
    return rows(BealExample.trueModel().parameters().orElseThrow(), n, seed);
  }

  static Dataset rows(double[] theta, int n, long seed) {
    return Dataset.of(BealExample.observedVariables(), observed(theta, n, seed));
  }

  /** The observed columns of n rows, in the order drawn (so the first m rows are a sample of size m). */
  static int[][] observed(double[] theta, int n, long seed) {
    return AncestralSampler.sampleObserved(BealExample.structure(), theta, n, RandomStreams.fromSeed(seed));
  }
}
