package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PosteriorSamplerTest {
  @Test
  void autoIsHmcWithTheExactLikelihoodAndBriefLangevinWithTheBetheOne() {
    assertThat(PosteriorSampler.resolve("auto", false)).isEqualTo("hmc");
    assertThat(PosteriorSampler.resolve(" AUTO ", true)).isEqualTo("lv-cd");
    assertThat(PosteriorSampler.resolve("lv-cd", false)).isEqualTo("lv-cd");
    assertThat(PosteriorSampler.resolve("Hmc", true)).isEqualTo("hmc");
    assertThat(PosteriorSampler.resolve("gibbs", false)).isEqualTo("gibbs");
  }
}
