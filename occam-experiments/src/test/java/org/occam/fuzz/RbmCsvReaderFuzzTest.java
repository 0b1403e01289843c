package org.occam.fuzz;

import java.util.List;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.occam.rbm.RbmCsvReader;

/**
 * Fuzzes the 0/1 CSV reader of the RBM commands ({@link RbmCsvReader#read}) against
 * {@link ReaderContract}. The first byte chooses the call: bits 0–1 the selection (every column,
 * columns {@code a,b}, the 2 most frequent), bit 2 a count column {@code n} (or none); the rest is
 * the file. Without {@code JAZZER_FUZZ=1} it replays the corpus in
 * {@code RbmCsvReaderFuzzTestInputs/read/}.
 */
class RbmCsvReaderFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void read(byte[] input) {
    ReaderContract.checkWithOptions(input, (options, f) -> {
      RbmCsvReader.Selection selection = switch (options & 3) {
        case 1 -> RbmCsvReader.Selection.named(List.of("a", "b"));
        case 2 -> RbmCsvReader.Selection.mostFrequent(2);
        default -> RbmCsvReader.Selection.all();
      };
      return RbmCsvReader.read(f, selection, (options & 4) == 4 ? "n" : null);
    });
  }
}
