package org.occam.experiments.crffaq;

import java.nio.file.Path;
import java.util.List;

/**
 * The choices of a {@link CrfFaqExperiment} run, as asked: a null field means the default (or the
 * reduced run's when {@code quick}); {@link CrfFaqPlan} resolves and checks them. The names are
 * those of {@code occam experiment crf-faq}'s options.
 *
 * @param quick the reduced run (fewer documents, features, draws and AIS temperatures; under a minute)
 * @param dataDir the folder holding {@code faq_sed_lines.tsv} and {@code faq_lsof_lines.tsv}
 * @param sizes the training set sizes N of Figure 6 (default 10, 20, 30, 40, 48)
 * @param aisSteps AIS temperatures per run in Figure 5 (default 10⁴)
 * @param aisRuns AIS runs G per model in Figure 5 (default 10)
 * @param draws kept posterior draws per sample set in Figures 6–8
 * @param seed the seed of everything
 * @param threads worker threads (at least one)
 */
public record CrfFaqSettings(boolean quick, Path dataDir, List<Integer> sizes, Integer aisSteps, Integer aisRuns,
    Integer draws, long seed, int threads) {
  /** The defaults (or --quick's), reading the FAQs from {@code dataDir}. */
  public static CrfFaqSettings of(boolean quick, Path dataDir, long seed, int threads) {
    return new CrfFaqSettings(quick, dataDir, null, null, null, null, seed, threads);
  }
}
