package org.occam.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.occam.dag.DagStructure;
import org.occam.evidence.EvidenceEstimate;
import org.occam.search.DagMethodScore;
import org.occam.search.DagHillClimbing;
import org.occam.search.DagSearchSpace;

/**
 * What {@code occam dag search} prints and writes for a hill-climbing search over DAG structures
 * (Beal's thesis ch. 6 scores): the climbs, the best structure, whether and when the search
 * reached the true structure, and the JSON and CSV of the search path.
 */
public final class DagSearchReport {
  private final DagSearchSpace space;
  private final String method;
  private final DagHillClimbing.Result result;
  private final DagStructure truth;

  /** The score's estimate at the best structure (null for the complete-data scores), its runs' counts. */
  private EvidenceEstimate bestEstimate;
  private int scored;
  private int notConverged;
  private int maxIterations;

  /**
   * @param method the score's name
   * @param truth the true structure in the search space, or null when none is given
   */
  public DagSearchReport(DagSearchSpace space, String method, DagHillClimbing.Result result, DagStructure truth) {
    this.space = space;
    this.method = method;
    this.result = result;
    this.truth = truth;
  }

  /** One line per climb (start score, best, moves, structures scored, best structure), then the best overall. */
  public void printClimbs(PrintWriter out) {
    out.printf("%-6s %12s %12s %6s %7s  %s%n", "climb", "start", "best " + method, "moves", "scored",
        "best structure of the climb");
    for (var c : result.climbs()) {
      out.printf("%-6d %12.3f %12.3f %6d %7d  %s%n", c.climb(), result.path().stream()
          .filter(s -> s.climb() == c.climb() && s.step() == 0).findFirst().orElseThrow().score(), c.bestScore(),
          c.moves(), c.scored(), StructureJson.compact(c.best()));
    }
    out.printf("%nbest %s = %.3f: %s%n", method, result.bestScore(), result.best());
  }

  /**
   * Takes the method score the search used (null for the complete-data scores, which have no runs
   * to converge): its estimate at the best structure, for {@link #printNonConverged} and the JSON,
   * and how many of the structures it scored in this run stopped at {@code maxIterations}; this report.
   */
  public DagSearchReport withMethodScore(DagMethodScore score, int maxIterations) {
    if (score != null) {
      this.bestEstimate = score.estimate(result.best());
      this.scored = score.scored();
      this.notConverged = score.notConverged();
      this.maxIterations = maxIterations;
    }
    return this;
  }

  /**
   * A warning on {@code out} when the best structure's score stopped at the iteration limit (the JSON
   * has it in the best estimate's diagnostics): it depends only on the best structure, so a resumed
   * search prints what an uninterrupted one does. On {@code err}, how many of the structures scored in
   * this run (not those kept from a journal) stopped there.
   */
  public void printNonConverged(PrintWriter out, PrintWriter err) {
    if (bestEstimate == null) {
      return;
    }
    if (notConverged > 0) {
      err.printf("dag search: %s did not converge within %d iterations for %d of the %d structure(s) scored in this"
          + " run (%s)%n", method, maxIterations, notConverged, scored, IterationLimit.WAY_ROUND);
    }
    if (!bestEstimate.converged()) {
      out.println(IterationLimit.warning(method, maxIterations, "the best structure", false));
    }
  }

  /** Whether and where the search visited the true structure (up to interchangeable hidden variables); nothing without one. */
  public void printTruth(PrintWriter out) {
    if (truth == null) {
      return;
    }
    var visit = firstVisit();
    if (visit.isPresent()) {
      out.printf("true structure: %s; first reached in climb %d at step %d (score %.3f)%n",
          truthIsBest() ? "found as the best" : "reached but not the best", visit.get().climb(), visit.get().step(),
          visit.get().score());
    } else {
      out.println("true structure: not reached by the search");
    }
  }

  private boolean truthIsBest() {
    return space.key(result.best()).equals(space.key(truth));
  }

  private Optional<DagHillClimbing.Step> firstVisit() {
    var key = space.key(truth);
    return result.path().stream().filter(s -> space.key(s.structure()).equals(key)).findFirst();
  }

  /**
   * The search as JSON (a map tree for {@link ResultJson#write}).
   *
   * @param data the data's file, rows and distinct rows
   * @param hidden the hidden variables' names and states
   * @param settings the search's settings, prior, seed and score settings
   * @param timing the search's and the run's seconds
   */
  public Map<String, Object> json(Map<String, Object> data, Object hidden, String structureClass,
      Map<String, Object> settings, Map<String, Object> timing) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("data", data);
    root.put("hidden", hidden);
    root.put("class", structureClass);
    root.put("score", method);
    root.put("settings", settings);
    Map<String, Object> best = new LinkedHashMap<>();
    best.put("structure", result.best().toString());
    best.put("parents", StructureJson.parents(result.best()));
    best.put("parameters", result.best().freeParameters());
    best.put("logScore", result.bestScore());
    if (bestEstimate != null) { // from withMethodScore
      best.put("estimate", ResultJson.estimate(bestEstimate));
    }
    root.put("best", best);
    root.put("path", result.path().stream().map(DagSearchReport::stepJson).toList());
    List<Map<String, Object>> climbs = new ArrayList<>();
    for (var c : result.climbs()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("climb", c.climb());
      m.put("start", c.start().toString());
      m.put("best", c.best().toString());
      m.put("bestScore", c.bestScore());
      m.put("moves", c.moves());
      m.put("scored", c.scored());
      m.put("cacheHits", c.cacheHits());
      climbs.add(m);
    }
    root.put("climbs", climbs);
    Map<String, Object> counts = new LinkedHashMap<>();
    counts.put("structuresScored", result.structuresScored());
    counts.put("cacheHits", result.cacheHits());
    counts.put("familiesScored", result.familiesScored());
    counts.put("familyCacheHits", result.familyCacheHits());
    root.put("counts", counts);
    if (truth != null) {
      root.put("true", trueJson());
    }
    root.put("timing", timing);
    return root;
  }

  private Map<String, Object> trueJson() {
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("structure", truth.toString());
    t.put("isBest", truthIsBest());
    var visit = firstVisit();
    if (visit.isPresent()) {
      t.put("firstVisit", ResultJson.object("climb", visit.get().climb(), "step", visit.get().step()));
      t.put("logScore", visit.get().score());
    } else {
      t.put("firstVisit", null);
    }
    return t;
  }

  /** The search path as CSV: one row per step of every climb. */
  public String csv() {
    StringBuilder b = new StringBuilder("climb,step,move,logScore,newBest,candidates,scored,cacheHits,structure\n");
    for (var s : result.path()) {
      b.append(s.climb()).append(',').append(s.step()).append(',')
          .append(s.move() == null ? "start" : s.move().describe(space)).append(',').append(s.score()).append(',')
          .append(s.newBest()).append(',').append(s.candidates()).append(',').append(s.scored()).append(',')
          .append(s.cacheHits()).append(",\"").append(s.structure()).append("\"\n");
    }
    return b.toString();
  }

  private static Map<String, Object> stepJson(DagHillClimbing.Step s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("climb", s.climb());
    m.put("step", s.step());
    m.put("move", s.move() == null ? null : ResultJson.object("kind", s.move().kind().label(),
        "from", s.structure().name(s.move().from()), "to", s.structure().name(s.move().to())));
    m.put("structure", s.structure().toString());
    m.put("logScore", s.score());
    m.put("newBest", s.newBest());
    m.put("candidates", s.candidates());
    m.put("scored", s.scored());
    m.put("cacheHits", s.cacheHits());
    return m;
  }
}
