package org.occam.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.occam.io.BoltzmannModelFile;

/**
 * Fuzzes the Boltzmann-machine model-file reader ({@link BoltzmannModelFile}, with its
 * parameters) against {@link ReaderContract}. The first byte chooses whether parameters are needed
 * (as {@code mrf sample} asks); the rest is the file. Without {@code JAZZER_FUZZ=1} it replays the
 * corpus in {@code BoltzmannModelFileFuzzTestInputs/read/}.
 */
class BoltzmannModelFileFuzzTest {
  @FuzzTest(maxDuration = "30s")
  @DictionaryFile(resourcePath = "model-json.dict")
  void read(byte[] input) {
    ReaderContract.checkWithOptions(input, (options, f) -> BoltzmannModelFile.read(f, (options & 1) == 1));
  }
}
