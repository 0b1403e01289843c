package org.occam.math;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Seeded, splittable random streams. Every restart, chain or structure gets its own stream,
 * split off the caller's stream in a fixed order before any work is scheduled, so the numbers a
 * task sees depend on the seed and the task's index, never on the number of threads.
 *
 * <p>The generator is L64_X128_MIX (Steele &amp; Vigna 2021, LXM), whose {@code split} yields
 * statistically independent streams.
 */
public final class RandomStreams {
  private RandomStreams() {}

  /** The root stream for a user-given seed. */
  public static SplittableUniformRandomProvider fromSeed(long seed) {
    return (SplittableUniformRandomProvider) RandomSource.L64_X128_MIX.create(seed);
  }

  /** {@code count} independent streams split off {@code parent}, in index order. */
  public static List<SplittableUniformRandomProvider> split(
      SplittableUniformRandomProvider parent, int count) {
    List<SplittableUniformRandomProvider> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(parent.split());
    }
    return out;
  }
}
