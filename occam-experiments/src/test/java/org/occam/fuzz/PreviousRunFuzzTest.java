package org.occam.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.report.DagSelectRun;
import org.occam.report.PreviousRun;
import org.occam.report.RbmSelectReport;
import org.occam.search.OrderSelection;

/**
 * Fuzzes the reading of a previous run's {@code --json} for {@code --extend} ({@link PreviousRun},
 * then the rows as {@code rbm select} or {@code dag select} read them back and the choice among
 * them) against {@link ReaderContract}. The first byte chooses the command (bit 0: rbm select, else
 * dag select); the rest is the file. Without {@code JAZZER_FUZZ=1} it replays the corpus in
 * {@code PreviousRunFuzzTestInputs/read/}.
 */
class PreviousRunFuzzTest {
  @FuzzTest(maxDuration = "30s")
  @DictionaryFile(resourcePath = "model-json.dict")
  void read(byte[] input) {
    ReaderContract.checkWithOptions(input, (options, f) -> {
      boolean rbm = (options & 1) == 1;
      JsonNode previous = PreviousRun.readPrevious(f, rbm ? "rbm select" : "dag select");
      PreviousRun.methods(previous);
      var rows = rbm ? PreviousRun.previousRows(f, previous, "hidden", PreviousRun::readRow)
          : PreviousRun.previousRows(f, previous, "states", PreviousRun::readRow);
      return OrderSelection.choose(rows, 1);
    });
  }
}
