package org.occam.crf;

import java.util.LinkedHashMap;
import java.util.Map;
import org.occam.data.InvalidInputException;
import org.occam.mrf.GaussianPrior;
import org.occam.sampling.ParameterSpaceAis;
import org.occam.sampling.PosteriorDrawSettings;

/**
 * How a CRF problem is scored: the prior N(0, σ0² I) on λ, worker threads, the settings of
 * {@code ais} (10⁴ temperatures, G = 10 runs, one HMC move of 10 leapfrog steps each, as the MRF
 * family) and of the posterior samplers.
 *
 * @param priorSigma σ0
 * @param threads worker threads (results do not depend on it)
 * @param ais the settings of {@code ais} (its prior σ is replaced by {@code priorSigma})
 * @param posterior how posterior samples are drawn
 */
public record CrfSettings(double priorSigma, int threads, ParameterSpaceAis.Settings ais,
    PosteriorDrawSettings posterior) {
  public CrfSettings {
    new GaussianPrior(priorSigma);
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
    ais = ais.withPriorSigma(priorSigma);
  }

  /** σ0 = 1, the available processors, AIS as the MRF family's ({@code ais} defaults), lv-cd draws. */
  public static CrfSettings defaults() {
    return new CrfSettings(GaussianPrior.DEFAULT_SIGMA, Runtime.getRuntime().availableProcessors(),
        ParameterSpaceAis.Settings.defaults().withBealSchedule(ParameterSpaceAis.Settings.DEFAULT_SCHEDULE_E),
        PosteriorDrawSettings.defaults());
  }

  public CrfSettings withPriorSigma(double s) {
    return new CrfSettings(s, threads, ais, posterior);
  }

  public CrfSettings withThreads(int t) {
    return new CrfSettings(priorSigma, t, ais, posterior);
  }

  public CrfSettings withAis(ParameterSpaceAis.Settings a) {
    return new CrfSettings(priorSigma, threads, a, posterior);
  }

  public CrfSettings withPosterior(PosteriorDrawSettings p) {
    return new CrfSettings(priorSigma, threads, ais, p);
  }

  /** The prior. */
  public GaussianPrior prior() {
    return new GaussianPrior(priorSigma);
  }

  /** The settings as reported in results. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("prior", prior().toString());
    m.put("threads", threads);
    return m;
  }
}
