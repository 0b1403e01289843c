package org.occam.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.occam.io.XmlBifFile;

/**
 * Fuzzes the XMLBIF model-file reader ({@link XmlBifFile}) against {@link ReaderContract}. The first byte's
 * lowest bit chooses renormalising CPT rows where the format has them; the rest is the file.
 * Without {@code JAZZER_FUZZ=1} it replays the corpus in {@code XmlBifFileFuzzTestInputs/read/}.
 */
class XmlBifFileFuzzTest {
  @FuzzTest(maxDuration = "15s")
  void read(byte[] input) {
    ReaderContract.checkWithOptions(input, (options, f) -> XmlBifFile.read(f, (options & 1) == 1));
  }
}
