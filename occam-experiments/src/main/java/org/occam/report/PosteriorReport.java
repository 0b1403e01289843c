package org.occam.report;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;
import org.occam.sampling.CramerVonMises;
import org.occam.sampling.CramerVonMisesNull;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.ParameterSummary;
import org.occam.sampling.SamplerSettings;

/**
 * The comparison of posterior samplers that {@code occam mrf posterior} writes, after Welling &amp;
 * Parise (UAI 2006), section 7: each method's draws, a per-parameter summary, the Cramér–von Mises
 * score (eqn 23, summed over dimensions) of every method against the reference {@code hmc} with the
 * score's null 99% quantile ({@link CramerVonMisesNull}), and the marginal histograms of each
 * method's worst and best fitting parameter over the reference's (their Figure 3).
 *
 * <p>Files, in an output folder prepared before any work by {@link #prepare} (created, or empty, or
 * {@code --force}; every file written atomically by {@link OutputFiles}):
 *
 * <ul>
 *   <li>{@code samples-<method>.csv}: chain, draw, then one column per parameter, named as in the model;
 *   <li>{@code summary.csv}: method, parameter, mean, sd, q2.5, q25, q50, q75, q97.5, ess, psrf;
 *   <li>{@code cvm.csv} (only with {@code hmc}): method, cvm, cvmNull99, and the worst and best
 *       fitting parameter with their own scores;
 *   <li>{@code posterior.json}: the settings, the seed, each method's settings, diagnostics
 *       (converged, MPSRF, seconds…), CVM and summary;
 *   <li>{@code histograms.png}: per method other than {@code hmc}, its worst and best parameter
 *       over {@code hmc}'s; without {@code hmc}, each method's first two parameters alone.
 * </ul>
 */
public final class PosteriorReport {
  /** The reference method, whose draws are the ground truth (HMC with exact gradients). */
  public static final String REFERENCE = "hmc";
  /** The level of the null quantile reported beside each CVM score. */
  public static final double NULL_LEVEL = 0.99;

  private static final String[] SUMMARY_HEADER = {"method", "parameter", "mean", "sd", "q2.5", "q25", "q50", "q75",
      "q97.5", "ess", "psrf"};
  private static final String[] CVM_HEADER = {"method", "cvm", "cvmNull99", "worstParameter", "worstCvm",
      "bestParameter", "bestCvm"};

  /** The table's header. */
  public static final String[] HEADER = {"method", "seconds", "converged", "MPSRF", "min ESS", "CVM vs hmc",
      "null 99%"};

  /**
   * One method's comparison with the reference.
   *
   * @param byParameter the score of each parameter alone, in the model's order
   */
  public record Cvm(double score, double null99, double[] byParameter, int worst, int best) {}

  /**
   * One method's line.
   *
   * @param mpsrf NaN when the method reports none
   * @param cvm null for the reference, or when there is none
   */
  public record MethodRow(ParameterSamples samples, List<ParameterSummary.Row> summary, double mpsrf, double minEss,
      Cvm cvm) {
    public String method() {
      return samples.method();
    }
  }

  /** What was computed and written. */
  public record Result(List<MethodRow> rows, boolean hasReference, List<Path> written, List<String> notes) {}

  private PosteriorReport() {}

  /**
   * Makes the output folder ready before any sampling: created if missing; an existing folder
   * must be empty unless {@code force}.
   */
  public static Path prepare(Path dir, boolean force) {
    return OutputFiles.prepareFolder(dir, force);
  }

  /**
   * Summarises and compares the methods' draws and writes the files into {@code dir} (after
   * {@link #prepare}).
   *
   * @param samples one set per method, distinct names, the same parameters
   * @param settings what the run was asked for (the sampler settings, the prior…), written to the JSON
   * @param seed the run's seed (the null quantiles' relabellings are split off it)
   * @param threads worker threads for the null quantiles
   */
  public static Result write(Path dir, List<ParameterSamples> samples, Map<String, Object> settings, long seed,
      int threads) {
    Result r = compute(samples, seed, threads);
    List<Path> written = new ArrayList<>();
    for (ParameterSamples s : samples) {
      Path p = dir.resolve("samples-" + s.method() + ".csv");
      OutputFiles.write(p, out -> writeSamples(s, out));
      written.add(p);
    }
    Path summary = dir.resolve("summary.csv");
    OutputFiles.write(summary, summaryCsv(r.rows()));
    written.add(summary);
    if (r.hasReference()) {
      Path cvm = dir.resolve("cvm.csv");
      OutputFiles.write(cvm, cvmCsv(r.rows()));
      written.add(cvm);
    }
    Path png = dir.resolve("histograms.png");
    OutputFiles.write(png, histograms(r));
    written.add(png);
    Path json = dir.resolve("posterior.json");
    written.add(json);
    OutputFiles.write(json, ResultJson.write(json(r, settings, seed, written)));
    return new Result(r.rows(), r.hasReference(), List.copyOf(written), r.notes());
  }

  /** The summaries and scores, without writing anything. */
  public static Result compute(List<ParameterSamples> samples, long seed, int threads) {
    if (samples.isEmpty()) {
      throw new InvalidInputException("no methods to compare");
    }
    Set<String> names = new HashSet<>();
    ParameterSamples reference = null;
    for (ParameterSamples s : samples) {
      if (!names.add(s.method())) {
        throw new InvalidInputException("method " + s.method() + " is listed twice");
      }
      if (!s.parameterNames().equals(samples.get(0).parameterNames())) {
        throw new InvalidInputException(s.method() + "'s parameters " + s.parameterNames() + " are not "
            + samples.get(0).method() + "'s " + samples.get(0).parameterNames());
      }
      if (s.method().equals(REFERENCE)) {
        reference = s;
      }
    }
    List<MethodRow> rows = new ArrayList<>();
    for (ParameterSamples s : samples) {
      List<ParameterSummary.Row> summary = ParameterSummary.of(s);
      double minEss = summary.stream().mapToDouble(ParameterSummary.Row::ess).min().orElse(Double.NaN);
      Object m = s.diagnostics().get("mpsrf");
      double mpsrf = m instanceof Number n ? n.doubleValue() : Double.NaN;
      Cvm cvm = reference == null || s == reference ? null : cvm(s, reference, seed, threads);
      rows.add(new MethodRow(s, summary, mpsrf, minEss, cvm));
    }
    List<String> notes = new ArrayList<>();
    if (reference == null) {
      notes.add("no " + REFERENCE + " among the methods: no CVM scores (no cvm.csv); histograms.png shows the first"
          + " two parameters of each method");
    }
    for (MethodRow r : rows) {
      if (!r.samples().converged()) {
        Object reason = r.samples().diagnostics().get("reason");
        notes.add(r.method() + " did not converge" + (Double.isNaN(r.mpsrf()) ? "" : String.format(Locale.ROOT,
            " (MPSRF %.3f, converged below %.1f)", r.mpsrf(), SamplerSettings.MPSRF_THRESHOLD))
            + (reason == null ? "" : ": " + reason) + "; its draws and scores are shown but are not from its target");
      }
    }
    return new Result(rows, reference != null, List.of(), notes);
  }

  /** A method's CVM against the reference: summed, its null quantile, per parameter. */
  static Cvm cvm(ParameterSamples s, ParameterSamples reference, long seed, int threads) {
    double score = CramerVonMises.score(s, reference);
    double[][] a = s.pooled();
    double[][] b = reference.pooled();
    double null99 = CramerVonMisesNull.quantile(a, b, NULL_LEVEL,
        RandomStreams.taskSeed(seed, s.method().hashCode(), 99), threads);
    int k = s.dimension();
    double[] by = new double[k];
    int worst = 0;
    int best = 0;
    for (int j = 0; j < k; j++) {
      by[j] = CramerVonMises.univariate(column(a, j), column(b, j));
      worst = by[j] > by[worst] ? j : worst;
      best = by[j] < by[best] ? j : best;
    }
    return new Cvm(score, null99, by, worst, best);
  }

  private static double[] column(double[][] d, int k) {
    double[] c = new double[d.length];
    for (int i = 0; i < d.length; i++) {
      c[i] = d[i][k];
    }
    return c;
  }

  /** Prints the table, then the notes (methods that did not converge, a missing reference), then the files. */
  public static void print(PrintWriter out, Result r) {
    List<String[]> lines = new ArrayList<>();
    for (MethodRow m : r.rows()) {
      lines.add(new String[] {m.method(), String.format(Locale.ROOT, "%.2f", m.samples().seconds()),
          m.samples().converged() ? "yes" : "NO", Double.isNaN(m.mpsrf()) ? "-" : fixed(m.mpsrf(), 3),
          Double.isNaN(m.minEss()) ? "-" : String.format(Locale.ROOT, "%.0f", m.minEss()),
          m.cvm() == null ? "-" : fixed(m.cvm().score(), 2), m.cvm() == null ? "-" : fixed(m.cvm().null99(), 2)});
    }
    Tables.print(out, HEADER, lines);
    for (String n : r.notes()) {
      out.println(n);
    }
    for (Path p : r.written()) {
      out.println("wrote " + p);
    }
    out.flush();
  }

  private static String fixed(double v, int decimals) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : Tables.score(v);
  }

  private static String number(double v) {
    return Double.isFinite(v) ? Double.toString(v) : Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
  }

  private static CSVPrinter csv(Appendable out) throws IOException {
    return new CSVPrinter(out, CSVFormat.RFC4180.builder().setRecordSeparator('\n').get());
  }

  private static void writeSamples(ParameterSamples s, java.io.OutputStream stream) throws IOException {
    Writer w = new java.io.BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8));
    CSVPrinter p = csv(w);
    List<String> header = new ArrayList<>(List.of("chain", "draw"));
    header.addAll(s.parameterNames());
    p.printRecord(header);
    double[][][] d = s.draws();
    List<Object> row = new ArrayList<>(header.size());
    for (int c = 0; c < d.length; c++) {
      for (int t = 0; t < d[c].length; t++) {
        row.clear();
        row.add(c + 1);
        row.add(t + 1);
        for (double v : d[c][t]) {
          row.add(number(v));
        }
        p.printRecord(row);
      }
    }
    p.flush();
  }

  static String summaryCsv(List<MethodRow> rows) {
    StringBuilder text = new StringBuilder();
    try (CSVPrinter p = csv(text)) {
      p.printRecord((Object[]) SUMMARY_HEADER);
      for (MethodRow m : rows) {
        for (ParameterSummary.Row r : m.summary()) {
          p.printRecord(m.method(), r.name(), number(r.mean()), number(r.sd()), number(r.q025()), number(r.q25()),
              number(r.q50()), number(r.q75()), number(r.q975()), number(r.ess()), number(r.psrf()));
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return text.toString();
  }

  static String cvmCsv(List<MethodRow> rows) {
    StringBuilder text = new StringBuilder();
    try (CSVPrinter p = csv(text)) {
      p.printRecord((Object[]) CVM_HEADER);
      for (MethodRow m : rows) {
        Cvm c = m.cvm();
        if (c != null) {
          List<String> names = m.samples().parameterNames();
          p.printRecord(m.method(), number(c.score()), number(c.null99()), names.get(c.worst()),
              number(c.byParameter()[c.worst()]), names.get(c.best()), number(c.byParameter()[c.best()]));
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return text.toString();
  }

  /** The panels of histograms.png: see the class comment. */
  static List<PosteriorHistograms.Panel> panels(Result r) {
    ParameterSamples reference = null;
    for (MethodRow m : r.rows()) {
      if (m.method().equals(REFERENCE)) {
        reference = m.samples();
      }
    }
    List<MethodRow> shown = r.rows().stream().filter(m -> m.cvm() != null).toList();
    List<PosteriorHistograms.Panel> panels = new ArrayList<>();
    if (!shown.isEmpty()) {
      double[][] ref = reference.pooled();
      for (MethodRow m : shown) {
        double[][] own = m.samples().pooled();
        List<String> names = m.samples().parameterNames();
        Cvm c = m.cvm();
        int[] which = c.worst() == c.best() ? new int[] {c.worst()} : new int[] {c.worst(), c.best()};
        for (int j : which) {
          String title = String.format(Locale.ROOT, "%s: %s %s (CVM %.2f)", m.method(),
              j == c.worst() ? "worst" : "best", names.get(j), c.byParameter()[j]);
          panels.add(new PosteriorHistograms.Panel(title, m.method(), column(own, j), REFERENCE, column(ref, j)));
        }
      }
      return panels;
    }
    for (MethodRow m : r.rows()) {
      double[][] own = m.samples().pooled();
      for (int j = 0; j < Math.min(2, m.samples().dimension()); j++) {
        panels.add(new PosteriorHistograms.Panel(m.method() + ": " + m.samples().parameterNames().get(j), m.method(),
            column(own, j), null, null));
      }
    }
    return panels;
  }

  private static byte[] histograms(Result r) {
    String title = r.hasReference() ? "Marginal posteriors: each method's worst and best parameter (line) over hmc's"
        + " (filled)" : "Marginal posteriors: each method's first parameters (no hmc to compare with)";
    return PosteriorHistograms.png(title, panels(r));
  }

  private static Map<String, Object> json(Result r, Map<String, Object> settings, long seed, List<Path> written) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("settings", settings);
    root.put("seed", seed);
    root.put("reference", r.hasReference() ? REFERENCE : null);
    root.put("nullLevel", NULL_LEVEL);
    root.put("nullPermutations", CramerVonMisesNull.PERMUTATIONS);
    root.put("notes", r.notes());
    List<Object> methods = new ArrayList<>();
    for (MethodRow m : r.rows()) {
      ParameterSamples s = m.samples();
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("method", s.method());
      o.put("seconds", s.seconds());
      o.put("converged", s.converged());
      o.put("mpsrf", Double.isNaN(m.mpsrf()) ? null : m.mpsrf());
      o.put("essMin", m.minEss());
      o.put("chains", s.chainCount());
      o.put("drawsPerChain", s.drawsPerChain());
      o.put("settings", s.settings());
      o.put("diagnostics", s.diagnostics());
      if (m.cvm() != null) {
        Cvm c = m.cvm();
        Map<String, Object> cv = new LinkedHashMap<>();
        cv.put("score", c.score());
        cv.put("null99", c.null99());
        cv.put("worst", s.parameterNames().get(c.worst()));
        cv.put("best", s.parameterNames().get(c.best()));
        Map<String, Object> by = new LinkedHashMap<>();
        for (int j = 0; j < c.byParameter().length; j++) {
          by.put(s.parameterNames().get(j), c.byParameter()[j]);
        }
        cv.put("byParameter", by);
        o.put("cvm", cv);
      }
      List<Object> summary = new ArrayList<>();
      for (ParameterSummary.Row row : m.summary()) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("parameter", row.name());
        x.put("mean", row.mean());
        x.put("sd", row.sd());
        x.put("q2.5", row.q025());
        x.put("q25", row.q25());
        x.put("q50", row.q50());
        x.put("q75", row.q75());
        x.put("q97.5", row.q975());
        x.put("ess", row.ess());
        x.put("psrf", row.psrf());
        summary.add(x);
      }
      o.put("summary", summary);
      methods.add(o);
    }
    root.put("methods", methods);
    root.put("files", written.stream().map(p -> p.getFileName().toString()).toList());
    return root;
  }
}
