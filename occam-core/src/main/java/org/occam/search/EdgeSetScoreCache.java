package org.occam.search;

import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Scores already computed, by edge set, so a search never scores one structure twice (hill
 * climbing meets the same neighbours again from step to step and restart to restart). Thread-safe.
 */
public final class EdgeSetScoreCache {
  private final ConcurrentHashMap<EdgeSet, Double> scores = new ConcurrentHashMap<>();
  private final AtomicLong hits = new AtomicLong();

  /** The cached score of {@code s}, counting a hit when present. */
  public OptionalDouble get(EdgeSet s) {
    Double d = scores.get(s);
    if (d == null) {
      return OptionalDouble.empty();
    }
    hits.incrementAndGet();
    return OptionalDouble.of(d);
  }

  /** Records the score of {@code s} (the first value recorded wins). */
  public void put(EdgeSet s, double score) {
    scores.putIfAbsent(s, score);
  }

  /** The score of {@code s}, from the cache or computed (and then cached) by {@code score}. */
  public double score(EdgeSet s, MrfGraphScore score) {
    OptionalDouble d = get(s);
    if (d.isPresent()) {
      return d.getAsDouble();
    }
    double v = score.logScore(s.toGraph());
    put(s, v);
    return v;
  }

  /** The number of distinct edge sets scored. */
  public int size() {
    return scores.size();
  }

  /** The number of look-ups answered from the cache. */
  public long hits() {
    return hits.get();
  }
}
