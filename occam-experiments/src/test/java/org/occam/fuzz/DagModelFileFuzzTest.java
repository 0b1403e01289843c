package org.occam.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.occam.io.DagModelFile;

/**
 * Fuzzes the DAG model-file reader ({@link DagModelFile}, with its CPTs and priors) against
 * {@link ReaderContract}. The first byte chooses {@code --renormalise}; the rest is the file.
 * Without {@code JAZZER_FUZZ=1} it replays the corpus in {@code DagModelFileFuzzTestInputs/read/}.
 */
class DagModelFileFuzzTest {
  @FuzzTest(maxDuration = "30s")
  @DictionaryFile(resourcePath = "model-json.dict")
  void read(byte[] input) {
    ReaderContract.checkWithOptions(input, (options, f) -> DagModelFile.read(f, (options & 1) == 1));
  }
}
