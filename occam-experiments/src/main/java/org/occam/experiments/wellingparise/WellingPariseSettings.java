package org.occam.experiments.wellingparise;

import java.util.List;

/**
 * The choices of a {@link WellingPariseExperiment} run, as asked: a null field means the default
 * (or the reduced run's when {@code quick}); {@link WellingPariseExperiment} resolves and checks
 * them. The names are those of {@code occam experiment welling-parise}'s options.
 *
 * @param quick the reduced run (1 model, N = 100 and 1000, d = 0.5/4 and 1.5/4, few short sets)
 * @param sizes the data set sizes N of Figure 2
 * @param models the random models of Figure 2 (default 5, the paper's)
 * @param sets sample sets per method and point (the paper's 10; the default is fewer, to fit the time)
 * @param draws kept draws per sample set (the paper's 10,000; the default is fewer)
 * @param chains Markov chains per sample set (the paper restarts 5 times)
 * @param maxTransitions the most transitions a chain makes after its warm-up (the thinning is capped
 *     by it; default 3,000, quick 1,000)
 * @param strengths the coupling strengths d times 4 of Figures 4 and 5 (default 0.1, 0.5, 1, 1.5, 2)
 * @param strengthSize the data set size N of Figures 4 and 5 (the paper does not say)
 * @param seed the seed of everything
 * @param threads worker threads (at least one)
 */
public record WellingPariseSettings(boolean quick, List<Integer> sizes, Integer models, Integer sets, Integer draws,
    Integer chains, Long maxTransitions, List<Double> strengths, Integer strengthSize, long seed, int threads) {}
