package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.DataFormatException;

/** {@link UnitJournal#openInFolder}: the journal of an experiment and the folder it writes into. */
class UnitJournalFolderTest {
  @TempDir
  Path dir;

  private static Map<String, Object> header() {
    return UnitJournal.header("experiment test", null, Map.of("--seed", "1"));
  }

  @Test
  void aFolderHoldingOnlyTheJournalIsResumedAndAnyOtherFileNeedsForce() throws IOException {
    Path out = dir.resolve("out");
    UnitJournal first = UnitJournal.openInFolder(out, header(), false, false);
    assertThat(out).isDirectory();
    first.append(Map.of("task", 1));
    first.close();

    // only the journal in the folder: --resume keeps its task and needs no --force
    try (UnitJournal resumed = UnitJournal.openInFolder(out, header(), true, false)) {
      assertThat(resumed.finished()).hasSize(1);
      assertThat(resumed.file()).isEqualTo(out.resolve("partial.jsonl"));
    }
    // another file beside it: the folder is not empty
    Files.writeString(out.resolve("report.md"), "x");
    assertThatThrownBy(() -> UnitJournal.openInFolder(out, header(), true, false))
        .isInstanceOf(DataFormatException.class).hasMessageContaining("folder is not empty");
    // without --resume the journal's task is refused before the folder is looked at
    assertThatThrownBy(() -> UnitJournal.openInFolder(out, header(), false, false))
        .isInstanceOf(DataFormatException.class).hasMessageContaining("--resume");
    try (UnitJournal forced = UnitJournal.openInFolder(out, header(), false, true)) {
      assertThat(forced.finished()).isEmpty();
    }
  }
}
