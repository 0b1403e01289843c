package org.occam.report;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.DataFormatException;

/** A previous run that is not one is refused in one line with the file and line (fuzz findings). */
class PreviousRunMessagesTest {
  @TempDir
  Path dir;

  @Test
  void brokenJsonIsRefusedWhereItBreaks() throws IOException {
    // was "f.json: not JSON written by occam dag select --json", with no line
    Path f = dir.resolve("f.json");
    Files.writeString(f, "{\"command\": \"dag select\",\n \"models\": [1,, 2]}");
    assertThatThrownBy(() -> PreviousRun.readPrevious(f, "dag select")).isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith(f + ":2:15: not JSON written by occam dag select --json (")
        .hasMessageNotContaining("\n");
  }

  @Test
  void jsonOfAnotherKindIsRefusedOnTheFirstLine() throws IOException {
    Path f = dir.resolve("g.json");
    Files.writeString(f, "  \n");
    assertThatThrownBy(() -> PreviousRun.readPrevious(f, "rbm select"))
        .hasMessage(f + ":1: not the --json output of occam rbm select");
  }
}
