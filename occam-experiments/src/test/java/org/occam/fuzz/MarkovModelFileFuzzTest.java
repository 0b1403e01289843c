package org.occam.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.occam.io.MarkovModelFile;

/**
 * Fuzzes the Occam markov JSON model-file reader ({@link MarkovModelFile}) against
 * {@link ReaderContract}. The first byte is ignored (the reader has no options); the rest is the file.
 * Without {@code JAZZER_FUZZ=1} it replays the corpus in {@code MarkovModelFileFuzzTestInputs/read/}.
 */
class MarkovModelFileFuzzTest {
  @FuzzTest(maxDuration = "15s")
  @DictionaryFile(resourcePath = "model-json.dict")
  void read(byte[] input) {
    ReaderContract.checkWithOptions(input, (options, f) -> MarkovModelFile.read(f));
  }
}
