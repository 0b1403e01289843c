package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RandomStreamsTest {
  private static long[] draw(UniformRandomProvider rng, int n) {
    long[] x = new long[n];
    for (int i = 0; i < n; i++) {
      x[i] = rng.nextLong();
    }
    return x;
  }

  @ParameterizedTest
  @ValueSource(longs = {0, 1, 42, -7, Long.MAX_VALUE})
  void sameSeedGivesTheSameSequence(long seed) {
    assertThat(draw(RandomStreams.fromSeed(seed), 1000)).containsExactly(draw(RandomStreams.fromSeed(seed), 1000));
  }

  @Test
  void differentSeedsGiveDifferentSequences() {
    long[] a = draw(RandomStreams.fromSeed(1), 100);
    long[] b = draw(RandomStreams.fromSeed(2), 100);
    assertThat(a).isNotEqualTo(b);
    assertThat(overlap(a, b)).isZero();
  }

  private static int overlap(long[] a, long[] b) {
    Set<Long> s = new HashSet<>();
    for (long x : a) {
      s.add(x);
    }
    int n = 0;
    for (long x : b) {
      n += s.contains(x) ? 1 : 0;
    }
    return n;
  }

  @Test
  void splitStreamsDifferFromTheParentAndFromEachOther() {
    SplittableUniformRandomProvider parent = RandomStreams.fromSeed(2024);
    long[] parentBefore = draw(RandomStreams.fromSeed(2024), 200);
    List<SplittableUniformRandomProvider> kids = RandomStreams.split(parent, 5);
    assertThat(kids).hasSize(5).doesNotHaveDuplicates();
    long[] parentAfter = draw(parent, 200);
    long[][] seq = new long[5][];
    for (int i = 0; i < 5; i++) {
      seq[i] = draw(kids.get(i), 200);
      assertThat(overlap(seq[i], parentBefore)).as("child %d vs parent's own stream", i).isZero();
      assertThat(overlap(seq[i], parentAfter)).as("child %d vs parent after split", i).isZero();
    }
    for (int i = 0; i < 5; i++) {
      for (int j = i + 1; j < 5; j++) {
        assertThat(overlap(seq[i], seq[j])).as("children %d and %d", i, j).isZero();
      }
    }
  }

  @Test
  void splittingIsDeterministic() {
    SplittableUniformRandomProvider p1 = RandomStreams.fromSeed(99);
    SplittableUniformRandomProvider p2 = RandomStreams.fromSeed(99);
    List<SplittableUniformRandomProvider> a = RandomStreams.split(p1, 4);
    List<SplittableUniformRandomProvider> b = RandomStreams.split(p2, 4);
    // Draw in a different interleaving: each stream's numbers depend only on seed and index.
    long[][] fromA = new long[4][];
    for (int i = 0; i < 4; i++) {
      fromA[i] = draw(a.get(i), 100);
    }
    for (int i = 3; i >= 0; i--) {
      assertThat(draw(b.get(i), 100)).as("child %d", i).containsExactly(fromA[i]);
    }
    assertThat(draw(p1, 50)).containsExactly(draw(p2, 50));
  }

  @Test
  void theFirstSplitsDoNotDependOnHowManyAreTaken() {
    List<SplittableUniformRandomProvider> three = RandomStreams.split(RandomStreams.fromSeed(5), 3);
    List<SplittableUniformRandomProvider> six = RandomStreams.split(RandomStreams.fromSeed(5), 6);
    for (int i = 0; i < 3; i++) {
      assertThat(draw(three.get(i), 50)).containsExactly(draw(six.get(i), 50));
    }
  }

  @Test
  void splittingZeroStreamsGivesNone() {
    assertThat(RandomStreams.split(RandomStreams.fromSeed(1), 0)).isEmpty();
  }

  @Test
  void doublesAreUniformInTheUnitInterval() {
    UniformRandomProvider rng = RandomStreams.fromSeed(3);
    int n = 100_000;
    double sum = 0;
    for (int i = 0; i < n; i++) {
      double u = rng.nextDouble();
      assertThat(u).isGreaterThanOrEqualTo(0.0).isLessThan(1.0);
      sum += u;
    }
    // mean 1/2, standard error sqrt(1/12 / n) ≈ 0.0009
    assertThat(sum / n).isBetween(0.5 - 5 * Math.sqrt(1.0 / 12 / n), 0.5 + 5 * Math.sqrt(1.0 / 12 / n));
  }

  @Test
  void taskSeedsAreSplitMix64OverTheCoordinatesAndDifferBetweenTasks() {
    // SplitMix64 seeded with 0 returns 0xE220A8397B1DCDAF first (Steele, Lea & Flood's reference output)
    assertThat(RandomStreams.mix64(0x9E3779B97F4A7C15L)).isEqualTo(0xE220A8397B1DCDAFL);
    assertThat(RandomStreams.taskSeed(5)).isEqualTo(5);
    assertThat(RandomStreams.taskSeed(5, 0)).isEqualTo(RandomStreams.mix64(5 + 0x9E3779B97F4A7C15L));
    java.util.Set<Long> seen = new java.util.HashSet<>();
    for (long a = 0; a < 20; a++) {
      for (long b = 0; b < 20; b++) {
        seen.add(RandomStreams.taskSeed(1, a, b));
      }
    }
    assertThat(seen).hasSize(400);
    assertThat(RandomStreams.taskSeed(1, 2, 3)).isNotEqualTo(RandomStreams.taskSeed(1, 3, 2));
  }
}
