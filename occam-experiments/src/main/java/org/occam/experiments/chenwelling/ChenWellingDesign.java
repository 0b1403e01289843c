package org.occam.experiments.chenwelling;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmExactSampler;

/**
 * The data of Chen &amp; Welling's (2013) experiments:
 *
 * <ul>
 *   <li>Figures 1–2 (section 2): random RBMs with V = 10 visible and K* = 5 hidden units whose
 *       parameters are drawn from the prior, every λ_a ~ N(0, σ0²) with σ0 = 1; each model's data
 *       are exact i.i.d. samples, and a data set of size N is the first N of one long draw, so the
 *       sizes are nested;
 *   <li>Figures 4, 6 and 7 (section 4): random subsets of the documents of a word matrix, redrawn
 *       until every word occurs in at least one document (the paper's constraint of section 4.1,
 *       which we apply in section 4.2 too so that no column is constant).
 * </ul>
 *
 * <p>Every random choice reads its own stream or seed, passed in by the caller, so the design
 * depends on the seed only, never on the thread count or on which other parts run.
 */
final class ChenWellingDesign {
  /** The visible units of the random RBMs of Figures 1–2. */
  static final int VISIBLE = 10;
  /** The most draws of a subset before giving up on the every-word constraint. */
  static final int MAX_SUBSET_DRAWS = 10_000;

  private ChenWellingDesign() {}

  /** The parts of the experiment, each a figure or two of the paper. */
  enum Part {
    /** Figures 1 and 2: choosing K of random RBMs by the Laplace evidence and by cross-validation. */
    FIGURES_1_2("1-2"),
    /** Figure 4: evidence per document against N, 5 words, K = 3. */
    FIGURE_4("4"),
    /** Figure 6: evidence per document against K, 5 words, N = 100. */
    FIGURE_6("6"),
    /** Figure 7: evidence per document against K, 100 words, N = 100. */
    FIGURE_7("7");

    private final String label;

    Part(String label) {
      this.label = label;
    }

    /** The figure label used in file names and in the {@code figure} column: 1-2, 4, 6 or 7. */
    String label() {
      return label;
    }

    /**
     * Parses a list like {@code 1-2,4,6,7} ("1" and "2" also name the first part, "all" every
     * part).
     */
    static EnumSet<Part> parseList(String text) {
      EnumSet<Part> parts = EnumSet.noneOf(Part.class);
      for (String token : text.split(",")) {
        String t = token.trim().toLowerCase(Locale.ROOT);
        switch (t) {
          case "1-2", "1", "2", "12" -> parts.add(FIGURES_1_2);
          case "4" -> parts.add(FIGURE_4);
          case "6" -> parts.add(FIGURE_6);
          case "7" -> parts.add(FIGURE_7);
          case "all" -> parts.addAll(EnumSet.allOf(Part.class));
          default -> throw new InvalidInputException("--parts: unknown part \"" + token.trim()
              + "\" (choose from 1-2, 4, 6, 7 or all)");
        }
      }
      return parts;
    }
  }

  /**
   * A random RBM from the prior: every weight and bias N(0, σ0²) independently, in λ's feature order.
   */
  static Rbm randomRbm(int visible, int hidden, double priorSigma, UniformRandomProvider rng) {
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] lambda = new double[visible * hidden + visible + hidden];
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] = priorSigma * normal.sample();
    }
    return new Rbm(visible, hidden, lambda);
  }

  /**
   * The data sets of one model: exact samples drawn in one sequence from {@code rng}, the data set of
   * size {@code sizes[j]} being the first {@code sizes[j]} of them. Rows are kept as counts over the
   * 2^V visible configurations, so the largest N costs memory for 2^V counts only.
   *
   * @param sizes ascending sizes ≥ 1
   * @return one data set per size, columns {@code x1 … xV}, distinct rows in configuration order
   */
  static List<RbmData> nestedSamples(Rbm rbm, int[] sizes, UniformRandomProvider rng) {
    int v = rbm.visibleCount();
    if (v > 20) {
      throw new InvalidInputException("nested samples are counted over 2^V configurations; V = " + v
          + " is too many");
    }
    RbmExactSampler sampler = new RbmExactSampler(rbm);
    long[] counts = new long[1 << v];
    List<RbmData> out = new ArrayList<>();
    int drawn = 0;
    int chunk = 4096;
    for (int size : sizes) {
      while (drawn < size) {
        int m = Math.min(chunk, size - drawn);
        for (int[] x : sampler.sampleVisible(m, rng)) {
          counts[RbmData.pattern(x)]++;
        }
        drawn += m;
      }
      out.add(RbmData.ofPatternCounts(v, counts));
    }
    return out;
  }

  /**
   * A subset of documents in which every word occurs.
   *
   * @param seed the seed of the accepted draw ({@link RbmData#randomSubset})
   * @param draws how many subsets were drawn, the accepted one included
   */
  record Subset(RbmData data, long seed, int draws) {}

  /**
   * n documents drawn without replacement, redrawn until every column has a 1. Draw {@code a} uses
   * the a-th {@code nextLong()} of a stream seeded with {@code seed}, so the result is a function of
   * the seed.
   *
   * @throws IllegalArgumentException if n is not in 1..N, or no draw of {@link #MAX_SUBSET_DRAWS}
   *     has every word
   */
  static Subset coveringSubset(RbmData all, int n, long seed) {
    if (n < 1 || n > all.size()) {
      throw new InvalidInputException("a subset of " + n + " documents: the data have " + all.size());
    }
    UniformRandomProvider seeds = RandomStreams.fromSeed(seed);
    for (int draw = 1; draw <= MAX_SUBSET_DRAWS; draw++) {
      long s = seeds.nextLong();
      RbmData subset = all.randomSubset(n, s);
      if (everyColumnOccurs(subset)) {
        return new Subset(subset, s, draw);
      }
    }
    throw new InvalidInputException("no subset of " + n + " documents in " + MAX_SUBSET_DRAWS
        + " draws has every one of the " + all.visibleCount() + " words; choose a larger size");
  }

  static boolean everyColumnOccurs(RbmData data) {
    for (long ones : data.columnOnes()) {
      if (ones == 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * A task's seed: SplitMix64's finaliser over a part's base seed and the task's coordinates, so a
   * task's numbers depend on what it is, not on which other tasks run or in what order.
   */
  static long taskSeed(long base, long... parts) {
    return RandomStreams.taskSeed(base, parts);
  }
}
