package org.occam.experiments.wellingparise;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.math.RandomStreams;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.report.PreviousRun;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.SamplerSettings;

/**
 * The units of a {@link WellingPariseExperiment} run: one sample set of every method for one
 * (figure, model, N, set), with the methods' scores against that unit's HMC set. A unit's seed is
 * {@code RandomStreams.taskSeed(seed, figure, model, N, set)} and method k of
 * {@link WellingPariseDesign#METHODS} samples with {@code taskSeed(unitSeed, k)}, so the numbers
 * depend on what the unit is, never on the thread count or on which units ran before (a resumed
 * run's). The journal keeps a unit as {@code {"figure", "model", "n", "set", "rows": [...]}}.
 */
final class WellingPariseUnits {
  private WellingPariseUnits() {}

  /**
   * One unit.
   *
   * @param figure 2, 4 or 5
   * @param model the model's id within its figure (Figures 4 and 5: d·4 in thousandths,
   *     {@link WellingParisePlan#strengthId})
   * @param n the data set size
   * @param set the sample set's index
   */
  record Unit(int figure, int model, int n, int set) {
    long seed(long base) {
      return RandomStreams.taskSeed(base, figure, model, n, set);
    }

    static long methodSeed(long unitSeed, String method) {
      return RandomStreams.taskSeed(unitSeed, WellingPariseDesign.METHODS.indexOf(method));
    }
  }

  /**
   * One method's sample set in one unit: a row of the figures' CSV files.
   *
   * @param strengthTimes4 d·4 (NaN for Figure 2)
   * @param cvm its Cramér–von Mises score against the unit's HMC set (NaN for hmc itself)
   * @param seconds the sampler's wall time
   * @param converged whether the sampler's diagnostics say it converged
   * @param mpsrf the chains' MPSRF (NaN for independent draws)
   * @param bpNotConverged loopy BP runs that did not converge inside the method (bl-bp, mc-bp)
   * @param draws the kept draws
   * @param seed the method's seed
   * @param note why the method gave no draws (its one-line error), or empty
   */
  record Row(int figure, int model, double strengthTimes4, int n, String method, int set, double cvm, double seconds,
      boolean converged, double mpsrf, long bpNotConverged, int draws, long seed, String note) {
    Row {
      note = note.replace(',', ';').replace('\n', ' ');
    }

    boolean failed() {
      return !note.isEmpty();
    }
  }

  /**
   * Runs one unit: HMC, then the compared methods, each scored against the HMC set.
   *
   * @param model the unit's model (its data's first {@code u.n()} rows are used)
   */
  static List<Row> run(Unit u, WellingPariseDesign.Model model, long baseSeed, SamplerSettings settings,
      MrfScoreSettings scoreSettings, WellingPariseSampling sampling) {
    long unitSeed = u.seed(baseSeed);
    MrfProblem problem = new MrfProblem(WellingPariseDesign.GRID, model.data(u.n()), scoreSettings, unitSeed);
    List<Row> rows = new ArrayList<>();
    String hmcName = WellingPariseDesign.HMC;
    long hmcSeed = Unit.methodSeed(unitSeed, hmcName);
    ParameterSamples hmc = null;
    try {
      hmc = sampling.sample(hmcName, problem, settings, hmcSeed);
      rows.add(row(u, model, hmc, Double.NaN, hmcSeed));
    } catch (IllegalArgumentException e) {
      rows.add(failed(u, model, hmcName, hmcSeed, e));
    }
    for (String m : WellingPariseDesign.COMPARED) {
      long s = Unit.methodSeed(unitSeed, m);
      try {
        ParameterSamples draws = sampling.sample(m, problem, settings, s);
        rows.add(hmc == null ? new Row(u.figure(), u.model(), model.strengthTimes4(), u.n(), m, u.set(), Double.NaN,
            draws.seconds(), draws.converged(), number(draws.diagnostics().get("mpsrf")),
            bpNotConverged(draws.diagnostics()), draws.chainCount() * draws.drawsPerChain(), s, "hmc gave no draws")
            : row(u, model, draws, sampling.score(draws, hmc), s));
      } catch (IllegalArgumentException e) {
        rows.add(failed(u, model, m, s, e));
      }
    }
    return rows;
  }

  /**
   * A method that gave no draws: its one-line error (InvalidInputException, e.g. a Bethe–Laplace
   * precision that is not positive definite, or another IllegalArgumentException).
   */
  private static Row failed(Unit u, WellingPariseDesign.Model model, String method, long seed, RuntimeException e) {
    String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new Row(u.figure(), u.model(), model.strengthTimes4(), u.n(), method, u.set(), Double.NaN, Double.NaN, false,
        Double.NaN, 0, 0, seed, why.isEmpty() ? "failed" : why);
  }

  private static Row row(Unit u, WellingPariseDesign.Model model, ParameterSamples s, double cvm, long seed) {
    return new Row(u.figure(), u.model(), model.strengthTimes4(), u.n(), s.method(), u.set(), cvm, s.seconds(),
        s.converged(), number(s.diagnostics().get("mpsrf")), bpNotConverged(s.diagnostics()),
        s.chainCount() * s.drawsPerChain(), seed, "");
  }

  /**
   * The loopy BP runs a method's diagnostics report as not converged: those of its optimisation
   * ({@code bpNonConvergedCalls}) plus the final run of its linear response ({@code bpConverged}
   * false); 0 when they report none.
   */
  static long bpNotConverged(Map<String, Object> diagnostics) {
    long n = diagnostics.get("bpNonConvergedCalls") instanceof Number c ? c.longValue() : 0;
    if (diagnostics.get("bpConverged") instanceof Boolean b && !b) {
      n++;
    }
    return n;
  }

  private static double number(Object o) {
    return o instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  static Map<String, Object> json(Unit u, List<Row> rows) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("figure", u.figure());
    m.put("model", u.model());
    m.put("n", u.n());
    m.put("set", u.set());
    List<Map<String, Object>> out = new ArrayList<>();
    for (Row r : rows) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("d4", r.strengthTimes4());
      o.put("method", r.method());
      o.put("cvm", r.cvm());
      o.put("seconds", r.seconds());
      o.put("converged", r.converged());
      o.put("mpsrf", r.mpsrf());
      o.put("bpNotConverged", r.bpNotConverged());
      o.put("draws", r.draws());
      o.put("seed", r.seed());
      o.put("note", r.note());
      out.add(o);
    }
    m.put("rows", out);
    return m;
  }

  static Unit unit(JsonNode u) {
    return new Unit(u.path("figure").asInt(), u.path("model").asInt(), u.path("n").asInt(), u.path("set").asInt());
  }

  static List<Row> read(JsonNode j) {
    Unit u = unit(j);
    List<Row> rows = new ArrayList<>();
    for (JsonNode o : j.path("rows")) {
      rows.add(new Row(u.figure(), u.model(), PreviousRun.number(o.get("d4")), u.n(), o.path("method").asText(),
          u.set(), PreviousRun.number(o.get("cvm")), PreviousRun.number(o.get("seconds")),
          o.path("converged").asBoolean(), PreviousRun.number(o.get("mpsrf")), o.path("bpNotConverged").asLong(),
          o.path("draws").asInt(), o.path("seed").asLong(), o.path("note").asText()));
    }
    return List.copyOf(rows);
  }

  /** {@code figure 2, model 3, N = 1000, set 1: bl-mp 812.4, bl-bp 1030.2, … (hmc 12.1 s)}. */
  static String line(Unit u, List<Row> rows) {
    List<String> parts = new ArrayList<>();
    double hmcSeconds = Double.NaN;
    for (Row r : rows) {
      if (r.method().equals(WellingPariseDesign.HMC)) {
        hmcSeconds = r.seconds();
      } else {
        parts.add(r.failed() ? r.method() + " failed (" + r.note() + ")" : String.format(Locale.ROOT, "%s %.4g%s",
            r.method(), r.cvm(), r.converged() ? "" : " (not converged)"));
      }
    }
    String where = u.figure() == 2 ? "model " + u.model() : "d = " + WellingPariseFigures.number(rows.get(0)
        .strengthTimes4()) + "/4";
    return String.format(Locale.ROOT, "figure %d, %s, N = %d, set %d: CVM %s (hmc %.1f s)", u.figure(), where, u.n(),
        u.set(), String.join(", ", parts), hmcSeconds);
  }
}
