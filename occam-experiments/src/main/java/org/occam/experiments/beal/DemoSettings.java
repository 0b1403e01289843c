package org.occam.experiments.beal;

import java.util.List;

/**
 * The choices of {@code occam demo} ({@link BealDemo}), named as its options.
 *
 * @param sizes nested data set sizes, e.g. 160, 1280, 10240
 * @param methods the scores, e.g. "map,bic,bicp,cs,vb" (not exact)
 * @param seed seed for the data and the restarts
 * @param threads worker threads (at least one)
 */
public record DemoSettings(List<Integer> sizes, String methods, long seed, int threads) {}
