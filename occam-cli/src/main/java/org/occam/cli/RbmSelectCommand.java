package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import org.occam.evidence.EvidenceEstimate;
import org.occam.rbm.RbmCrossValidation;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmMethod;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code occam rbm select}: the evidence-optimal number of hidden units, beside cross-validation. */
@Command(name = "select", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Score RBMs with K hidden units over a range of K and report the best K per method.", "",
        "Evidence scores pick the K with the highest log evidence; cv picks the K with the highest mean test"
            + " log-likelihood (PCD training per fold, log Z exact or by AIS).", "",
        "Example: occam rbm select --data docs.csv --hidden 1..10 --methods laplace,cv"})
public final class RbmSelectCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--hidden", required = true, paramLabel = "RANGE",
      description = "The K to score: a range 1..10, a list 1,2,4, or both (1..3,5).")
  String hidden;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = "laplace,cv",
      description = "Comma-separated: laplace,laplace0,map,ml-bic,ais-pd,cv (default: ${DEFAULT-VALUE}).")
  String methods;

  @Option(names = "--json", paramLabel = "OUT", description = "Write every score and the choices as JSON.")
  Path json;

  @Option(names = "--force", description = "Overwrite an existing output file.")
  boolean force;

  @Mixin
  RbmOptions options;

  /** Parses "1..10", "1,2,4" or "1..3,5" into ascending distinct K ≥ 1. */
  static int[] parseHidden(String text) {
    TreeSet<Integer> ks = new TreeSet<>();
    for (String part : text.split(",")) {
      String p = part.trim();
      try {
        int dots = p.indexOf("..");
        if (dots >= 0) {
          int from = Integer.parseInt(p.substring(0, dots).trim());
          int to = Integer.parseInt(p.substring(dots + 2).trim());
          if (to < from) {
            throw new IllegalArgumentException("--hidden: the range " + p + " is empty");
          }
          for (int k = from; k <= to; k++) {
            ks.add(k);
          }
        } else {
          ks.add(Integer.parseInt(p));
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--hidden: cannot read \"" + p + "\" (write e.g. 1..10 or 1,2,4)");
      }
    }
    if (ks.isEmpty() || ks.first() < 1) {
      throw new IllegalArgumentException("--hidden needs K >= 1, got " + text);
    }
    return ks.stream().mapToInt(Integer::intValue).toArray();
  }

  @Override
  public Integer call() {
    RbmOptions.Methods wanted = RbmOptions.parseMethods(methods);
    int[] ks = parseHidden(hidden);
    if (json != null) {
      OutputFiles.checkWritable(json, force);
    }
    RbmData d = options.read();
    PrintWriter out = spec.commandLine().getOut();
    RbmEstimators.describe(out, d, options, 0);
    out.printf(Locale.ROOT, "K in %s; methods %s%n", java.util.Arrays.toString(ks), methods);

    List<List<EvidenceEstimate>> byK = new ArrayList<>();
    try (Progress bar = Progress.start("rbm select", ks.length)) {
      for (int i = 0; i < ks.length; i++) {
        byK.add(RbmEstimators.score(d, ks[i], wanted.scores(), options, s -> { }));
        if (bar.listener() != null) {
          bar.listener().accept(i + 1);
        }
      }
    }
    RbmCrossValidation.Selection cv = wanted.crossValidation()
        ? new RbmCrossValidation(d, options.crossValidationSettings()).selectHiddenCount(ks, options.seed,
            options.threads(), null)
        : null;

    List<String> header = new ArrayList<>(List.of("K", "F"));
    for (RbmMethod m : wanted.scores()) {
      header.add(m.label());
    }
    if (cv != null) {
      header.add("cv per row");
      header.add("cv se");
    }
    List<String[]> rows = new ArrayList<>();
    int v = d.visibleCount();
    for (int i = 0; i < ks.length; i++) {
      List<String> row = new ArrayList<>(List.of(Integer.toString(ks[i]), Integer.toString(v * ks[i] + v + ks[i])));
      for (EvidenceEstimate e : byK.get(i)) {
        row.add(Tables.score(e.logEvidence()) + (e.converged() ? "" : " *"));
      }
      if (cv != null) {
        RbmCrossValidation.Result r = cv.results().get(i);
        row.add(String.format(Locale.ROOT, "%.4f", r.meanTestLogLikelihood()));
        row.add(String.format(Locale.ROOT, "%.4f", r.stdError()));
      }
      rows.add(row.toArray(new String[0]));
    }
    Tables.print(out, header.toArray(new String[0]), rows);

    Map<String, Object> choices = new LinkedHashMap<>();
    for (int j = 0; j < wanted.scores().size(); j++) {
      int best = -1;
      double bestValue = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < ks.length; i++) {
        double value = byK.get(i).get(j).logEvidence();
        if (value > bestValue) {
          bestValue = value;
          best = ks[i];
        }
      }
      String label = wanted.scores().get(j).label();
      choices.put(label, best);
      out.printf(Locale.ROOT, "best K by %s: %s%n", label, best < 0 ? "none (no finite score)" : best);
    }
    if (cv != null) {
      choices.put("cv", cv.bestHiddenCount());
      out.printf(Locale.ROOT, "best K by cv: %d (the smallest K within one standard error of the best: %d)%n",
          cv.bestHiddenCount(), cv.oneStandardErrorHiddenCount());
    }
    if (byK.stream().flatMap(List::stream).anyMatch(e -> !e.converged())) {
      out.println("* the optimiser stopped without converging; see the JSON diagnostics");
    }
    if (json != null) {
      Map<String, Object> root = new LinkedHashMap<>();
      root.put("data", RbmEstimators.dataJson(options, d));
      List<Map<String, Object>> perK = new ArrayList<>();
      for (int i = 0; i < ks.length; i++) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("hidden", ks[i]);
        m.put("results", byK.get(i).stream().map(ResultJson::estimate).toList());
        if (cv != null) {
          m.put("cv", RbmEstimators.crossValidationJson(cv.results().get(i)));
        }
        perK.add(m);
      }
      root.put("models", perK);
      root.put("bestHidden", choices);
      OutputFiles.write(json, ResultJson.write(root));
      out.println("wrote " + json);
    }
    return 0;
  }
}
