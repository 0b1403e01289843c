package org.occam.experiments.crffaq;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.occam.crf.CrfProblem;
import org.occam.crf.posterior.CrfPosteriorSamplers;
import org.occam.math.RandomStreams;
import org.occam.report.LinePlot;
import org.occam.report.PosteriorHistograms;
import org.occam.sampling.CramerVonMises;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.SamplerSettings;

/**
 * Welling &amp; Parise (UAI 2006), section 7, the CRF part (Figures 6–8): for each training set
 * size N, draws from the posterior over the 48 tied parameters by {@code bl-mp} (the Laplace
 * Gaussian at λMP with the untied covariance projected to the tied parameters) and {@code lv-cd}
 * (brief Langevin with one Gibbs sweep of the chain per gradient), each scored by the Cramér–von
 * Mises score (UAI eqn 23, summed over the parameters) against the ground truth {@link #TRUTH}
 * (random-walk Metropolis–Hastings with the exact likelihood, as the paper's, run long enough for
 * its autocorrelation time of a few hundred transitions), and {@code hmc} (exact gradients) scored
 * against it as a check of the ground truth, all from
 * {@link CrfPosteriorSamplers}. Figures 7 and 8 show, at the smallest and the largest N, the
 * marginal histograms of each method's worst- and best-fitting parameter by the univariate score.
 */
final class CrfFaqPosteriors {
  static final String HEADER = "n,method,cvm,seconds,converged,mpsrf,draws,seed,note";
  static final String MARGINALS_HEADER = "n,method,parameter,cvm";
  /** The ground truth sampler (the paper's). */
  static final String TRUTH = "mh";
  /** Scored against the truth as a check of it (exact gradients: its draws are the posterior's too). */
  static final String CHECK = "hmc";
  static final String BL_MP = "bl-mp";
  static final String LV_CD = "lv-cd";
  static final List<String> COMPARED = List.of(BL_MP, LV_CD);
  /** Every method, the truth first; a method's seed is the unit's split by its index here. */
  static final List<String> METHODS = List.of(TRUTH, BL_MP, LV_CD, CHECK);

  private CrfFaqPosteriors() {}

  /**
   * One sample set.
   *
   * @param cvm its score against the truth's set of the same N (NaN for the truth itself)
   * @param mpsrf the chains' MPSRF (NaN for independent draws)
   * @param note why the method gave no draws, or empty
   */
  record Row(int n, String method, double cvm, double seconds, boolean converged, double mpsrf, int draws, long seed,
      String note) {
    Row {
      note = note.replace(',', ';').replace('\n', ' ');
    }

    boolean failed() {
      return !note.isEmpty();
    }
  }

  /** The rows of one N and the draws behind them (by method; a method without draws is absent). */
  record Unit(int n, List<Row> rows, Map<String, ParameterSamples> draws) {}

  /**
   * Draws every method's set for the problem of one N, the truth first.
   *
   * @param truthSettings the truth's settings (a longer warm-up and budget: a random walk)
   */
  static Unit run(int n, CrfProblem problem, SamplerSettings settings, SamplerSettings truthSettings) {
    List<Row> rows = new ArrayList<>();
    Map<String, ParameterSamples> draws = new java.util.LinkedHashMap<>();
    ParameterSamples truth = null;
    for (String m : METHODS) {
      long s = RandomStreams.taskSeed(problem.seed(), METHODS.indexOf(m));
      try {
        ParameterSamples d = CrfPosteriorSamplers.get(m).sample(problem, m.equals(TRUTH) ? truthSettings : settings,
            s);
        draws.put(m, d);
        if (m.equals(TRUTH)) {
          truth = d;
        }
        double cvm = m.equals(TRUTH) || truth == null ? Double.NaN : CramerVonMises.score(d, truth);
        rows.add(new Row(n, m, cvm, d.seconds(), d.converged(), number(d.diagnostics().get("mpsrf")),
            d.chainCount() * d.drawsPerChain(), s, m.equals(TRUTH) || truth != null ? "" : TRUTH + " gave no draws"));
      } catch (IllegalArgumentException e) {
        String why = e.getMessage() == null || e.getMessage().isEmpty() ? e.getClass().getSimpleName() : e.getMessage();
        rows.add(new Row(n, m, Double.NaN, Double.NaN, false, Double.NaN, 0, s, why));
      }
    }
    return new Unit(n, rows, draws);
  }

  private static double number(Object o) {
    return o instanceof Number x ? x.doubleValue() : Double.NaN;
  }

  static String csv(List<Row> rows) {
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    for (Row r : rows) {
      b.append(r.n()).append(',').append(r.method()).append(',').append(Csv.exact(r.cvm())).append(',')
          .append(Csv.exact(r.seconds())).append(',').append(r.converged()).append(',').append(Csv.exact(r.mpsrf()))
          .append(',').append(r.draws()).append(',').append(r.seed()).append(',').append(r.note()).append('\n');
    }
    return b.toString();
  }

  static List<Row> parse(String text) {
    List<Row> rows = new ArrayList<>();
    for (String[] c : Csv.rows(text, HEADER)) {
      rows.add(new Row(Integer.parseInt(c[0]), c[1], Csv.read(c[2]), Csv.read(c[3]), Boolean.parseBoolean(c[4]),
          Csv.read(c[5]), Integer.parseInt(c[6]), Long.parseLong(c[7]), c[8]));
    }
    return rows;
  }

  /** A method's row at N, or null. */
  static Row at(List<Row> rows, String method, int n) {
    return rows.stream().filter(r -> r.method().equals(method) && r.n() == n).findFirst().orElse(null);
  }

  /** The N of the rows, ascending. */
  static int[] sizes(List<Row> rows) {
    return rows.stream().mapToInt(Row::n).distinct().sorted().toArray();
  }

  /** CVM against the truth per N for bl-mp and lv-cd (and hmc, the check), log y, with the noise floor. */
  static byte[] png(List<Row> rows, double floor, String title) {
    List<LinePlot.Series> series = new ArrayList<>();
    for (String m : List.of(BL_MP, LV_CD, CHECK)) {
      List<Row> c = rows.stream().filter(r -> r.method().equals(m) && r.cvm() > 0).toList();
      if (!c.isEmpty()) {
        series.add(new LinePlot.Series(m.equals(CHECK) ? CHECK + " (check of the truth)" : m,
            c.stream().mapToDouble(Row::n).toArray(), c.stream().mapToDouble(Row::cvm)
            .toArray()));
      }
    }
    double[] ns = Arrays.stream(sizes(rows)).asDoubleStream().toArray();
    if (floor > 0 && ns.length > 0) {
      double[] y = new double[ns.length];
      Arrays.fill(y, floor);
      series.add(new LinePlot.Series("noise floor (same distribution, 99%)", ns, y));
    }
    return LinePlot.png(title, "N (training documents)", "CVM score against " + TRUTH + " (log scale)", series, false,
        true, 900, 560);
  }

  /**
   * One parameter's univariate score.
   *
   * @param cvm the univariate Cramér–von Mises score of the method's draws against the truth's
   */
  record Marginal(int n, String method, String parameter, double cvm) {}

  /** Every compared method's per-parameter scores at N (methods without draws are left out). */
  static List<Marginal> marginals(Unit u) {
    List<Marginal> out = new ArrayList<>();
    ParameterSamples truth = u.draws().get(TRUTH);
    if (truth == null) {
      return out;
    }
    double[][] t = columns(truth);
    for (String m : COMPARED) {
      ParameterSamples d = u.draws().get(m);
      if (d == null) {
        continue;
      }
      double[][] c = columns(d);
      for (int p = 0; p < c.length; p++) {
        out.add(new Marginal(u.n(), m, d.parameterNames().get(p), CramerVonMises.univariate(c[p], t[p])));
      }
    }
    return out;
  }

  /** A method's worst- (first) and best-fitting parameter at N. */
  static List<Marginal> worstAndBest(List<Marginal> all, String method, int n) {
    List<Marginal> m = all.stream().filter(x -> x.method().equals(method) && x.n() == n).sorted(Comparator
        .comparingDouble(Marginal::cvm).reversed()).toList();
    return m.isEmpty() ? List.of() : List.of(m.get(0), m.get(m.size() - 1));
  }

  static String marginalsCsv(List<Marginal> all) {
    StringBuilder b = new StringBuilder(MARGINALS_HEADER).append('\n');
    for (Marginal m : all) {
      b.append(m.n()).append(',').append(m.method()).append(',').append(m.parameter()).append(',')
          .append(Csv.exact(m.cvm())).append('\n');
    }
    return b.toString();
  }

  static List<Marginal> parseMarginals(String text) {
    List<Marginal> out = new ArrayList<>();
    for (String[] c : Csv.rows(text, MARGINALS_HEADER)) {
      out.add(new Marginal(Integer.parseInt(c[0]), c[1], c[2], Csv.read(c[3])));
    }
    return out;
  }

  /** Figures 7 and 8: per compared method, its worst and best parameter, the method outlined over the truth. */
  static byte[] histograms(Unit u, List<Marginal> all, String title) {
    List<PosteriorHistograms.Panel> panels = new ArrayList<>();
    ParameterSamples truth = u.draws().get(TRUTH);
    for (String m : COMPARED) {
      ParameterSamples d = u.draws().get(m);
      List<Marginal> wb = worstAndBest(all, m, u.n());
      for (int k = 0; k < wb.size(); k++) {
        Marginal x = wb.get(k);
        int p = d.parameterNames().indexOf(x.parameter());
        panels.add(new PosteriorHistograms.Panel((k == 0 ? "worst: " : "best: ") + x.parameter() + " (CVM "
            + String.format(java.util.Locale.ROOT, "%.3g", x.cvm()) + ")", m, columns(d)[p], TRUTH,
            columns(truth)[p]));
      }
    }
    return PosteriorHistograms.png(title, panels);
  }

  private static double[][] columns(ParameterSamples s) {
    double[][] pooled = s.pooled();
    double[][] out = new double[s.dimension()][pooled.length];
    IntStream.range(0, pooled.length).forEach(t -> {
      for (int p = 0; p < out.length; p++) {
        out[p][t] = pooled[t][p];
      }
    });
    return out;
  }
}
