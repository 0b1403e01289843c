package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.occam.data.InvalidInputException;
import org.junit.jupiter.api.Test;

class WorkEstimateTest {
  @Test
  void estimatesOnceFromTheFirstBatchOnAGivenClock() {
    AtomicLong now = new AtomicLong(1_000);
    WorkEstimate eta = new WorkEstimate("dag rank", 131_072, "structure", 4, now::get);
    now.addAndGet(500_000_000L);
    assertThat(eta.observe(3)).isEmpty();
    now.addAndGet(500_000_000L);
    // 4 structures in 1 s: 0.25 s each, 32,768 s in all
    assertThat(eta.observe(4)).contains("dag rank: about 9.1 h in all, 9.1 h to go (0.25 s per structure, timed on"
        + " the first 4 of 131,072)");
    assertThat(eta.observe(5)).isEmpty();
  }

  @Test
  void saysNothingWhenTheJobEndsWithinTheBatch() {
    AtomicLong now = new AtomicLong();
    WorkEstimate eta = new WorkEstimate("x", 3, "unit", 4, now::get);
    assertThat(eta.observe(3)).isEmpty();
  }

  @Test
  void durationsAndCountsReadAtAGlance() {
    assertThat(WorkEstimate.duration(0.25)).isEqualTo("0.25 s");
    assertThat(WorkEstimate.duration(42)).isEqualTo("42 s");
    assertThat(WorkEstimate.duration(210)).isEqualTo("3.5 min");
    assertThat(WorkEstimate.duration(3 * 86400)).isEqualTo("3 days");
    assertThat(WorkEstimate.duration(Double.NaN)).isEqualTo("an unknown time");
    assertThat(WorkEstimate.count(8_390_656)).isEqualTo("8,390,656");
    assertThat(WorkEstimate.count(BigInteger.TWO.pow(780))).isEqualTo("6.4e+234");
  }

  @Test
  void aLimitRefusesAboveNamingTheFlagAndTheAlternative() {
    WorkLimit.require("dag rank", 20_000, "structures", 20_000, "--max-structures", "use search");
    assertThatThrownBy(() -> WorkLimit.require("dag rank", BigInteger.valueOf(131_072), "structures", 20_000,
        "--max-structures", "use `occam dag search` for classes this size"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("dag rank: 131,072 structures; the limit is 20,000 (--max-structures); use `occam dag search`"
            + " for classes this size");
  }

  @Test
  void aScaledEstimateMultipliesTheFirstUnitsTimeByTheWeights() {
    AtomicLong now = new AtomicLong();
    // K in {1, 4} weighted (K+1)^2: 4 + 25 = 29, plus a unit of weight 1: 30; K = 1 took 2 s, so 15 s in all
    ScaledWorkEstimate eta = new ScaledWorkEstimate("rbm select", 30, "K", "(K+1)^2", now::get);
    now.addAndGet(2_000_000_000L);
    assertThat(eta.observe(4)).contains("rbm select: about 15 s in all, 13 s to go (2 s for the first K, the rest"
        + " scaled by (K+1)^2)");
    assertThat(eta.observe(9)).isEmpty();
    ScaledWorkEstimate done = new ScaledWorkEstimate("x", 4, "K", "m", now::get);
    assertThat(done.observe(4)).isEmpty();
  }
}
