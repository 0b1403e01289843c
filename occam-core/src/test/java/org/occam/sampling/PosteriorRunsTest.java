package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;

class PosteriorRunsTest {
  /** Draws its seed, and counts the problems it saw. */
  private record SeedSampler(String name) implements PosteriorSampler<List<String>> {
    @Override
    public String description() {
      return "the seed as a draw";
    }

    @Override
    public boolean exact() {
      return false;
    }

    @Override
    public ParameterSamples sample(List<String> problem, SamplerSettings settings, long seed) {
      problem.add(name);
      return new ParameterSamples(name, List.of("seed", "problemSize"),
          new double[][][] {{{seed, problem.size()}}}, 0, Map.of(), Map.of());
    }
  }

  @Test
  void aMethodsSeedDependsOnTheRunsSeedAndItsNameOnly() {
    var s = SamplerSettings.defaults().withThreads(1);
    java.util.function.Supplier<List<String>> fresh = ArrayList::new;
    var a = PosteriorRuns.sampleEach(List.of(new SeedSampler("x"), new SeedSampler("y")), fresh, s, 7, null);
    var b = PosteriorRuns.sampleEach(List.of(new SeedSampler("y")), fresh, s, 7, null);
    assertThat(a.get(1).draws()[0][0][0]).isEqualTo(b.get(0).draws()[0][0][0])
        .isEqualTo((double) PosteriorRuns.methodSeed(7, "y"));
    assertThat(PosteriorRuns.methodSeed(7, "x")).isNotEqualTo(PosteriorRuns.methodSeed(7, "y"))
        .isNotEqualTo(PosteriorRuns.methodSeed(8, "x"));
    // a fresh problem for each sampler
    assertThat(a.get(1).draws()[0][0][1]).isEqualTo(1);
    List<Integer> done = new ArrayList<>();
    List<String> shared = new ArrayList<>();
    var c = PosteriorRuns.sampleAll(List.of(new SeedSampler("x"), new SeedSampler("y")), shared, s, 7, done::add);
    assertThat(c.get(1).draws()[0][0][1]).isEqualTo(2);
    assertThat(done).containsExactly(1, 2);
  }

  @Test
  void refusesAMethodTwice() {
    assertThatThrownBy(() -> PosteriorRuns.sampleAll(List.of(new SeedSampler("x"), new SeedSampler("x")),
        new ArrayList<String>(), SamplerSettings.defaults(), 1, null))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("x is listed twice");
  }
}
