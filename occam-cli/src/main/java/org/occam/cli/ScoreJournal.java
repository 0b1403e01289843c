package org.occam.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.DoubleSupplier;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.report.PreviousRun;
import org.occam.report.Tables;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;

/**
 * The units of a structure search ({@code dag search}, {@code mrf search}): every structure's
 * score, kept in the run's journal as it is computed and printed (thinned) to stderr. A search
 * resumed from the journal replays its climbs and restarts with the kept scores instead of
 * computing them again; a structure's score depends on the structure alone (its seed is derived
 * from it), and the perturbations of the restarts on the search's seed, so the replay takes the
 * same path and ends with the same result as an uninterrupted search.
 */
final class ScoreJournal implements AutoCloseable {
  private final Map<String, Double> before = new HashMap<>();
  private final UnitLog log;
  private final UnitJournal journal;
  private final PrintWriter err;
  private final java.util.concurrent.atomic.AtomicInteger scored = new java.util.concurrent.atomic.AtomicInteger();
  private final java.util.concurrent.atomic.AtomicInteger reused = new java.util.concurrent.atomic.AtomicInteger();

  /** @param journal the run's journal, or null to keep nothing (the lines are still printed) */
  ScoreJournal(UnitJournal journal, PrintWriter err) {
    this.journal = journal;
    this.err = err;
    if (journal != null) {
      for (JsonNode u : journal.finished()) {
        before.put(u.path("structure").asText(), PreviousRun.number(u.get("score")));
      }
    }
    log = new UnitLog(journal, err, -1, before.size());
  }

  /**
   * The score of the structure named {@code key} (its full description, unique in the search
   * space): the kept one, or {@code compute}'s, then kept (thread-safe).
   */
  double score(String key, String method, DoubleSupplier compute) {
    Double kept = before.get(key);
    if (kept != null) {
      reused.incrementAndGet();
      return kept;
    }
    double score = compute.getAsDouble();
    scored.incrementAndGet();
    Map<String, Object> unit = new LinkedHashMap<>();
    unit.put("structure", key);
    unit.put("score", score);
    log.finished(unit, "scored " + key + ": " + method + " " + Tables.score(score));
    return score;
  }

  /** The search ended: prints how many structures it scored and how many kept scores it used. */
  void printCounts() {
    err.printf("%d structure(s) scored, %d kept from the interrupted run%n", scored.get(), reused.get());
    err.flush();
  }

  @Override
  public void close() {
    log.close();
    if (journal != null) {
      journal.close();
    }
  }
}
