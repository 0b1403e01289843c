package org.occam.sampling;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntConsumer;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;

/**
 * Runs several posterior samplers on one problem, one after the other (each runs its chains in
 * parallel), as {@code occam mrf posterior} and the experiments compare them. A method's seed is
 * {@link #methodSeed}: it depends on the run's seed and the method's name only, so a method draws
 * the same numbers whichever other methods run with it.
 */
public final class PosteriorRuns {
  private PosteriorRuns() {}

  /** The seed of method {@code name} in a run seeded {@code seed}. */
  public static long methodSeed(long seed, String name) {
    return RandomStreams.taskSeed(seed, name.hashCode());
  }

  /**
   * The draws of every sampler, in the order given.
   *
   * @param done told the number of samplers finished (null: nobody listens)
   * @throws InvalidInputException if a sampler is listed twice
   */
  public static <P> List<ParameterSamples> sampleAll(List<? extends PosteriorSampler<P>> samplers, P problem,
      SamplerSettings settings, long seed, IntConsumer done) {
    return sampleEach(samplers, () -> problem, settings, seed, done);
  }

  /**
   * As above, each sampler on a problem of its own from {@code problems}: a problem that caches
   * work its samplers share (a MAP point, BP messages) may end it a few ulps apart depending on
   * which sampler asked first, and a fresh problem keeps a method's draws independent of the others.
   */
  public static <P> List<ParameterSamples> sampleEach(List<? extends PosteriorSampler<P>> samplers,
      java.util.function.Supplier<P> problems, SamplerSettings settings, long seed, IntConsumer done) {
    Set<String> seen = new HashSet<>();
    for (PosteriorSampler<P> s : samplers) {
      if (!seen.add(s.name())) {
        throw new InvalidInputException("method " + s.name() + " is listed twice");
      }
    }
    List<ParameterSamples> out = new ArrayList<>();
    for (PosteriorSampler<P> s : samplers) {
      out.add(s.sample(problems.get(), settings, methodSeed(seed, s.name())));
      if (done != null) {
        done.accept(out.size());
      }
    }
    return out;
  }
}
