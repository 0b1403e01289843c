package org.occam.search;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.occam.math.LogSpace;

/**
 * Bayesian model averaging over a set of scored structures: posterior probabilities of the
 * structures and of their arcs or edges, log Bayes factors against the best, Occam's window, and
 * whether the data separate the top structures.
 *
 * <p>With log evidence {@code ln p(D | m)} and a {@link StructurePrior},
 *
 * <pre>  p(m | D) = exp(ln p(D | m) + ln p(m) − L),   L = ln Σ_m' exp(ln p(D | m') + ln p(m'))</pre>
 *
 * (a stable log-sum-exp), normalised over the candidates given: the posterior is conditional on the
 * true structure being one of them. The best structure is the one of highest posterior (the first
 * in input order on a tie); a structure's log Bayes factor against it is
 * {@code ln p(D | m) − ln p(D | best)} (under the uniform prior the log posterior odds, too).
 *
 * <p><b>Occam's window</b> (Madigan &amp; Raftery 1994, JASA 89:1535, the first of their two
 * rules): keep the structures with {@code p(m | D) ≥ p(best | D) / C}, C = 20 by default, and
 * renormalise the posterior over them. Their second rule (dropping a structure that has a simpler
 * sub-structure of higher posterior) is not applied.
 *
 * <p>A <b>feature</b> is an arc or edge spelled as a string (e.g. {@code "h1->y2"} or
 * {@code "smoke-mental"}); its posterior probability is the posterior mass of the structures that
 * contain it, {@code Σ_m p(m | D) [f ∈ m]}, reported both over all candidates and over the window.
 *
 * <p><b>Separability</b>: following Kass &amp; Raftery (1995, JASA 90:773), a log Bayes factor
 * below 1 nat is "not worth more than a bare mention" and one above 3 nats is strong; the summary
 * says the data cannot separate the top structures when the best has posterior below 1/2 or
 * another structure lies within 1 nat of it.
 *
 * <p>A candidate whose score is not a finite number (a failed estimate) is left out and listed in
 * {@link Result#excluded()}; a candidate with the same feature set as an earlier one is the same
 * structure, so it is left out too and listed in {@link Result#duplicates()}.
 */
public final class ModelAveraging {
  /** Another structure within this many nats of the best makes the top inseparable. */
  public static final double BARE_MENTION_NATS = 1.0;
  /** Kass &amp; Raftery's "strong" evidence, 3 nats (2 ln B &gt; 6). */
  public static final double STRONG_NATS = 3.0;

  private ModelAveraging() {}

  /**
   * One scored structure.
   *
   * @param name how it is called in tables (e.g. its compact structure or "path-3")
   * @param logScore its log evidence {@code ln p(D | m)}, or an estimate of it
   * @param features its arcs or edges
   */
  public record Candidate(String name, double logScore, Set<String> features) {
    public Candidate {
      features = Set.copyOf(features);
    }
  }

  /**
   * How to average.
   *
   * @param prior the structure prior
   * @param window Occam's window C &gt; 1: keep structures at least 1/C as probable as the best
   */
  public record Settings(StructurePrior prior, double window) {
    /** Madigan &amp; Raftery's C = 20. */
    public static final double DEFAULT_WINDOW = 20;

    public Settings {
      if (prior == null) {
        throw new InvalidInputException("a structure prior is needed");
      }
      if (!(window > 1) || Double.isInfinite(window)) {
        throw new InvalidInputException("Occam's window C must be a finite number > 1, got " + window);
      }
    }

    /** The uniform prior and C = 20. */
    public static Settings defaults() {
      return new Settings(StructurePrior.uniform(), DEFAULT_WINDOW);
    }

    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("structurePrior", prior.toString());
      m.put("window", window);
      return m;
    }
  }

  /**
   * One structure's posterior.
   *
   * @param index its index in the candidate list
   * @param logPrior its unnormalised log prior
   * @param logBayesFactor {@code ln p(D | m) − ln p(D | best)}
   * @param logPosteriorOdds {@code ln p(m | D) − ln p(best | D)} (≤ 0)
   * @param posterior {@code p(m | D)} over all candidates
   * @param rank 1 + the number of structures of strictly higher posterior
   * @param inWindow whether it is in Occam's window
   * @param windowPosterior its posterior renormalised over the window (0 outside)
   */
  public record StructurePosterior(int index, String name, double logScore, double logPrior,
      double logBayesFactor, double logPosteriorOdds, double posterior, int rank, boolean inWindow,
      double windowPosterior) {}

  /**
   * An arc's or edge's posterior probability.
   *
   * @param overAll {@code Σ_m p(m | D) [f ∈ m]} over all candidates
   * @param overWindow the same over Occam's window with the renormalised posterior
   */
  public record FeatureProbability(String feature, double overAll, double overWindow) {}

  /**
   * Whether the data separate the top structures.
   *
   * @param bestPosterior {@code p(best | D)}
   * @param runnerUpLogOdds the second structure's log posterior odds against the best, if there is one
   * @param within1Nat other structures with log posterior odds ≥ −1
   * @param within3Nats other structures with log posterior odds ≥ −3
   * @param windowSize structures in Occam's window, the best included
   * @param separated false when the best has posterior &lt; 1/2 or another structure lies within 1 nat
   * @param sentence one line for the terminal
   */
  public record Separability(double bestPosterior, OptionalDouble runnerUpLogOdds, int within1Nat,
      int within3Nats, int windowSize, boolean separated, String sentence) {}

  /**
   * The averaged posterior.
   *
   * @param candidates how many candidates were given
   * @param structures the structures averaged over (finite scores, first of each feature set), in input order
   * @param best the candidate index of the best structure
   * @param logNormaliser {@code L}, the log of the sum of evidence × prior weight
   * @param windowMass the posterior mass (over all) of the structures in the window
   * @param features every arc or edge of some structure, in order of first appearance
   * @param excluded candidate indices whose score was NaN or infinite
   * @param duplicates candidate index → the earlier candidate index with the same features
   */
  public record Result(Settings settings, int candidates, List<StructurePosterior> structures, int best,
      double logNormaliser, double windowMass, List<FeatureProbability> features, Separability separability,
      List<Integer> excluded, Map<Integer, Integer> duplicates) {
    public Result {
      structures = List.copyOf(structures);
      features = List.copyOf(features);
      excluded = List.copyOf(excluded);
      duplicates = Map.copyOf(duplicates);
    }

    /** The posterior of candidate {@code index}, if it was averaged over (a binary search: structures are in index order). */
    public java.util.Optional<StructurePosterior> structure(int index) {
      int lo = 0;
      int hi = structures.size() - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        int at = structures.get(mid).index();
        if (at == index) {
          return java.util.Optional.of(structures.get(mid));
        }
        if (at < index) {
          lo = mid + 1;
        } else {
          hi = mid - 1;
        }
      }
      return java.util.Optional.empty();
    }

    /** The structures in the window, most probable first. */
    public List<StructurePosterior> window() {
      return structures.stream().filter(StructurePosterior::inWindow)
          .sorted(java.util.Comparator.comparingDouble(StructurePosterior::logPosteriorOdds).reversed()
              .thenComparingInt(StructurePosterior::index))
          .toList();
    }

    /** The feature's probability, or 0 for a feature in no structure. */
    public FeatureProbability feature(String name) {
      return features.stream().filter(f -> f.feature().equals(name)).findFirst()
          .orElse(new FeatureProbability(name, 0, 0));
    }
  }

  /** Whether some candidate has a finite score, so that {@link #average} can average. */
  public static boolean hasFiniteScore(List<Candidate> candidates) {
    return candidates.stream().anyMatch(c -> Double.isFinite(c.logScore()));
  }

  /**
   * Averages over {@code candidates}.
   *
   * @throws IllegalArgumentException if no candidate has a finite score
   */
  public static Result average(List<Candidate> candidates, Settings settings) {
    List<Integer> excluded = new ArrayList<>();
    Map<Integer, Integer> duplicates = new LinkedHashMap<>();
    // keyed by the sorted features joined: sums of a few strings' hashes (Set.hashCode) collide a lot
    Map<String, Integer> firstWith = new HashMap<>();
    List<Integer> kept = new ArrayList<>();
    List<List<String>> sortedFeatures = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) {
      Candidate c = candidates.get(i);
      if (!Double.isFinite(c.logScore())) {
        excluded.add(i);
        continue;
      }
      List<String> sorted = c.features().stream().sorted().toList();
      Integer earlier = firstWith.putIfAbsent(String.join("\u0000", sorted), i);
      if (earlier != null) {
        duplicates.put(i, earlier);
        continue;
      }
      kept.add(i);
      sortedFeatures.add(sorted);
    }
    if (kept.isEmpty()) {
      throw new InvalidInputException("none of the " + candidates.size()
          + " candidate structures has a finite score; nothing to average");
    }
    int n = kept.size();
    double[] logPrior = new double[n];
    double[] logJoint = new double[n];
    for (int a = 0; a < n; a++) {
      Candidate c = candidates.get(kept.get(a));
      logPrior[a] = settings.prior().logWeight(c.features().size());
      logJoint[a] = c.logScore() + logPrior[a];
    }
    int best = 0;
    for (int a = 1; a < n; a++) {
      if (logJoint[a] > logJoint[best]) {
        best = a;
      }
    }
    double logNormaliser = LogSpace.logSumExp(logJoint);
    double logC = Math.log(settings.window());
    boolean[] in = new boolean[n];
    double[] windowTerms = new double[n];
    for (int a = 0; a < n; a++) {
      in[a] = logJoint[a] - logJoint[best] >= -logC;
      windowTerms[a] = in[a] ? logJoint[a] : Double.NEGATIVE_INFINITY;
    }
    double logWindowNormaliser = LogSpace.logSumExp(windowTerms);
    int[] rank = Ranks.of(logJoint);
    double bestScore = candidates.get(kept.get(best)).logScore();
    List<StructurePosterior> structures = new ArrayList<>();
    double[] post = new double[n];
    double[] windowPost = new double[n];
    double windowMass = 0;
    for (int a = 0; a < n; a++) {
      Candidate c = candidates.get(kept.get(a));
      post[a] = Math.exp(logJoint[a] - logNormaliser);
      windowPost[a] = in[a] ? Math.exp(logJoint[a] - logWindowNormaliser) : 0;
      windowMass += in[a] ? post[a] : 0;
      structures.add(new StructurePosterior(kept.get(a), c.name(), c.logScore(), logPrior[a],
          c.logScore() - bestScore, logJoint[a] - logJoint[best], post[a], rank[a], in[a], windowPost[a]));
    }
    Map<String, double[]> sums = new LinkedHashMap<>();
    for (int a = 0; a < n; a++) {
      // features in a fixed order so first appearance does not depend on Set iteration order
      for (String f : sortedFeatures.get(a)) {
        double[] s = sums.computeIfAbsent(f, k -> new double[2]);
        s[0] += post[a];
        s[1] += windowPost[a];
      }
    }
    List<FeatureProbability> features = new ArrayList<>();
    sums.forEach((f, s) -> features.add(new FeatureProbability(f, Math.min(1, s[0]), Math.min(1, s[1]))));
    Separability sep = separability(structures, best, candidates.size(), settings);
    return new Result(settings, candidates.size(), structures, kept.get(best), logNormaliser, windowMass, features,
        sep, excluded, duplicates);
  }

  private static Separability separability(List<StructurePosterior> s, int best, int candidates, Settings settings) {
    int within1 = 0;
    int within3 = 0;
    int window = 0;
    double runnerUp = Double.NEGATIVE_INFINITY;
    for (int a = 0; a < s.size(); a++) {
      double odds = s.get(a).logPosteriorOdds();
      window += s.get(a).inWindow() ? 1 : 0;
      if (a == best) {
        continue;
      }
      within1 += odds >= -BARE_MENTION_NATS ? 1 : 0;
      within3 += odds >= -STRONG_NATS ? 1 : 0;
      runnerUp = Math.max(runnerUp, odds);
    }
    double pBest = s.get(best).posterior();
    boolean separated = pBest >= 0.5 && within1 == 0;
    OptionalDouble second = s.size() > 1 ? OptionalDouble.of(runnerUp) : OptionalDouble.empty();
    String among = String.format(Locale.ROOT, "among the %d structures scored", s.size());
    String sentence;
    if (s.size() == 1) {
      sentence = "only one structure has a finite score; there is nothing to separate";
    } else if (separated) {
      sentence = String.format(Locale.ROOT,
          "the best structure is separated %s: posterior %.3f, the next %.2f nats below; %d in Occam's window (C = %s)",
          among, pBest, -runnerUp, window, fmt(settings.window()));
    } else {
      sentence = String.format(Locale.ROOT,
          "the data cannot separate the top structures %s: %d other(s) within 1 nat of the best and %d within 3"
              + " nats, the best has posterior %.3f; %d in Occam's window (C = %s)",
          among, within1, within3, pBest, window, fmt(settings.window()));
    }
    return new Separability(pBest, second, within1, within3, window, separated, sentence);
  }

  private static String fmt(double x) {
    return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
  }
}
