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

  @Test
  void rowsThatCannotBeContinuedAreRefusedNamingTheFile() throws IOException {
    // fuzz findings: "order 0 is below the smallest order 1" and "order 3 has scores by …", no file
    Path f = dir.resolve("h.json");
    String est = "{\"method\": \"bic\", \"logEvidence\": -1.5}";
    Files.writeString(f, "{\"command\": \"dag select\", \"models\": [{\"states\": 2, \"results\": [" + est
        + "]}, {\"states\": 3, \"results\": [" + est + ", " + est.replace("bic", "cs") + "]}]}");
    var previous = PreviousRun.readPrevious(f, "dag select");
    assertThatThrownBy(() -> PreviousRun.previousRows(f, previous, "states", PreviousRun::readRow))
        .isInstanceOf(DataFormatException.class)
        .hasMessage(f + ":1: cannot be continued: order 3 has scores by [bic, cs], order 2 by [bic]");
    Path g = dir.resolve("i.json");
    Files.writeString(g, "{\"command\": \"dag select\", \"models\": [{\"states\": \"two\"}]}");
    var other = PreviousRun.readPrevious(g, "dag select");
    assertThatThrownBy(() -> PreviousRun.previousRows(g, other, "states", PreviousRun::readRow))
        .hasMessage(g + ":1: models[0] has no whole number \"states\"; not the --json output of an occam select run");
  }
}
