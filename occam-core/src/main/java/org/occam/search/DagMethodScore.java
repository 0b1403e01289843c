package org.occam.search;

import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagProblem;
import org.occam.evidence.EvidenceMethod;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagScorer;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.dag.HiddenStateEnumeration;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;

/**
 * A structure score by one of Beal's DAG methods ({@link DagScorer}), alias-corrected where the
 * method is, for structure search.
 *
 * <p>Each structure draws its EM/VBEM restarts from a random stream that depends only on the seed
 * and the structure, never on what was scored before, so a search gives the same numbers with any
 * thread count and in any order. Given a {@link BipartiteStructureClass}, a structure of the class
 * uses the stream {@link org.occam.dag.StructureRanker#scoreAll} gives it (the stream split off the
 * seed's root at the structure's index), so its score equals {@code dag rank}'s bit for bit; other
 * structures use a stream seeded by the seed mixed with a hash of the structure's parent lists.
 * Thread-safe.
 */
public final class DagMethodScore implements DagStructureScore {
  private final Dataset data;
  private final double lambda;
  private final EvidenceMethod<DagProblem> method;
  private final DagScoreSettings settings;
  private final long seed;
  private final BipartiteStructureClass rankStreams;
  private final java.util.concurrent.atomic.AtomicInteger scored = new java.util.concurrent.atomic.AtomicInteger();
  private final java.util.concurrent.atomic.AtomicInteger notConverged =
      new java.util.concurrent.atomic.AtomicInteger();

  /**
   * @param lambda the symmetric Dirichlet hyperparameter of every CPT row
   * @param rankStreams the class whose structures get {@code dag rank}'s streams, or null
   */
  public DagMethodScore(Dataset data, double lambda, EvidenceMethod<DagProblem> method, DagScoreSettings settings,
      long seed,
      BipartiteStructureClass rankStreams) {
    this.data = data;
    this.lambda = lambda;
    this.method = method;
    this.settings = settings;
    this.seed = seed;
    this.rankStreams = rankStreams;
    DirichletPrior.uniform(1, lambda); // validates λ
  }

  public EvidenceMethod<DagProblem> method() {
    return method;
  }

  /**
   * The structure's score; each call counts towards {@link #scored()} and, if it did not converge,
   * {@link #notConverged()}.
   */
  @Override
  public double logScore(DagStructure structure) {
    EvidenceEstimate e = estimate(structure);
    scored.incrementAndGet();
    if (!e.converged()) {
      notConverged.incrementAndGet();
    }
    return e.logEvidence();
  }

  /** How many structures {@link #logScore} has scored. */
  public int scored() {
    return scored.get();
  }

  /** How many of them did not converge (an EM or VBEM run stopped at the iteration limit). */
  public int notConverged() {
    return notConverged.get();
  }

  /**
   * The method's full estimate (settings and diagnostics) for a structure. A structure of the
   * given class is scored as the class lists it (its hidden variables relabelled), so that a
   * relabelling gets exactly {@code dag rank}'s number, not one from other random starts.
   */
  public EvidenceEstimate estimate(DagStructure structure) {
    int index = rankStreams == null ? -1 : rankStreams.indexOf(structure);
    DagStructure s = index >= 0 ? rankStreams.structures().get(index) : structure;
    var compiled = new HiddenStateEnumeration(s, data, settings.configurationLimit());
    return DagScorer.score(compiled, DirichletPrior.uniform(s.size(), lambda), settings,
        stream(s, index), seed, java.util.List.of(method)).get(0);
  }

  /** The random stream of a structure's restarts (index: its place in the class, or −1). */
  private SplittableUniformRandomProvider stream(DagStructure s, int index) {
    if (index >= 0) {
      SplittableUniformRandomProvider root = RandomStreams.fromSeed(seed);
      SplittableUniformRandomProvider stream = null;
      for (int i = 0; i <= index; i++) {
        stream = root.split();
      }
      return stream;
    }
    return RandomStreams.fromSeed(mix(seed ^ mix(fnv(s.toString()))));
  }

  private static long fnv(String text) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < text.length(); i++) {
      h ^= text.charAt(i);
      h *= 0x100000001b3L;
    }
    return h;
  }

  /** SplitMix64's finaliser. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
