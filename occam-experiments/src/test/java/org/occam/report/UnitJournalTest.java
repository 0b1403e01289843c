package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.DataFormatException;

class UnitJournalTest {
  @TempDir
  Path dir;

  private Map<String, Object> header(int iterations) throws IOException {
    Path data = dir.resolve("d.csv");
    if (!Files.exists(data)) {
      Files.writeString(data, "a,b\n0,1\n1,1\n");
    }
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("--iterations", iterations);
    settings.put("--seed", 7);
    return UnitJournal.header("test run", data, settings);
  }

  private static Map<String, Object> unit(int k, double score) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("hidden", k);
    m.put("logEvidence", score);
    return m;
  }

  @Test
  void unitsSurviveAnUnfinishedRunAndResumeReadsThemBack() throws IOException {
    Path file = UnitJournal.besideOutput(dir.resolve("out.json"));
    assertThat(file.getFileName().toString()).isEqualTo("out.json.partial.jsonl");
    UnitJournal j = UnitJournal.open(file, header(10), false, false);
    assertThat(j.finished()).isEmpty();
    j.append(unit(1, -12.5));
    j.append(unit(2, Double.NEGATIVE_INFINITY));
    // no close: the lines must be on disk as soon as append returns
    List<String> lines = Files.readAllLines(file);
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).contains("\"command\":\"test run\"", "\"sha256\":");
    j.close();

    UnitJournal again = UnitJournal.open(file, header(10), true, false);
    assertThat(again.finished()).hasSize(2);
    assertThat(again.finished().get(0).get("logEvidence").asDouble()).isEqualTo(-12.5);
    assertThat(PreviousRun.number(again.finished().get(1).get("logEvidence"))).isEqualTo(Double.NEGATIVE_INFINITY);
    again.append(unit(3, -11.0));
    again.complete();
    assertThat(file).doesNotExist();
  }

  @Test
  void aTornLastLineIsDroppedAndTheJournalRepairedBeforeAppending() throws IOException {
    Path file = dir.resolve("partial.jsonl");
    UnitJournal j = UnitJournal.open(file, header(10), false, false);
    j.append(unit(1, -1.0));
    j.close();
    Files.writeString(file, "{\"hidden\":2,\"logEvi", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);

    UnitJournal again = UnitJournal.open(file, header(10), true, false);
    assertThat(again.finished()).hasSize(1);
    again.append(unit(2, -2.0));
    again.close();
    UnitJournal third = UnitJournal.open(file, header(10), true, false);
    assertThat(third.finished()).extracting(n -> n.get("hidden").asInt()).containsExactly(1, 2);
    third.close();
  }

  @Test
  void anExistingJournalIsRefusedWithoutResumeOrForce() throws IOException {
    Path file = dir.resolve("partial.jsonl");
    UnitJournal j = UnitJournal.open(file, header(10), false, false);
    j.append(unit(1, -1.0));
    j.close();
    assertThatThrownBy(() -> UnitJournal.open(file, header(10), false, false))
        .isInstanceOf(DataFormatException.class)
        .hasMessageContaining("1 finished unit(s)").hasMessageContaining("--resume").hasMessageContaining("--force");
    // --force starts over, from the first unit of the new run
    UnitJournal fresh = UnitJournal.open(file, header(10), false, true);
    assertThat(fresh.finished()).isEmpty();
    fresh.append(unit(5, -5.0));
    fresh.close();
    assertThat(Files.readAllLines(file)).hasSize(2).last().asString().contains("\"hidden\":5");
  }

  @Test
  void aDifferentHeaderIsRefusedNamingTheDifference() throws IOException {
    Path file = dir.resolve("partial.jsonl");
    UnitJournal j = UnitJournal.open(file, header(10), false, false);
    j.append(unit(1, -1.0));
    j.close();
    assertThatThrownBy(() -> UnitJournal.open(file, header(20), true, false))
        .isInstanceOf(DataFormatException.class)
        .hasMessageContaining("settings.--iterations: 10 then vs 20 now");
    // other data: the fingerprint differs
    Files.writeString(dir.resolve("d.csv"), "a,b\n0,1\n1,0\n");
    assertThatThrownBy(() -> UnitJournal.open(file, header(10), true, false))
        .isInstanceOf(DataFormatException.class).hasMessageContaining("data.sha256");
    // the refused journal is left as it was
    assertThat(Files.readAllLines(file)).hasSize(2);
  }

  @Test
  void theTestHookStopsAfterTheGivenNumberOfUnitsAndWritesNoMore() throws IOException {
    Path file = dir.resolve("partial.jsonl");
    System.setProperty(UnitJournal.INTERRUPT_AFTER_PROPERTY, "2");
    try {
      UnitJournal j = UnitJournal.open(file, header(10), false, false);
      j.append(unit(1, -1.0));
      assertThatThrownBy(() -> j.append(unit(2, -2.0))).isInstanceOf(UnitJournal.Interrupted.class);
      assertThatThrownBy(() -> j.append(unit(3, -3.0))).isInstanceOf(UnitJournal.Interrupted.class);
      j.close();
    } finally {
      System.clearProperty(UnitJournal.INTERRUPT_AFTER_PROPERTY);
    }
    assertThat(Files.readAllLines(file)).hasSize(3);
  }

  @Test
  void resumeWithoutAJournalStartsAfreshAndNoJournalIsLeftBeforeTheFirstUnit() throws IOException {
    Path file = dir.resolve("partial.jsonl");
    UnitJournal j = UnitJournal.open(file, header(10), true, false);
    assertThat(j.finished()).isEmpty();
    j.close();
    assertThat(file).doesNotExist();
    // a journal without units (a run that failed early) is not in the way of the next run
    Files.writeString(file, "{\"journal\":1}\n");
    UnitJournal k = UnitJournal.open(file, header(20), false, false);
    k.append(unit(1, -1.0));
    k.complete();
    assertThat(file).doesNotExist();
  }
}
