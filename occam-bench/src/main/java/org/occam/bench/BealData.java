package org.occam.bench;

import org.occam.dag.AncestralSampler;
import org.occam.dag.BealExample;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
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
    DagModel truth = BealExample.trueModel();
    DagStructure s = truth.structure();
    int[][] full = AncestralSampler.sample(s, theta, n, RandomStreams.fromSeed(seed));
    int[] obs = s.observedVariables();
    int[][] y = new int[n][obs.length];
    for (int i = 0; i < n; i++) {
      for (int v = 0; v < obs.length; v++) {
        y[i][v] = full[i][obs[v]];
      }
    }
    return y;
  }
}
