package org.occam.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.occam.io.UaiFile;

/**
 * Fuzzes the UAI model-file reader ({@link UaiFile}) against {@link ReaderContract}. The first byte's
 * lowest bit chooses renormalising CPT rows where the format has them; the rest is the file.
 * Without {@code JAZZER_FUZZ=1} it replays the corpus in {@code UaiFileFuzzTestInputs/read/}.
 */
class UaiFileFuzzTest {
  @FuzzTest(maxDuration = "15s")
  void read(byte[] input) {
    ReaderContract.checkWithOptions(input, (options, f) -> UaiFile.read(f, (options & 1) == 1));
  }
}
