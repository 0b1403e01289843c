package org.occam.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.occam.io.BifFile;

/**
 * Fuzzes the BIF model-file reader ({@link BifFile}) against {@link ReaderContract}. The first byte's
 * lowest bit chooses renormalising CPT rows where the format has them; the rest is the file.
 * Without {@code JAZZER_FUZZ=1} it replays the corpus in {@code BifFileFuzzTestInputs/read/}.
 */
class BifFileFuzzTest {
  @FuzzTest(maxDuration = "15s")
  void read(byte[] input) {
    ReaderContract.checkWithOptions(input, (options, f) -> BifFile.read(f, (options & 1) == 1));
  }
}
