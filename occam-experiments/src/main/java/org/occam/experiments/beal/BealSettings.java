package org.occam.experiments.beal;

import java.util.List;
import org.occam.dag.DagAnnealingTarget;
import org.occam.dag.DagScoreSettings;

/**
 * The choices of a {@link BealExperiment} run, as asked: a null field means the default (Beal's,
 * or the reduced run's when {@code quick}); {@link BealExperiment} resolves and checks them. The
 * names are those of {@code occam experiment beal}'s options, and so are the error messages.
 *
 * @param quick the reduced run: sizes 40, 160, 640, 3 instances, AIS with 2 runs of 500 steps
 * @param sizes nested data set sizes (default Beal's 20, 10 … 10240)
 * @param aisSizes the sizes of part one that also get AIS (default all; 0 for none)
 * @param instances true parameter sets drawn from the prior for part two (default 106; 0 skips it)
 * @param instanceAis whether part two runs AIS too
 * @param aisSteps AIS temperatures (default 16384)
 * @param aisRuns AIS runs averaged (default 5)
 * @param aisFixedStrength Beal's fixed Dirichlet proposal strength instead of alpha0 + n tau / L_j
 * @param aisStrength the proposal strength alpha (fixed) or alpha0 (scaled)
 * @param compareStrength also run AIS with the other proposal strength at every AIS size
 * @param restarts EM/VBEM random restarts: a whole number, or {@code adaptive}
 * @param seed the seed of everything
 * @param threads worker threads (at least one)
 * @param vbAcceleration VBEM's steps as {@code --vb-acceleration} names them: none or squarem (default)
 * @param emAcceleration MAP-EM's steps as {@code --em-acceleration} names them: none (default) or squarem
 */
public record BealSettings(boolean quick, List<Integer> sizes, List<Integer> aisSizes, Integer instances,
    boolean instanceAis, Integer aisSteps, Integer aisRuns, boolean aisFixedStrength, double aisStrength,
    boolean compareStrength, String restarts, long seed, int threads, String vbAcceleration,
    String emAcceleration) {

  /** Settings with the commands' default EM and VBEM steps. */
  public BealSettings(boolean quick, List<Integer> sizes, List<Integer> aisSizes, Integer instances,
      boolean instanceAis, Integer aisSteps, Integer aisRuns, boolean aisFixedStrength, double aisStrength,
      boolean compareStrength, String restarts, long seed, int threads) {
    this(quick, sizes, aisSizes, instances, instanceAis, aisSteps, aisRuns, aisFixedStrength, aisStrength,
        compareStrength, restarts, seed, threads, DagScoreSettings.DEFAULT_VB_ACCELERATION,
        DagScoreSettings.DEFAULT_EM_ACCELERATION);
  }

  /** Beal's full run with the given seed and threads. */
  public static BealSettings defaults(long seed, int threads) {
    return new BealSettings(false, null, null, null, false, null, null, false,
        DagAnnealingTarget.Settings.DEFAULT_STRENGTH, false, Integer.toString(DagScoreSettings.DEFAULT_RESTARTS), seed,
        threads);
  }

  /** These settings as the reduced run. */
  public BealSettings asQuick() {
    return new BealSettings(true, sizes, aisSizes, instances, instanceAis, aisSteps, aisRuns, aisFixedStrength,
        aisStrength, compareStrength, restarts, seed, threads, vbAcceleration, emAcceleration);
  }
}
