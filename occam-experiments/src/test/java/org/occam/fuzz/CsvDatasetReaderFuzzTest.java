package org.occam.fuzz;

import java.util.List;
import java.util.Set;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.occam.data.ColumnSpec;
import org.occam.data.CsvDatasetReader;

/**
 * Fuzzes the CSV data reader ({@link CsvDatasetReader#read}) against {@link ReaderContract}. The
 * first byte chooses the call: bit 0 a weight column {@code w} (or none), bit 1 declared columns
 * ({@code a} with 3 states, {@code b} labelled {@code x}/{@code y}, hidden {@code h}) or inferred
 * ones; the rest is the file. Without {@code JAZZER_FUZZ=1} it replays the corpus in
 * {@code CsvDatasetReaderFuzzTestInputs/read/}.
 */
class CsvDatasetReaderFuzzTest {
  private static final List<ColumnSpec> DECLARED =
      List.of(ColumnSpec.count("a", 3), ColumnSpec.labels("b", List.of("x", "y")));

  @FuzzTest(maxDuration = "30s")
  void read(byte[] input) {
    ReaderContract.checkWithOptions(input, (options, f) -> {
      String weight = (options & 1) == 1 ? "w" : null;
      boolean declared = (options & 2) == 2;
      return CsvDatasetReader.read(f, declared ? DECLARED : null, declared ? Set.of("h") : Set.of(), weight);
    });
  }
}
