package org.occam.experiments.chenwelling;

import java.nio.file.Path;
import java.util.List;

/**
 * The choices of a {@link ChenWellingExperiment} run, as asked: a null field means the default (or
 * the reduced run's when {@code quick}); {@link ChenWellingPlan#of} resolves and checks them. The
 * names are those of {@code occam experiment chen-welling}'s options; ranges of K are written
 * {@code 1..10}, {@code 1,2,4} or {@code 1..3,5}.
 *
 * @param quick the reduced run (3 models, N = 100, 1000, K = 1..6, PCD of 500 updates, …)
 * @param parts which figures: "1-2", "4", "6", "7" or "all", comma-separated
 * @param data the 0/1 document-by-word matrix of Figures 4, 6 and 7
 * @param methods the scores of Figures 4, 6 and 7, e.g. "laplace,laplace0,map,ml-bic,ais-pd" (the MCMC-based
 *     harmonic1, harmonic4, bridge-geo, bridge-opt and dic share one lv-cd run per data set, K and repeat)
 * @param reference the score the others are compared with, one of {@code methods}
 * @param repeats runs of each score but ais-pd per data set and K (default 3)
 * @param models random RBMs of Figures 1–2 (default 10)
 * @param sizes sample sizes of Figures 1–2, at least the number of folds
 * @param trueHidden hidden units of the random RBMs
 * @param candidates the K compared in Figures 1–2 (default 1..10)
 * @param fig12PcdIterations PCD updates for every score and fold of Figures 1–2 (default 2000)
 * @param fig4Sizes documents of Figure 4 (default 10, 20, 50, 100, 200, 500, 1000)
 * @param fig4Hidden hidden units of Figure 4
 * @param fig6Size documents of Figure 6
 * @param fig6Hidden K of Figure 6 (default 1..9)
 * @param fig7Size documents of Figure 7
 * @param fig7Hidden K of Figure 7, every method (default 1..9)
 * @param fig7LaplaceHidden further K of Figure 7 for laplace alone (default 11,13; "none" for none)
 * @param pcdIterations PCD updates of Figures 4, 6 and 7 (default 10000)
 * @param aisPdRuns ais-pd runs averaged (default 10)
 * @param aisPdSteps ais-pd temperatures of the linear schedule (default 10000)
 * @param seed the seed of everything
 * @param threads worker threads (at least one)
 */
public record ChenWellingSettings(boolean quick, String parts, Path data, String methods, String reference,
    Integer repeats, Integer models, List<Integer> sizes, int trueHidden, String candidates,
    Integer fig12PcdIterations, List<Integer> fig4Sizes, int fig4Hidden, int fig6Size, String fig6Hidden,
    int fig7Size, String fig7Hidden, String fig7LaplaceHidden, Integer pcdIterations, Integer aisPdRuns,
    Integer aisPdSteps, long seed, int threads) {
  /** The scores of Figures 4, 6 and 7 by default: the paper's. */
  public static final String DEFAULT_METHODS =
      "laplace,laplace0,map,ml-bic,harmonic1,harmonic4,bridge-geo,bridge-opt,dic,ais-pd";
}
