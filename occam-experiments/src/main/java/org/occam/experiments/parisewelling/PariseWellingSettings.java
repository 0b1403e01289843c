package org.occam.experiments.parisewelling;

import java.util.List;

/**
 * The choices of a {@link PariseWellingExperiment} run, as asked: a null field means the default
 * (the paper's, or the reduced run's when {@code quick}); {@link PariseWellingExperiment} resolves
 * and checks them. The names are those of {@code occam experiment parise-welling}'s options.
 *
 * @param quick the reduced run: 3 structures, sizes 50, 300, 2000, 3 sequences, AIS G = 3, K = 500
 * @param structures random structures (default 50)
 * @param sizes data set sizes N of Figure 3 (default 50, 100, 300, 1000, 3000, 10000)
 * @param strengths edge strengths d times 4 (default the paper's 0.1, 0.2, 0.5, 1.0, 1.5, 2.0)
 * @param sequenceStrength d times 4 of the models of Figures 1–3, one of the strengths
 * @param sequences random nested sequences of Figure 2 (default 50)
 * @param trueEdges edges of the true structure of Figures 1 and 2 (the first structure with as
 *     many, else the closest)
 * @param aisSteps AIS temperatures of Beal's schedule
 * @param aisRuns AIS runs averaged
 * @param seed the seed of everything
 * @param threads worker threads (at least one)
 */
public record PariseWellingSettings(boolean quick, Integer structures, List<Integer> sizes, List<Double> strengths,
    double sequenceStrength, Integer sequences, int trueEdges, Integer aisSteps, Integer aisRuns, long seed,
    int threads) {}
