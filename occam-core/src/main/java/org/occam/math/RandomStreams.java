package org.occam.math;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.RestorableUniformRandomProvider;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.core.RandomProviderDefaultState;
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

  /**
   * The stream's state as bytes, for a task record that another process runs: {@link #restore}
   * gives a stream that draws the same numbers.
   */
  public static byte[] state(SplittableUniformRandomProvider stream) {
    return ((RandomProviderDefaultState) ((RestorableUniformRandomProvider) stream).saveState()).getState();
  }

  /** The stream whose state {@link #state} saved. */
  public static SplittableUniformRandomProvider restore(byte[] state) {
    SplittableUniformRandomProvider s = fromSeed(0);
    ((RestorableUniformRandomProvider) s).restoreState(new RandomProviderDefaultState(state));
    return s;
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

  /**
   * A task's seed, from a base seed and the task's coordinates (model, size, fold…): SplitMix64's
   * finaliser (Steele, Lea &amp; Flood 2014) applied once per coordinate, so a task's numbers depend
   * on what the task is, not on which other tasks run or in what order.
   */
  public static long taskSeed(long base, long... coordinates) {
    long h = base;
    for (long c : coordinates) {
      h = mix64(h + 0x9E3779B97F4A7C15L * (c + 1));
    }
    return h;
  }

  /** SplitMix64's finaliser: a bijection of the 64-bit integers that mixes every bit. */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Fisher–Yates on {@code a[from, to)}: every order equally likely, {@code to − from − 1} draws from {@code rng}. */
  public static void shuffle(int[] a, int from, int to, org.apache.commons.rng.UniformRandomProvider rng) {
    for (int i = to - 1; i > from; i--) {
      int j = from + rng.nextInt(i - from + 1);
      int x = a[i];
      a[i] = a[j];
      a[j] = x;
    }
  }

  /** 0…n−1 in an order drawn by Fisher–Yates ({@link #shuffle}). */
  public static int[] permutation(int n, org.apache.commons.rng.UniformRandomProvider rng) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    shuffle(p, 0, n, rng);
    return p;
  }
}
