package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.occam.data.InvalidInputException;
import org.junit.jupiter.api.Test;

class WorkEstimateTest {
  @Test
  void estimatesOnceFromTheUnitsAfterAWarmUpBatchOnAGivenClock() {
    AtomicLong now = new AtomicLong(1_000);
    WorkEstimate eta = new WorkEstimate("dag rank", 131_072, "structure", 4, now::get);
    // the first 4 take 10 s (a cold JVM): only the warm-up
    now.addAndGet(10_000_000_000L);
    assertThat(eta.observe(3)).isEmpty();
    assertThat(eta.observe(4)).isEmpty();
    // 4 more in 0.5 s: not yet a second, nor a fifth of the job
    now.addAndGet(500_000_000L);
    assertThat(eta.observe(8)).isEmpty();
    // 8 after the warm-up in 2 s: 0.25 s each; 131,060 to go = 32,765 s, plus the 12 s so far
    now.addAndGet(1_500_000_000L);
    assertThat(eta.observe(12)).contains("dag rank: about 9.1 h in all, 9.1 h to go (0.25 s per structure, timed on"
        + " numbers 5 to 12 of 131,072, after 4 to warm up)");
    assertThat(eta.observe(13)).isEmpty();
  }

  @Test
  void aFifthOfTheJobIsEnoughWithoutWaitingASecond() {
    AtomicLong now = new AtomicLong();
    WorkEstimate eta = new WorkEstimate("mrf rank", 20, "graph", 4, now::get);
    assertThat(eta.observe(4)).isEmpty();
    now.addAndGet(400_000_000L);
    // 4 after the warm-up in 0.4 s: 0.1 s each, 12 to go
    assertThat(eta.observe(8)).contains("mrf rank: about 1.6 s in all, 1.2 s to go (0.10 s per graph, timed on numbers"
        + " 5 to 8 of 20, after 4 to warm up)");
  }

  @Test
  void fewUnitsAreTimedFromTheStart() {
    AtomicLong now = new AtomicLong();
    WorkEstimate eta = new WorkEstimate("dag search", 3, "climb", 1, now::get);
    now.addAndGet(2_000_000_000L);
    assertThat(eta.observe(1)).contains("dag search: about 6.0 s in all, 4.0 s to go (2.0 s per climb, timed on the first"
        + " 1 of 3)");
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
    assertThat(WorkEstimate.duration(2.5)).isEqualTo("2.5 s");
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
    assertThat(eta.observe(4)).contains("rbm select: about 15 s in all, 13 s to go (2.0 s for the first K, the rest"
        + " scaled by (K+1)^2)");
    assertThat(eta.observe(9)).isEmpty();
    ScaledWorkEstimate done = new ScaledWorkEstimate("x", 4, "K", "m", now::get);
    assertThat(done.observe(4)).isEmpty();
  }
}
