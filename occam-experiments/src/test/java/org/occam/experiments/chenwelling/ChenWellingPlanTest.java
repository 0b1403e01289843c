package org.occam.experiments.chenwelling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.sampling.SamplerSettings;

class ChenWellingPlanTest {
  private static ChenWellingPlan plan(boolean quick) {
    ChenWellingSettings s = new ChenWellingSettings(quick, "4,6", Path.of("unused.csv"),
        ChenWellingSettings.DEFAULT_METHODS, "ais-pd", null, null, null, 5, null, null, null, 3, 100, null, 100, null,
        null, null, null, null, 1, 1);
    return ChenWellingPlan.of(s, ChenWellingDesign.Part.parseList("4,6"));
  }

  @Test
  void posteriorDrawsGrowWithTheParametersUntilIndependentDrawsWouldClearTheThreshold() {
    ChenWellingPlan p = plan(false);
    int m = p.posterior().sampling().chains();
    int previous = 0;
    // 5 words with K = 1, 3, 9 (11, 23, 59 parameters) and 100 words with K = 1, 9 (201, 1,009)
    for (int f : new int[] {11, 23, 59, 201, 1009}) {
      SamplerSettings s = p.posteriorFor(f).sampling();
      int perChain = s.perChain();
      assertThat(s.samples()).isBetween(ChenWellingPlan.POSTERIOR_DRAWS, ChenWellingPlan.MAX_POSTERIOR_DRAWS);
      assertThat(s.samples()).isGreaterThanOrEqualTo(previous);
      previous = s.samples();
      // the fewest draws of the doubling sequence whose independent-draws MPSRF is at most the target,
      // unless the paper's 10,000 are reached first
      boolean reachedTarget = MarkovChains.independentDrawsMpsrf(m, perChain, f)
          <= ChenWellingPlan.INDEPENDENT_MPSRF_TARGET;
      assertThat(reachedTarget || s.samples() == ChenWellingPlan.MAX_POSTERIOR_DRAWS).as("F = %d", f).isTrue();
      if (perChain > p.posterior().sampling().perChain()) {
        assertThat(MarkovChains.independentDrawsMpsrf(m, Math.max(perChain / 2, 100), f))
            .isGreaterThan(ChenWellingPlan.INDEPENDENT_MPSRF_TARGET);
      }
      assertThat(s.maxTransitions()).isGreaterThanOrEqualTo(s.warmup() + (long) perChain * 1_000);
    }
    assertThat(p.posteriorFor(59).sampling().samples()).isGreaterThan(ChenWellingPlan.POSTERIOR_DRAWS);
    assertThat(p.posteriorFor(1009).sampling().samples()).isEqualTo(ChenWellingPlan.MAX_POSTERIOR_DRAWS);
  }

  @Test
  void theQuickRunKeepsItsDraws() {
    ChenWellingPlan p = plan(true);
    PosteriorDrawSettings base = p.posterior();
    assertThat(p.posteriorFor(59)).isEqualTo(base);
    assertThat(p.posteriorFor(1009)).isEqualTo(base);
  }

  @Test
  void figureSevenKeepsItsFixedBudgetAndTheOtherFiguresScaleTheirDraws() {
    ChenWellingPlan p = plan(false);
    SamplerSettings fig7 = p.posteriorFor("7", 1009).sampling();
    assertThat(fig7.samples()).isEqualTo(ChenWellingPlan.POSTERIOR_DRAWS);
    assertThat(fig7.maxTransitions()).isEqualTo(ChenWellingPlan.FIG7_MAX_TRANSITIONS);
    assertThat(fig7.warmup()).isEqualTo(ChenWellingPlan.FIG7_WARMUP);
    assertThat(p.posteriorFor("6", 59)).isEqualTo(p.posteriorFor(59));
    assertThat(plan(true).posteriorFor("7", 1009)).isEqualTo(plan(true).posterior());
  }
}
