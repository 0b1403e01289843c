package org.occam.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.evidence.EvidenceEstimate;

/**
 * The units of one kind in a run's journal ({@link UnitJournal}): a unit kept by an interrupted
 * run is reused, a new one computed, appended to the journal and printed as one line to stderr
 * ({@link UnitLog}). A unit is named by its identity, a few ordered fields (a structure's index,
 * its edges…), and holds one value: a score ({@link #scores}) or a structure's estimates by every
 * method ({@link #estimates}). A journal line is {@code {"kind"?, identity…, value}}; units of
 * other kinds in the same journal are left alone. Thread-safe.
 *
 * <p>Reuse is sound only when a unit's value depends on its identity alone (its seed derived from
 * it, never from the units before it): then a resumed run ends as an uninterrupted one would.
 *
 * @param <V> the value of a unit
 */
public final class JournalledUnits<V> implements AutoCloseable {
  private final String kind;
  private final String valueField;
  private final Function<V, Object> toJson;
  private final Function<V, String> text;
  private final Map<JsonNode, V> kept = new HashMap<>();
  private final UnitLog log;
  private final PrintWriter err;
  private final AtomicInteger computed = new AtomicInteger();
  private final AtomicInteger reused = new AtomicInteger();

  private JournalledUnits(UnitJournal journal, PrintWriter err, String kind, long units, String valueField,
      Function<JsonNode, V> fromJson, Function<V, Object> toJson, Function<V, String> text) {
    this.kind = kind;
    this.valueField = valueField;
    this.toJson = toJson;
    this.text = text;
    this.err = err;
    if (journal != null) {
      for (JsonNode u : journal.finished()) {
        if (kind == null || u.path("kind").asText().equals(kind)) {
          kept.put(identityOf(u), fromJson.apply(u.get(valueField)));
        }
      }
    }
    log = new UnitLog(journal, err, units, kept.size());
  }

  /**
   * Units whose value is one method's score, journalled as {@code "score"} and printed as
   * {@code METHOD SCORE}.
   *
   * @param journal the run's journal, or null to keep nothing (the lines are still printed)
   * @param kind the units' {@code "kind"} field, or null when the journal holds one kind only
   * @param units the units of the run, or −1 when not known in advance (a search)
   */
  public static JournalledUnits<Double> scores(UnitJournal journal, PrintWriter err, String kind, String method,
      long units) {
    return new JournalledUnits<>(journal, err, kind, units, "score", PreviousRun::number, s -> s,
        s -> method + " " + Tables.score(s));
  }

  /**
   * Units whose value is a structure's estimates by every method, journalled as {@code "results"}
   * ({@link ResultJson#estimate}, read back exactly by {@link EstimateJson}) and printed as
   * {@code METHOD SCORE, METHOD SCORE…}.
   */
  public static JournalledUnits<List<EvidenceEstimate>> estimates(UnitJournal journal, PrintWriter err, String kind,
      long units) {
    return new JournalledUnits<>(journal, err, kind, units, "results", r -> {
      List<EvidenceEstimate> estimates = new ArrayList<>();
      r.forEach(e -> estimates.add(EstimateJson.read(e)));
      return estimates;
    }, es -> es.stream().map(ResultJson::estimate).toList(), JournalledUnits::scoresText);
  }

  /** {@code METHOD SCORE, METHOD SCORE…}. */
  static String scoresText(List<EvidenceEstimate> estimates) {
    List<String> parts = new ArrayList<>();
    for (EvidenceEstimate e : estimates) {
      parts.add(e.method() + " " + Tables.score(e.logEvidence()));
    }
    return String.join(", ", parts);
  }

  /**
   * The value of the unit named {@code identity}: the kept one, or {@code compute}'s, then kept
   * and printed as {@code label: value}.
   *
   * @param identity the unit's identity fields in journal order, e.g. {@code {"index": 3, "edges": "0-1"}}
   */
  public V value(Map<String, Object> identity, String label, Supplier<V> compute) {
    V before = kept(identity);
    if (before != null) {
      reused.incrementAndGet();
      return before;
    }
    V value = compute.get();
    finished(identity, label, value);
    return value;
  }

  /** The value kept by the interrupted run for this unit, or null. */
  public V kept(Map<String, Object> identity) {
    return kept.get(PreviousRun.tree(identity));
  }

  /** A unit computed elsewhere (e.g. in a parallel scorer): kept and printed as {@code label: value}. */
  public void finished(Map<String, Object> identity, String label, V value) {
    computed.incrementAndGet();
    Map<String, Object> unit = new LinkedHashMap<>();
    if (kind != null) {
      unit.put("kind", kind);
    }
    unit.putAll(identity);
    unit.put(valueField, toJson.apply(value));
    log.finished(unit, label + ": " + text.apply(value));
  }

  /** The units computed in this run. */
  public int computed() {
    return computed.get();
  }

  /** The units kept by the interrupted run that {@link #value} reused. */
  public int reused() {
    return reused.get();
  }

  /** The units kept by the interrupted run, used or not. */
  public int keptCount() {
    return kept.size();
  }

  /** Prints {@code N structure(s) scored, M kept from the interrupted run} (a search's last line). */
  public void printCounts() {
    err.printf("%d structure(s) scored, %d kept from the interrupted run%n", computed(), reused());
    err.flush();
  }

  /** A journalled unit's identity: its fields but the kind and the value. */
  private JsonNode identityOf(JsonNode unit) {
    Map<String, Object> identity = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = unit.fields(); it.hasNext(); ) {
      var f = it.next();
      if (!f.getKey().equals("kind") && !f.getKey().equals(valueField)) {
        identity.put(f.getKey(), f.getValue());
      }
    }
    return PreviousRun.tree(identity);
  }

  /** Ends the lines; the journal itself is the caller's to complete or close. */
  @Override
  public void close() {
    log.close();
  }
}
