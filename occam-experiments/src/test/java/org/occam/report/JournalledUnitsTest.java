package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.evidence.EvidenceEstimate;

class JournalledUnitsTest {
  @TempDir
  Path dir;

  private UnitJournal open(boolean resume) throws IOException {
    Path data = dir.resolve("d.csv");
    if (!Files.exists(data)) {
      Files.writeString(data, "a,b\n0,1\n");
    }
    return UnitJournal.open(UnitJournal.besideOutput(dir.resolve("out.json")),
        UnitJournal.header("test", data, Map.of("seed", 1)), resume, !resume);
  }

  private static Map<String, Object> id(int index, String edges) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("index", index);
    m.put("edges", edges);
    return m;
  }

  @Test
  void aResumedRunReusesItsKindsUnitsAndComputesTheRest() throws IOException {
    StringWriter text = new StringWriter();
    PrintWriter err = new PrintWriter(text);
    try (UnitJournal j = open(false);
        JournalledUnits<Double> candidates = JournalledUnits.scores(j, err, "candidate", "bic-ml", 3);
        JournalledUnits<Double> models = JournalledUnits.scores(j, err, "model", "bic-ml", 1)) {
      assertThat(candidates.value(id(0, ""), "candidate {}", () -> -10.25)).isEqualTo(-10.25);
      assertThat(candidates.value(id(1, "0-1"), "candidate {a-b}", () -> -9.5)).isEqualTo(-9.5);
      models.value(id(1, "0-1"), "model 1", () -> -1.0);
    }
    assertThat(text.toString()).isEqualTo(String.format("[1/3] candidate {}: bic-ml -10.25%n"
        + "[2/3] candidate {a-b}: bic-ml -9.50%n[1/1] model 1: bic-ml -1.00%n"));
    assertThat(Files.readAllLines(UnitJournal.besideOutput(dir.resolve("out.json"))).get(1))
        .isEqualTo("{\"kind\":\"candidate\",\"index\":0,\"edges\":\"\",\"score\":-10.25}");

    StringWriter again = new StringWriter();
    AtomicInteger calls = new AtomicInteger();
    try (UnitJournal j = open(true);
        JournalledUnits<Double> candidates = JournalledUnits.scores(j, new PrintWriter(again), "candidate", "bic-ml",
            3)) {
      assertThat(candidates.keptCount()).isEqualTo(2);
      assertThat(candidates.value(id(0, ""), "x", () -> (double) calls.incrementAndGet())).isEqualTo(-10.25);
      assertThat(candidates.value(id(1, "0-1"), "x", () -> (double) calls.incrementAndGet())).isEqualTo(-9.5);
      // the same edges under another index are another unit
      assertThat(candidates.value(id(2, "0-1"), "candidate {a-b}", () -> -9.0)).isEqualTo(-9.0);
      assertThat(calls).hasValue(0);
      assertThat(candidates.computed()).isEqualTo(1);
      assertThat(candidates.reused()).isEqualTo(2);
      candidates.printCounts();
    }
    // one unit left of 3: its line is numbered against the units left
    assertThat(again.toString()).isEqualTo(String.format("[1/1] candidate {a-b}: bic-ml -9.00%n"
        + "1 structure(s) scored, 2 kept from the interrupted run%n"));
  }

  @Test
  void estimatesComeBackAsTheyWereWritten() throws IOException {
    EvidenceEstimate e = new EvidenceEstimate("laplace-exact", -1234.5678901234567, OptionalDouble.of(0.1), 0.25,
        Map.of("priorSigma", 1.0), OptionalLong.of(7), Map.of("converged", true));
    EvidenceEstimate nan = new EvidenceEstimate("bp-lr", Double.NaN, OptionalDouble.empty(), 0.5, Map.of(),
        OptionalLong.empty(), Map.of());
    StringWriter text = new StringWriter();
    try (UnitJournal j = open(false);
        JournalledUnits<List<EvidenceEstimate>> units = JournalledUnits.estimates(j, new PrintWriter(text), null, 2)) {
      units.finished(Map.of("index", 4), "structure 4", List.of(e, nan));
    }
    assertThat(text.toString()).isEqualTo(String.format("[1/2] structure 4: laplace-exact -1234.57, bp-lr NaN%n"));
    try (UnitJournal j = open(true);
        JournalledUnits<List<EvidenceEstimate>> units = JournalledUnits.estimates(j, new PrintWriter(text), null, 2)) {
      List<EvidenceEstimate> back = units.kept(Map.of("index", 4));
      assertThat(ResultJson.write(back.stream().map(ResultJson::estimate).toList()))
          .isEqualTo(ResultJson.write(List.of(ResultJson.estimate(e), ResultJson.estimate(nan))));
      assertThat(units.kept(Map.of("index", 5))).isNull();
    }
  }

  @Test
  void manyThreadsKeepEveryUnitOnce() throws IOException {
    StringWriter text = new StringWriter();
    try (UnitJournal j = open(false);
        JournalledUnits<Double> units = JournalledUnits.scores(j, new PrintWriter(text), null, "m", -1)) {
      IntStream.range(0, 200).parallel().forEach(i -> units.value(Map.of("structure", "s" + i), "s" + i,
          () -> (double) i));
      assertThat(units.computed()).isEqualTo(200);
    }
    try (UnitJournal j = open(true);
        JournalledUnits<Double> units = JournalledUnits.scores(j, new PrintWriter(new StringWriter()), null, "m", -1)) {
      assertThat(units.keptCount()).isEqualTo(200);
      for (int i = 0; i < 200; i++) {
        assertThat(units.kept(Map.of("structure", "s" + i))).isEqualTo((double) i);
      }
    }
  }
}
