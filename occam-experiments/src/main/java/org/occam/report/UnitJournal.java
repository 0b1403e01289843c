package org.occam.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.occam.data.DataFormatException;

/**
 * The journal of a long run made of units (the orders of a {@code select}, the structures of a
 * {@code rank}, the instances of an experiment): an append-only JSON-lines file beside the final
 * output, so that an interrupted run (Ctrl-C, SIGTERM, {@code kill -9}, a crash) keeps what it
 * finished and {@code --resume} skips it on the next run.
 *
 * <p>The first line is the header: the command, the data (file name and SHA-256 of its bytes) and
 * every setting that changes a number, seed included. Each later line is one finished unit, in the
 * same JSON form the final output uses, written and flushed as the unit finishes (one write call
 * per line, so a process killed mid-write leaves at most a torn last line, which is dropped on
 * reading). When the run succeeds, the final outputs are written and {@link #complete()} removes
 * the journal.
 *
 * <p>Rules that keep what the user has: without {@code --resume} an existing journal is refused
 * unless {@code --force} (then it is started afresh); with {@code --resume} a journal whose header
 * differs from this run's is refused with a one-line message naming the first difference. A run
 * resumed gives the same final output as an uninterrupted one only when every unit draws its
 * randomness from its own identity (its order, its structure's index), never from which units
 * ran before; the commands that journal are written that way.
 *
 * <pre>{@code
 * Map<String, Object> header = UnitJournal.header("rbm select", data, settings);
 * try (UnitJournal journal = UnitJournal.open(UnitJournal.besideOutput(json), header, resume, force)) {
 *   for (JsonNode unit : journal.finished()) { ... keep it, do not redo it ... }
 *   ... each fresh unit: journal.append(unitJson);
 *   OutputFiles.write(json, ...);
 *   journal.complete();
 * }
 * }</pre>
 */
public final class UnitJournal implements AutoCloseable {
  /**
   * A test hook: a system property that, when set to N, makes the journal throw
   * {@link Interrupted} once N units are written, as a kill after N units would (later units are
   * not written). Tests use it to interrupt a run deterministically.
   */
  public static final String INTERRUPT_AFTER_PROPERTY = "occam.test.interruptAfterUnits";

  private static final ObjectWriter LINE = ResultJson.mapper().writer().without(SerializationFeature.INDENT_OUTPUT);

  private final Path file;
  private final List<JsonNode> finished;
  private final String headerLine;
  /** Opened at the first unit, so a run that fails before finishing one leaves no journal (or the old one as it was). */
  private BufferedWriter writer;
  private final Integer interruptAfter;
  private int written;
  private boolean closed;

  /** What the test hook throws: the run stops as if killed after the units already journalled. */
  public static final class Interrupted extends RuntimeException {
    Interrupted(int units) {
      super("interrupted after " + units + " unit(s) (" + INTERRUPT_AFTER_PROPERTY + ")");
    }
  }

  private UnitJournal(Path file, String headerLine, List<JsonNode> finished) {
    this.file = file;
    this.headerLine = headerLine;
    this.finished = List.copyOf(finished);
    this.interruptAfter = Integer.getInteger(INTERRUPT_AFTER_PROPERTY);
  }

  /** The journal of a run whose final output is {@code output}: {@code <output>.partial.jsonl}. */
  public static Path besideOutput(Path output) {
    return output.resolveSibling(output.getFileName() + ".partial.jsonl");
  }

  /** The journal of a run that writes into the folder {@code dir}: {@code dir/partial.jsonl}. */
  public static Path inFolder(Path dir) {
    return dir.resolve("partial.jsonl");
  }

  /**
   * A header: {@code {"journal": 1, "command", "data": {"file", "sha256"}, "settings"}}.
   *
   * @param data the data file, or null when the run reads none (an experiment that makes its own)
   * @param settings every setting that changes a number, the seed included (not the thread count)
   */
  public static Map<String, Object> header(String command, Path data, Map<String, Object> settings) {
    Map<String, Object> h = new LinkedHashMap<>();
    h.put("journal", 1);
    h.put("command", command);
    if (data != null) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("file", data.getFileName() == null ? data.toString() : data.getFileName().toString());
      d.put("sha256", sha256(data));
      h.put("data", d);
    } else {
      h.put("data", null);
    }
    h.put("settings", settings);
    return h;
  }

  /** The SHA-256 of a file's bytes, read in blocks. */
  public static String sha256(Path file) {
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
      byte[] buffer = new byte[1 << 16];
      while (in.read(buffer) >= 0) {
        // the digest sees every byte read
      }
      return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot read: " + e.getMessage());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Opens the journal of this run.
   *
   * @param header this run's header ({@link #header})
   * @param resume keep the units of an existing journal with the same header
   * @param force start afresh over an existing journal (ignored with {@code resume})
   * @throws DataFormatException when a journal exists and neither flag allows using it, when its
   *     header differs from this run's, or when it cannot be read or written
   */
  public static UnitJournal open(Path file, Map<String, Object> header, boolean resume, boolean force) {
    JsonNode mine = PreviousRun.tree(header);
    List<JsonNode> finished = new ArrayList<>();
    // a journal without units (a run that failed before finishing one) holds nothing to keep
    boolean exists = Files.exists(file);
    long units = exists ? countUnits(file) : 0;
    if (units > 0 && !resume && !force) {
      throw new DataFormatException(file + ": the journal of an interrupted run (" + units
          + " finished unit(s)); pass --resume to continue it, or --force to start over");
    }
    if (exists && resume) {
      List<String> lines = readLines(file);
      JsonNode then = lines.isEmpty() ? null : parse(lines.get(0));
      if (then == null || !then.has("journal")) {
        throw new DataFormatException(file + ": not a journal written by occam; remove it or pass --force without"
            + " --resume");
      }
      if (!then.equals(mine) && lines.size() > 1) {
        throw new DataFormatException(file + ": the interrupted run differs from this one (" + difference("", then,
            mine) + "); resume with the same data and settings, or pass --force without --resume to start over");
      }
      for (int i = 1; i < lines.size(); i++) {
        JsonNode unit = parse(lines.get(i));
        if (unit == null) {
          break; // a line torn by a kill mid-write, necessarily the last one
        }
        finished.add(unit);
      }
    }
    return new UnitJournal(file, line(header), finished);
  }

  /**
   * Opens the journal of a run that writes into the folder {@code dir} ({@link #inFolder}), as
   * {@link #open} says, and makes the folder ready ({@link OutputFiles#prepareFolder}): created,
   * and empty unless {@code force} or it holds only this journal (a run being resumed).
   */
  public static UnitJournal openInFolder(Path dir, Map<String, Object> header, boolean resume, boolean force) {
    Path file = inFolder(dir);
    UnitJournal journal = open(file, header, resume, force);
    boolean onlyJournal = false;
    if (Files.isDirectory(dir)) {
      try (var list = Files.list(dir)) {
        onlyJournal = list.allMatch(p -> p.getFileName().equals(file.getFileName()));
      } catch (IOException e) {
        onlyJournal = false;
      }
    }
    OutputFiles.prepareFolder(dir, force || onlyJournal);
    return journal;
  }

  /** The journal's file. */
  public Path file() {
    return file;
  }

  /** The units finished by the interrupted run being resumed (empty for a fresh run), in the order written. */
  public List<JsonNode> finished() {
    return finished;
  }

  /** Appends one finished unit and flushes it to the operating system (thread-safe). */
  public synchronized void append(Object unit) {
    if (interruptAfter != null && written >= interruptAfter) {
      throw new Interrupted(written);
    }
    try {
      if (writer == null) {
        start();
      }
      writer.write(line(unit));
      writer.flush();
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot write the journal: " + e.getMessage());
    }
    written++;
    if (interruptAfter != null && written >= interruptAfter) {
      throw new Interrupted(written);
    }
  }

  /** Writes the header and the units kept (so a torn last line is gone) and opens the file for appending. */
  private void start() throws IOException {
    if (closed) {
      throw new IllegalStateException("the journal " + file + " is closed");
    }
    StringBuilder text = new StringBuilder(headerLine);
    for (JsonNode u : finished) {
      text.append(line(u));
    }
    OutputFiles.write(file, text.toString());
    writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
  }

  /** The number of units appended by this run (not those resumed). */
  public synchronized int written() {
    return written;
  }

  /** The run finished and its outputs are written: the journal is removed. */
  public synchronized void complete() {
    close();
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot remove the journal: " + e.getMessage());
    }
  }

  /** Closes the file and keeps it (the run did not finish). */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (writer != null) {
        writer.close();
      }
    } catch (IOException e) {
      // the lines were flushed as they were written; nothing is lost by a failed close
    }
  }

  private static String line(Object tree) {
    try {
      return LINE.writeValueAsString(tree) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a journal line", e);
    }
  }

  private static JsonNode parse(String line) {
    try {
      JsonNode n = ResultJson.mapper().readTree(line);
      return n == null || n.isMissingNode() ? null : n;
    } catch (IOException e) {
      return null;
    }
  }

  private static List<String> readLines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot read the journal: " + e.getMessage());
    }
  }

  private static long countUnits(Path file) {
    try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return Math.max(0, lines.filter(l -> !l.isBlank()).count() - 1);
    } catch (IOException | java.io.UncheckedIOException e) {
      return 0;
    }
  }

  /** The first differing entry, as {@code path: then vs now}. */
  static String difference(String path, JsonNode then, JsonNode now) {
    if (then.isObject() && now.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = now.fields(); it.hasNext(); ) {
        var e = it.next();
        String p = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
        JsonNode t = then.get(e.getKey());
        if (t == null) {
          return p + ": absent then vs " + brief(e.getValue()) + " now";
        }
        if (!t.equals(e.getValue())) {
          return difference(p, t, e.getValue());
        }
      }
      for (Iterator<String> it = then.fieldNames(); it.hasNext(); ) {
        String k = it.next();
        if (!now.has(k)) {
          return (path.isEmpty() ? k : path + "." + k) + ": " + brief(then.get(k)) + " then vs absent now";
        }
      }
    }
    return (path.isEmpty() ? "" : path + ": ") + brief(then) + " then vs " + brief(now) + " now";
  }

  private static String brief(JsonNode n) {
    String s = n.isTextual() ? n.asText() : n.toString();
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }
}
