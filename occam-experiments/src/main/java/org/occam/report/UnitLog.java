package org.occam.report;

import java.io.PrintWriter;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a command made of units does as each unit finishes: keep it in the journal (when there is
 * one) and print one line to stderr, so that stdout keeps the final table. With many units the
 * lines are thinned to at most one a second, each prefixed with the count done.
 */
public final class UnitLog implements AutoCloseable {
  /** Up to this many units every one gets its line. */
  public static final int EVERY_LINE_UP_TO = 50;

  private final UnitJournal journal;
  private final PrintWriter err;
  private final int total;
  private final boolean thin;
  /** Whether closing this log closes the journal (not when the journal serves several logs). */
  private boolean ownsJournal;
  private int done;
  private long lastLine;

  /**
   * @param journal the run's journal, or null when nothing is kept
   * @param units the units of the run, those resumed from the journal included
   */
  public UnitLog(UnitJournal journal, PrintWriter err, int units) {
    this(journal, err, units, journal == null ? 0 : journal.finished().size());
    this.ownsJournal = true;
  }

  /**
   * For one of several kinds of unit in one journal, which the caller closes.
   *
   * @param units the units of this kind in the run, or −1 when not known in advance (a search):
   *     then the lines are thinned and counted without a total
   * @param resumed those of them resumed from the journal
   */
  public UnitLog(UnitJournal journal, PrintWriter err, long units, long resumed) {
    this.journal = journal;
    this.err = err;
    this.total = units < 0 ? -1 : (int) Math.min(Integer.MAX_VALUE, units - resumed);
    this.thin = units < 0 || total > EVERY_LINE_UP_TO;
  }

  /** The units finished by the interrupted run being resumed (empty without one). */
  public List<JsonNode> resumed() {
    return journal == null ? List.of() : journal.finished();
  }

  /** Keeps a finished unit and prints its line (thread-safe). */
  public synchronized void finished(Object unitJson, String line) {
    if (journal != null) {
      journal.append(unitJson);
    }
    done++;
    long now = System.nanoTime();
    if (!thin || done == 1 || done == total || now - lastLine >= 1_000_000_000L) {
      lastLine = now;
      err.println("[" + done + (total < 0 ? "" : "/" + total) + "] " + line);
      err.flush();
    }
  }

  /** The run's outputs are written: the journal goes. */
  public void complete() {
    if (journal != null) {
      journal.complete();
    }
  }

  /** Keeps the journal (the run did not finish). */
  @Override
  public void close() {
    if (journal != null && ownsJournal) {
      journal.close();
    }
  }
}
