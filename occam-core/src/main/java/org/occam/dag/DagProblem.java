package org.occam.dag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.evidence.EvidenceEstimate;

/**
 * One DAG structure to score on one data set: the data compiled against the structure, the
 * Dirichlet prior, the settings, the random stream and the seed, and the work Beal's scores share —
 * the best of {@code restarts} MAP-EM runs (for map, bic, bicp, cs, cs-dagger) and of as many VBEM
 * runs (vb), started from the same random parameters — computed once, on first use.
 *
 * <p>The first {@code restarts} initial parameters (each CPT row uniform on its simplex, so never a
 * symmetric point) are drawn from the stream when the problem is made. With adaptive restarts
 * ({@link DagScoreSettings#adaptive()}) one more stream is split off then, and restart r beyond those
 * draws its parameters from the r-th stream split off that one, in order, when a search first needs
 * it: EM and VBEM share them and the values do not depend on which runs first or on the thread.
 * Methods that sample (ais) draw from the rest of the stream in the order they are asked. A problem
 * is one scoring run: make a new one with the same seed to repeat it.
 */
public final class DagProblem {
  private final HiddenStateEnumeration data;
  private final DirichletPrior prior;
  private final DagScoreSettings settings;
  private final SplittableUniformRandomProvider rng;
  private final long seed;
  private final List<double[]> starts = new ArrayList<>();
  /** The stream the adaptive restarts beyond the first {@code restarts} split theirs from, or null. */
  private final SplittableUniformRandomProvider extraStarts;
  private final AliasCount alias;
  private MapEm mapEm;
  private VariationalBayes vb;
  private AliasOverlap mapEmOverlap;
  private AliasOverlap vbOverlap;

  /**
   * @param data the data compiled against the structure
   * @param rng the random stream of this run (consumed)
   * @param seed the seed reported with the estimates (the user's seed the stream descends from)
   */
  public DagProblem(HiddenStateEnumeration data, DirichletPrior prior, DagScoreSettings settings,
      SplittableUniformRandomProvider rng, long seed) {
    this.data = Objects.requireNonNull(data, "data");
    this.prior = Objects.requireNonNull(prior, "prior");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.rng = Objects.requireNonNull(rng, "rng");
    this.seed = seed;
    for (int r = 0; r < settings.restarts(); r++) {
      starts.add(DagScorer.randomParameters(data.structure(), rng));
    }
    this.extraStarts = settings.adaptive() ? rng.split() : null;
    this.alias = AliasCount.of(data.structure());
  }

  public HiddenStateEnumeration data() {
    return data;
  }

  public DagStructure structure() {
    return data.structure();
  }

  public DirichletPrior prior() {
    return prior;
  }

  public DagScoreSettings settings() {
    return settings;
  }

  /** The random stream, for methods that sample (consumed in the order methods are asked). */
  public SplittableUniformRandomProvider rng() {
    return rng;
  }

  public long seed() {
    return seed;
  }

  /** The number of structures that differ only by relabelling hidden states (Beal's S). */
  public AliasCount alias() {
    return alias;
  }

  /** The best of the MAP-EM restarts, with all of them. */
  public synchronized MapEm mapEm() {
    if (mapEm == null) {
      long t0 = System.nanoTime();
      var basis = settings.mapBasisFor(prior);
      var emSettings = settings.emSettings(basis);
      List<ExpectationMaximisation.Run> runs = new ArrayList<>();
      int best = 0;
      double[] objectives = new double[settings.maxRestarts()];
      for (int i = 0; needsRestart(objectives, i, best); i++) {
        runs.add(ExpectationMaximisation.run(data, prior, start(i), emSettings));
        objectives[i] = runs.get(i).objective();
        if (objectives[i] > objectives[best]) {
          best = i;
        }
      }
      mapEm = new MapEm(runs, best, basis, (System.nanoTime() - t0) * 1e-9);
    }
    return mapEm;
  }

  /** The best of the VBEM restarts, with all of them. */
  public synchronized VariationalBayes variationalBayes() {
    if (vb == null) {
      long t0 = System.nanoTime();
      var vbSettings = settings.vbSettings();
      List<VariationalBayesEm.Run> runs = new ArrayList<>();
      int best = 0;
      double[] bounds = new double[settings.maxRestarts()];
      for (int i = 0; needsRestart(bounds, i, best); i++) {
        runs.add(VariationalBayesEm.run(data, prior, start(i), vbSettings));
        bounds[i] = runs.get(i).lowerBound();
        if (bounds[i] > bounds[best]) {
          best = i;
        }
      }
      vb = new VariationalBayes(runs, best, (System.nanoTime() - t0) * 1e-9);
    }
    return vb;
  }

  /**
   * Whether a search that has run {@code done} restarts, with these objectives, runs another: while
   * fewer than {@code restarts} have run; then, when adaptive, while fewer than {@code restartsUntilBest}
   * are at the best and fewer than {@code maxRestarts} have run.
   */
  private boolean needsRestart(double[] objectives, int done, int best) {
    if (done < settings.restarts()) {
      return true;
    }
    return settings.adaptive() && done < settings.maxRestarts()
        && restartsAtBest(java.util.Arrays.copyOf(objectives, done), best) < settings.restartsUntilBest();
  }

  /** The initial parameters of restart i, drawn from its own stream the first time it is asked for. */
  private double[] start(int i) {
    while (starts.size() <= i) {
      starts.add(DagScorer.randomParameters(data.structure(), extraStarts.split()));
    }
    return starts.get(i);
  }

  /**
   * The MAP-EM restarts: the best run (ties to the first) and the basis it ran in.
   *
   * @param seconds the time of all restarts
   */
  public record MapEm(List<ExpectationMaximisation.Run> runs, int bestIndex, ExpectationMaximisation.MapBasis basis,
      double seconds) {
    public ExpectationMaximisation.Run best() {
      return runs.get(bestIndex);
    }

    /** The convergence of the best run and every restart's objective. */
    public void describe(Map<String, Object> diag) {
      List<Map<String, Object>> all = new ArrayList<>();
      double[] values = new double[runs.size()];
      for (int i = 0; i < values.length; i++) {
        var r = runs.get(i);
        values[i] = r.objective();
        all.add(restart("objective", r.objective(), r.iterations(), r.converged(), r.trace().length));
      }
      putBest(diag, best().converged(), best().iterations(), best().trace().length, bestIndex, all);
      diag.put("restartsRun", values.length);
      diag.put("restartsAtBest", restartsAtBest(values, bestIndex));
    }
  }

  /** The VBEM restarts: the best run (ties to the first). */
  public record VariationalBayes(List<VariationalBayesEm.Run> runs, int bestIndex, double seconds) {
    public VariationalBayesEm.Run best() {
      return runs.get(bestIndex);
    }

    /** The convergence of the best run and every restart's bound. */
    public void describe(Map<String, Object> diag) {
      List<Map<String, Object>> all = new ArrayList<>();
      double[] values = new double[runs.size()];
      for (int i = 0; i < values.length; i++) {
        var r = runs.get(i);
        values[i] = r.lowerBound();
        var m = restart("lowerBound", r.lowerBound(), r.iterations(), r.converged(), r.trace().length);
        putGap(m, r);
        all.add(m);
      }
      putBest(diag, best().converged(), best().iterations(), best().trace().length, bestIndex, all);
      putGap(diag, best());
      diag.put("restartsRun", values.length);
      diag.put("restartsAtBest", restartsAtBest(values, bestIndex));
    }
  }

  /**
   * Aitken's estimate of how far below its limit a run's bound stopped ({@link VariationalBayesEm}),
   * when there is one: none when the increments did not shrink steadily (then also at Beal's
   * tolerance, or when F stopped rising by less than the rule's smallest increment).
   */
  private static void putGap(Map<String, Object> diag, VariationalBayesEm.Run r) {
    if (Double.isFinite(r.estimatedGapToLimit())) {
      diag.put("estimatedGapToLimit", r.estimatedGapToLimit());
    }
  }

  /** Restarts whose objective ends within this many nats of the best one count as having reached it. */
  public static final double RESTART_AGREEMENT_NATS = 0.01;

  /**
   * How many restarts ended within {@link #RESTART_AGREEMENT_NATS} of the best restart's objective
   * (the best included): 1 of several says the best optimum was found once, and more restarts may
   * find a better one (issue 16: on the demo's data at n = 10,240 three restarts end 2.3 and 8.0
   * nats apart).
   */
  static int restartsAtBest(double[] objectives, int best) {
    int n = 0;
    for (double v : objectives) {
      n += v >= objectives[best] - RESTART_AGREEMENT_NATS ? 1 : 0;
    }
    return n;
  }

  private static Map<String, Object> restart(String objectiveName, double objective, int iterations,
      boolean converged, int traceLength) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(objectiveName, objective);
    m.put("iterations", iterations);
    m.put("converged", converged);
    m.put("traceLength", traceLength);
    return m;
  }

  private static void putBest(Map<String, Object> diag, boolean converged, int iterations, int traceLength,
      int bestIndex, List<Map<String, Object>> restarts) {
    diag.put("converged", converged);
    diag.put("iterations", iterations);
    diag.put("traceLength", traceLength);
    diag.put("bestRestart", bestIndex);
    diag.put("restarts", restarts);
  }

  /** The settings every EM-based estimate reports. */
  public Map<String, Object> emSettings(String estimator, ExpectationMaximisation.MapBasis basis) {
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("prior", prior.toString());
    set.put("estimator", estimator);
    if (basis != null) {
      set.put("mapBasis", basis.name().toLowerCase(Locale.ROOT));
    }
    set.putAll(settings.toMap());
    if (!estimator.equals("vbem")) {
      set.remove("vbLimitGap");
      set.remove("vbAcceleration");
    } else {
      set.remove("emAcceleration");
      set.remove("emLimitGap");
    }
    return set;
  }

  /** A new diagnostics map with what every DAG estimate reports first. */
  public Map<String, Object> diagnostics() {
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("freeParameters", structure().freeParameters());
    diag.put("dataSize", data.dataSize());
    diag.put("distinctRows", data.distinctRows());
    return diag;
  }

  /**
   * How much of ln S the MAP-EM scores earn: the overlap of the aliases of the complete-data posterior
   * {@code Dir(λ + ŝ)} at θ̂, the q(θ) of which the Cheeseman–Stutz score is the bound F
   * ({@link AliasOverlap}).
   */
  public synchronized AliasOverlap mapEmAliasOverlap() {
    if (mapEmOverlap == null) {
      mapEmOverlap = AliasOverlap.of(structure(), alias, posteriorParameters(mapEm().best().expectedCounts()));
    }
    return mapEmOverlap;
  }

  /** How much of ln S the VB bound earns: the overlap of the aliases of the VBEM posterior {@code Dir(λ + N)}. */
  public synchronized AliasOverlap vbAliasOverlap() {
    if (vbOverlap == null) {
      vbOverlap = AliasOverlap.of(structure(), alias, posteriorParameters(variationalBayes().best().posteriorCounts()));
    }
    return vbOverlap;
  }

  private double[] posteriorParameters(double[] counts) {
    DagStructure s = structure();
    double[] a = new double[counts.length];
    for (int j = 0; j < s.size(); j++) {
      int from = s.offset(j);
      int to = from + s.parentConfigurations(j) * s.cardinality(j);
      for (int c = from; c < to; c++) {
        a[c] = prior.lambda(j) + counts[c];
      }
    }
    return a;
  }

  /**
   * The estimate of a method, with an alias correction added: {@code overlap} is null for methods
   * that take none (MAP, which is no evidence estimate; the exact evidence and AIS, which integrate
   * over every alias already); otherwise {@code aliasCorrection} is the part of ln S the method adds
   * (ln S_eff of the overlap, or less where a score caps it), reported with the overlap.
   *
   * @param random whether the method used the random stream (then the seed is reported)
   */
  public EvidenceEstimate estimate(String method, double uncorrected, double aliasCorrection, AliasOverlap overlap,
      OptionalDouble stdError, double seconds, Map<String, Object> settingsUsed, Map<String, Object> diag,
      boolean random) {
    double correction = overlap == null ? 0 : aliasCorrection;
    diag.put("uncorrectedLogEvidence", uncorrected);
    diag.put("aliasCount", alias.count());
    diag.put("aliasCorrectionApplied", correction > 0);
    if (overlap != null && alias.log() > 0) {
      diag.put("aliasCorrection", correction);
      diag.put("aliasOverlapChecked", overlap.checked());
      diag.put("effectiveAliasCount", Math.exp(overlap.logEffectiveCount()));
    }
    return new EvidenceEstimate(method, uncorrected + correction, stdError, seconds, settingsUsed,
        random ? OptionalLong.of(seed) : OptionalLong.empty(), diag);
  }

  /** An estimate without alias correction. */
  public EvidenceEstimate estimate(String method, double value, OptionalDouble stdError, double seconds,
      Map<String, Object> settingsUsed, Map<String, Object> diag, boolean random) {
    return estimate(method, value, 0, null, stdError, seconds, settingsUsed, diag, random);
  }
}
