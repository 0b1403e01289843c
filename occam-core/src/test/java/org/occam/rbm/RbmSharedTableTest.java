package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

/**
 * The trainers and objectives over an {@link RbmData} read its distinct-row table in place (one
 * table per data set, however many restarts, objectives and folds use it), and give the numbers
 * they gave when each held its own copy.
 */
class RbmSharedTableTest {
  private static final int V = 6;

  /** 200 items drawn from a random RBM over 6 units: repeated rows, so fewer distinct rows than items. */
  private static RbmData data(long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    Rbm truth = RbmBruteForce.random(V, 2, 1.5, rng);
    return RbmData.of(new RbmExactSampler(truth).sampleVisible(200, rng));
  }

  @Test
  void pcdTrainerReadsTheDataRowsAndTrainsAsOnACopy() {
    RbmData d = data(3);
    PersistentContrastiveDivergence shared = d.trainer();
    assertThat(shared.table()).isSameAs(d.sharedRows());

    PersistentContrastiveDivergence copied = new PersistentContrastiveDivergence(d.rows(), d.counts());
    assertThat(copied.table()).isNotSameAs(d.sharedRows());
    var settings = PersistentContrastiveDivergence.Settings.defaults().withIterations(300);
    double[] a = shared.train(2, settings, 11L, null).rbm().parameters();
    double[] b = copied.train(2, settings, 11L, null).rbm().parameters();
    assertThat(a).isEqualTo(b);
  }

  @Test
  void foldsAndTheirTrainersPointIntoTheParentTable() {
    RbmData d = data(5);
    RbmData.Fold fold = d.folds(4, 9L).get(1);
    for (RbmData part : new RbmData[] {fold.train(), fold.test()}) {
      for (int[] row : part.sharedRows()) {
        assertThat(Arrays.stream(d.sharedRows()).anyMatch(r -> r == row)).isTrue();
      }
    }
    assertThat(fold.train().trainer().table()).isSameAs(fold.train().sharedRows());
  }

  @Test
  void laplaceObjectivesShareOneDataTermWithTheSameValuesAsACopy() {
    RbmData d = data(7);
    RbmLaplace laplace = new RbmLaplace(d);
    ImportanceSampledObjective.DataTerm term = laplace.dataTerm();
    assertThat(term.rows()).isSameAs(d.sharedRows());

    UniformRandomProvider rng = RandomStreams.fromSeed(13L);
    Rbm proposal = RbmBruteForce.random(V, 2, 1.0, rng);
    int[][] samples = new RbmExactSampler(proposal).sampleVisible(300, rng);
    double[] counts = Arrays.stream(d.counts()).asDoubleStream().toArray();
    var shared = new ImportanceSampledObjective(proposal, samples, term, 4.0);
    var copied = new ImportanceSampledObjective(proposal, samples, d.rows(), counts, 4.0);
    double[] lambda = proposal.parameters();
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] += 0.2 * (2 * rng.nextDouble() - 1);
    }
    double[] gShared = new double[lambda.length];
    double[] gCopied = new double[lambda.length];
    assertThat(shared.valueAndGradient(lambda, gShared)).isEqualTo(copied.valueAndGradient(lambda, gCopied));
    assertThat(gShared).isEqualTo(gCopied);
    assertThat(shared.hessian(lambda)).isDeepEqualTo(copied.hessian(lambda));
  }

  @Test
  void exactLikelihoodOnTheDataEqualsTheOneOnItsRows() {
    RbmData d = data(17);
    Rbm at = RbmBruteForce.random(V, 3, 1.0, RandomStreams.fromSeed(19L));
    double onData = new RbmLogLikelihood(3, d).value(at.parameters());
    double onRows = new RbmLogLikelihood(3, d.rows(), d.counts()).value(at.parameters());
    assertThat(onData).isEqualTo(onRows);
  }
}
