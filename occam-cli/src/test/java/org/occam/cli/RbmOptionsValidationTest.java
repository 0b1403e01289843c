package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every option of {@link RbmOptions} is refused in one line before anything is printed or read. */
class RbmOptionsValidationTest {
  private static final Path SOTU = Path.of("..", "data", "sotu_chunks100_w100.csv");

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "score | --threads | 0 | --threads must be >= 1, got 0",
      "score | --thinning | 0 | --thinning must be >= 1, got 0",
      "score | --ais-pd-runs | 0 | --ais-pd-runs must be >= 1, got 0",
      "score | --ais-pd-target-se | 0 | --ais-pd-target-se must be a finite number > 0, got 0.0",
      "score | --ais-pd-max-runs | 20 | --ais-pd-max-runs needs --ais-pd-target-se (without a target AIS makes"
          + " exactly --ais-pd-runs runs)",
      "score | --log-z | sometimes | --log-z must be auto, exact or ais, got sometimes",
      "score | --sampler | gibbs | --sampler must be auto, lv-cd or hmc, got 'gibbs'",
      "score | --likelihood | approximate | --likelihood must be exact or bethe, got 'approximate'",
      "score | --samples | 0 | --samples must be >= 1, got 0",
      "score | --chains | 0 | --chains must be >= 1, got 0",
      "score | --prior-draws | 0 | --prior-draws must be >= 1, got 0",
      "score | --langevin-step | 2.5 | --langevin-step must be in (0, 2), got 2.5",
      "select | --burn-in | -1 | --burn-in must be >= 0, got -1",
      "select | --prior-sigma | 0 | --prior-sigma: σ0 of the Gaussian prior must be a number in [0.0001, 1e+4], got 0",
      "select | --threads | 0 | --threads must be >= 1, got 0"})
  void aBadOptionIsRefusedBeforeAnyOutput(String command, String option, String value, String message) {
    var r = command.equals("score")
        ? CliRunner.run("rbm", "score", "--data", SOTU.toString(), "--most-frequent", "5", "--hidden", "1", option, value)
        : CliRunner.run("rbm", "select", "--data", SOTU.toString(), "--most-frequent", "5", "--hidden", "1..2", option,
            value);
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("occam: " + message);
    assertThat(r.out()).isEmpty();
  }
}
