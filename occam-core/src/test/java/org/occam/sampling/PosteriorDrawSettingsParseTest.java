package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.occam.data.InvalidInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The commands' sampler and likelihood names, and the draws' budget, as posterior-draw settings. */
class PosteriorDrawSettingsParseTest {
  @ParameterizedTest
  @CsvSource({"auto, exact, hmc, false", "auto, bethe, lv-cd, true", "LV-CD, exact, lv-cd, false",
      "hmc, Bethe, hmc, true"})
  void namesResolve(String sampler, String likelihood, String expected, boolean bethe) {
    PosteriorDrawSettings p = PosteriorDrawSettings.parse(sampler, likelihood, 500, 4, 100);
    assertThat(p.sampler()).isEqualTo(expected);
    assertThat(p.betheLikelihood()).isEqualTo(bethe);
    assertThat(p.sampling().samples()).isEqualTo(500);
    assertThat(p.sampling().chains()).isEqualTo(4);
    assertThat(p.priorDraws()).isEqualTo(100);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"gibbs | exact | 10 | 2 | 0 | --sampler must be auto, lv-cd or hmc",
      "auto | approximate | 10 | 2 | 0 | --likelihood must be exact or bethe",
      "auto | exact | 0 | 2 | 0 | --samples must be >= 1", "auto | exact | 10 | 0 | 0 | --chains must be >= 1",
      "auto | exact | 10 | 2 | -1 | --prior-draws must be >= 0"})
  void badValuesAreRefusedByName(String sampler, String likelihood, int samples, int chains, int prior,
      String message) {
    assertThatThrownBy(() -> PosteriorDrawSettings.parse(sampler, likelihood, samples, chains, prior))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining(message);
  }
}
