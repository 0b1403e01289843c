package org.occam.experiments.parisewelling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.ExactEnumeration;
import org.occam.mrf.MrfData;
import org.occam.mrf.PairwiseGraph;

/** The synthetic design: structures, parameters, exact samples, nested data and nested sequences. */
class PariseWellingDesignTest {
  @Test
  void structureMasksMapToGraphsInPairOrder() {
    PairwiseGraph g = PariseWellingDesign.graph(0b10_0000_0011);
    assertThat(g.edgeCount()).isEqualTo(3);
    assertThat(g.edges()).isEqualTo(new int[][] {{0, 1}, {0, 2}, {3, 4}});
    assertThat(PariseWellingDesign.edgeList(0b10_0000_0011)).isEqualTo("0-1 0-2 3-4");
    assertThat(PariseWellingDesign.graph((1 << 10) - 1)).isEqualTo(PairwiseGraph.complete(5));
  }

  @Test
  void weightsLieInTheTwoIntervalsAndBiasesInPlusMinusOne() {
    UniformRandomProvider rng = RandomStreams.fromSeed(3);
    double d = 1.5 / 4;
    int positive = 0;
    for (int rep = 0; rep < 200; rep++) {
      double[] lambda = PariseWellingDesign.randomParameters((1 << 10) - 1, d, rng);
      assertThat(lambda).hasSize(15);
      for (int i = 0; i < 5; i++) {
        assertThat(lambda[i]).isBetween(-1.0, 1.0);
      }
      for (int e = 5; e < 15; e++) {
        assertThat(Math.abs(lambda[e])).isBetween(d, d + PariseWellingDesign.WEIGHT_WIDTH);
        positive += lambda[e] > 0 ? 1 : 0;
      }
    }
    assertThat(positive).isBetween(900, 1100);
  }

  @Test
  void nestedSequencesGrowOneEdgeAtATimeThroughTheTrueStructure() {
    UniformRandomProvider rng = RandomStreams.fromSeed(9);
    int truth = 0b01_1010_0110;
    int t = Integer.bitCount(truth);
    for (int rep = 0; rep < 50; rep++) {
      int[] seq = PariseWellingDesign.nestedSequence(truth, rng);
      assertThat(seq).hasSize(11);
      assertThat(seq[0]).isZero();
      assertThat(seq[10]).isEqualTo((1 << 10) - 1);
      assertThat(seq[t]).isEqualTo(truth);
      for (int k = 1; k <= 10; k++) {
        assertThat(Integer.bitCount(seq[k])).isEqualTo(k);
        assertThat(seq[k] & seq[k - 1]).as("nested").isEqualTo(seq[k - 1]);
        // below the true model only true edges, above it only false ones are added
        int added = seq[k] ^ seq[k - 1];
        assertThat((added & truth) != 0).isEqualTo(k <= t);
      }
    }
  }

  @Test
  void nestedDataAreThePrefixesOfOneExactSample() {
    int mask = 0b00_0101_0011;
    var model = new PariseWellingDesign.Model(0, 0, 0, 2.0, mask, 40_000, RandomStreams.fromSeed(4));
    long[] c100 = model.counts(100);
    long[] c200 = model.counts(200);
    long total = 0;
    for (int code = 0; code < 32; code++) {
      assertThat(c200[code]).isGreaterThanOrEqualTo(c100[code]);
      total += c100[code];
    }
    assertThat(total).isEqualTo(100);
    // the empirical means of a larger scored structure match the exact ones of the true model
    int scored = mask | 0b10_0000_0000;
    MrfData data = model.data(scored, 40_000);
    assertThat(data.graph()).isEqualTo(PariseWellingDesign.graph(scored));
    double[] lambda = model.parameters();
    double[] padded = new double[data.featureCount()];
    PairwiseGraph g = data.graph();
    PairwiseGraph tg = PariseWellingDesign.graph(mask);
    System.arraycopy(lambda, 0, padded, 0, 5);
    for (int e = 0; e < g.edgeCount(); e++) {
      int te = tg.edgeIndex(g.edgeFrom(e), g.edgeTo(e));
      padded[5 + e] = te < 0 ? 0 : lambda[5 + te];
    }
    double[] exact = ExactEnumeration.run(new BoltzmannMachine(g, padded), false).featureMeans();
    double[] empirical = data.featureMeans();
    for (int a = 0; a < exact.length; a++) {
      assertThat(empirical[a]).as("feature %d", a).isCloseTo(exact[a], within(0.012));
    }
  }

  @Test
  void picksTheFirstStructureWithTheAskedEdgesElseTheClosest() {
    int[] masks = {0b1, 0b111, 0b1111_11, 0b11_1111};
    assertThat(PariseWellingTasks.pickModel(masks, 6)).isEqualTo(2);
    assertThat(PariseWellingTasks.pickModel(masks, 4)).isEqualTo(1);
    assertThat(PariseWellingTasks.pickModel(masks, 0)).isEqualTo(0);
  }

  @Test
  void taskSeedsDifferPerPairAndRepeat() {
    var a = new PariseWellingScoring.Task(1, 5, 50);
    var b = new PariseWellingScoring.Task(1, 5, 100);
    // the same pair and repeat as a new object: the seed is a function of the values, not of the run
    assertThat(PariseWellingScoring.taskSeed(7, a)).isEqualTo(PariseWellingScoring.taskSeed(7, new PariseWellingScoring.Task(1, 5, 50)))
        .isNotEqualTo(PariseWellingScoring.taskSeed(7, b)).isNotEqualTo(PariseWellingScoring.taskSeed(8, a));
  }
}
