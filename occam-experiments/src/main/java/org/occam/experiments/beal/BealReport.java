package org.occam.experiments.beal;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.dag.DagAnnealingTarget;
import org.occam.dag.DagMethod;
import org.occam.dag.DagScoreSettings;

/**
 * The {@code report.md} of {@code occam experiment beal}: the reproduced tables beside the
 * chapter's printed ones, and the comparisons of the pattern the chapter reports, each computed
 * from the numbers (nothing in it is written in advance of the run).
 */
final class BealReport {
  private BealReport() {}

  static final String[] STRENGTH_HEADER = {"n", "strength", "AIS<VB%", "AIS1<VB%", "mean se", "MH rej%", "rej Q1%",
      "rej Q4%", "true rank", "cpu s"};

  static String markdown(List<Integer> ns, List<Integer> aisNs, int instances, int runs, int steps,
      DagAnnealingTarget.Settings ais, DagScoreSettings settings, long seed, int threads, String engine,
      Map<String, double[]> rankByMethod, List<String[]> table64, String[] header64, List<String[]> strengthRows,
      List<DagMethod> partTwoMethods,
      double[][] success, Map<String, double[]> vsCorrected, double totalSeconds, double partTwoSeconds,
      long scoresPerMethod, double aisSecondsAt480, String againstAis) {
    return new Sections(ns, aisNs, instances, runs, steps, ais, settings, seed, threads, engine, rankByMethod, table64,
        header64, strengthRows, partTwoMethods, success, vsCorrected, totalSeconds, partTwoSeconds,
        scoresPerMethod, aisSecondsAt480, againstAis, new StringBuilder()).write();
  }

  /**
   * The report's sections, each written from the run's numbers into {@code b} (a record only to
   * name the numbers once).
   */
  private record Sections(List<Integer> ns, List<Integer> aisNs, int instances, int runs, int steps,
      DagAnnealingTarget.Settings ais, DagScoreSettings settings, long seed, int threads, String engine,
      Map<String, double[]> rankByMethod, List<String[]> table64, String[] header64, List<String[]> strengthRows,
      List<DagMethod> partTwoMethods, double[][] success, Map<String, double[]> vsCorrected, double totalSeconds,
      double partTwoSeconds, long scoresPerMethod, double aisSecondsAt480, String againstAis, StringBuilder b) {
    String write() {
      intro();
      table61();
      aisTables();
      strength();
      partTwo();
      b.append(againstAis);
      speed();
      files();
      return b.toString();
    }

    /** The heading and how the run was made. */
    private void intro() {
      b.append("# Beal (2003), chapter 6, reproduced\n\n");
      b.append(String.format(Locale.ROOT, "Made by `occam experiment beal` with seed %d (%s) in %.1f s. "
          + "Data sizes %s (nested: each set is the first n rows of one draw). EM and VBEM: %s, at most %d "
          + "iterations; EM stops below %.0e per datum%s, VBEM %s. AIS at sizes %s: K = %d temperatures of Beal's schedule (e = %.2f), "
          + "G = %d runs, one Metropolis-Hastings sweep per temperature (one Dirichlet proposal per CPT row), proposal "
          + "strength %s. Part two: %d true parameter sets drawn from the prior.%n%n",
          seed, engine, totalSeconds, ns, settings.restartRuleText(), settings.maxIterations(), settings.tolerancePerDatum(),
          settings.emAccelerated() ? " (with SQUAREM's jumps between EM steps, --em-acceleration squarem)" : "",
          (settings.vbLimitGap() > 0
              ? String.format(Locale.ROOT, "when Aitken's estimate puts F within %s nats of its limit",
                  settings.vbLimitGap())
              : "likewise (Beal's rule)")
              + (settings.vbAccelerated() ? ", with SQUAREM's jumps between VBE steps (--vb-acceleration squarem)" : ""),
          aisNs.isEmpty() ? "none" : aisNs, steps, ais.scheduleE(), runs,
          ais.scaledStrength() ? "alpha = " + ais.strength() + " + n tau / L_j" : "fixed alpha = " + ais.strength(),
          instances));
      b.append("The data are a fresh random draw, so individual ranks differ from the chapter's; what can be compared is "
          + "the pattern. Every comparison below is computed from this run's numbers.\n\n");
    }

    /** Table 6.1 and what it shows: the ranks by size against the chapter's. */
    private void table61() {
      // Table 6.1
      b.append("## Table 6.1: rank of the true structure among 136 (this run / chapter)\n\n");
      String[] methods = {"map", "bic", "bicp", "cs", "cs-dagger", "vb", "ais"};
      b.append("| n |");
      for (String m : methods) {
        b.append(' ').append(m).append(" |");
      }
      b.append("\n|---|");
      b.append("---|".repeat(methods.length)).append('\n');
      for (int si = 0; si < ns.size(); si++) {
        int n = ns.get(si);
        int pi = BealPrinted.sizeIndex(n);
        b.append("| ").append(n).append(" |");
        for (String m : methods) {
          double ours = rankByMethod.containsKey(m) ? rankByMethod.get(m)[si] : Double.NaN;
          int pm = indexOf(BealPrinted.TABLE_6_1_METHODS, m);
          String printed = pi >= 0 && pm >= 0 ? Integer.toString(BealPrinted.TABLE_6_1[pi][pm]) : "–";
          b.append(' ').append(Double.isNaN(ours) ? "–" : Integer.toString((int) ours)).append(" / ").append(printed)
              .append(" |");
        }
        b.append('\n');
      }
      b.append('\n');
      b.append("Pattern (chapter: \"for almost all n, VB outperforms BIC, BICp and CS\"; \"for small n, AIS produces a "
          + "better ranking than any other\"; all converge by n = 10240):\n\n");
      for (String other : new String[] {"bic", "bicp", "cs", "cs-dagger"}) {
        int[] ours = betterCount(rankByMethod.get("vb"), rankByMethod.get(other));
        int[] printed = printedBetterCount(ns, "vb", other);
        b.append(String.format(Locale.ROOT, "- VB ranks the true structure better than %s at %d of %d sizes, the same at "
            + "%d%s.%n", other, ours[0], ours[2], ours[1],
            printed == null ? "" : String.format(Locale.ROOT, " (chapter, same sizes: better at %d, same at %d of %d)",
                printed[0], printed[1], printed[2])));
      }
      double[] aisRanks = rankByMethod.get("ais");
      int smallSizes = 0;
      int aisBest = 0;
      int printedSmall = 0;
      int printedAisBest = 0;
      for (int si = 0; si < ns.size(); si++) {
        if (ns.get(si) > 320 || Double.isNaN(aisRanks[si])) {
          continue;
        }
        smallSizes++;
        boolean best = true;
        for (String m : new String[] {"bic", "bicp", "cs", "cs-dagger", "vb"}) {
          best &= aisRanks[si] <= rankByMethod.get(m)[si];
        }
        aisBest += best ? 1 : 0;
        int pi = BealPrinted.sizeIndex(ns.get(si));
        if (pi >= 0) {
          printedSmall++;
          boolean pb = true;
          for (int pm = 1; pm < 5; pm++) {
            pb &= BealPrinted.TABLE_6_1[pi][5] <= BealPrinted.TABLE_6_1[pi][pm];
          }
          printedAisBest += pb ? 1 : 0;
        }
      }
      if (smallSizes > 0) {
        b.append(String.format(Locale.ROOT, "- At n ≤ 320, AIS ranks the true structure at least as well as every "
            + "other score at %d of %d sizes (chapter: %d of %d).%n", aisBest, smallSizes, printedAisBest, printedSmall));
      }
      int last = ns.size() - 1;
      StringBuilder firsts = new StringBuilder();
      for (String m : new String[] {"bic", "bicp", "cs", "cs-dagger", "vb", "ais"}) {
        double r = rankByMethod.get(m)[last];
        if (!Double.isNaN(r)) {
          firsts.append(firsts.length() == 0 ? "" : ", ").append(m).append(' ').append((int) r);
        }
      }
      b.append(String.format(Locale.ROOT, "- At the largest size, n = %d, the true structure's ranks are: %s.%s%n%n",
          ns.get(last), firsts, ns.get(last) == 10240 ? " (Chapter: BIC 2, BICp 1, CS 1, VB 1, AIS 1.)" : ""));
    }

    /** Tables 6.3 and 6.4: AIS against the VB bound. */
    private void aisTables() {
      if (!table64.isEmpty()) {
        b.append("## Tables 6.3 and 6.4: AIS against the VB bound\n\n");
        b.append("Percentages over the 136 structures (single runs: over structures × runs) of AIS estimates below "
            + "the VB lower bound; VB* is uncorrected, VB corrected for aliases (AIS samples all aliases and needs no "
            + "correction). A bound violated by the G-run average means AIS has not converged for that structure.\n\n");
        b.append('|');
        for (String h : header64) {
          b.append(' ').append(h).append(" |");
        }
        b.append("\n|").append("---|".repeat(header64.length)).append('\n');
        for (String[] r : table64) {
          b.append('|');
          for (String c : r) {
            b.append(' ').append(c).append(" |");
          }
          b.append('\n');
        }
        b.append("\nChapter (K = 16384, G = 5, fixed proposal width): at n = 560…5120 single runs fell below VB in ");
        for (int i = 0; i < BealPrinted.TABLE_6_4_SIZES.length; i++) {
          b.append(i == 0 ? "" : ", ").append(BealPrinted.TABLE_6_4_SIZES[i]).append(": ")
              .append(BealPrinted.TABLE_6_4_SINGLE_BELOW_VB[i]).append('%');
        }
        b.append(" of structures, with M-H rejection rates ");
        for (int i = 0; i < BealPrinted.TABLE_6_4_SIZES.length; i++) {
          b.append(i == 0 ? "" : ", ").append(BealPrinted.TABLE_6_4_REJECTION[i]).append('%');
        }
        b.append("; averaged over five runs: ");
        for (int i = 0; i < BealPrinted.TABLE_6_4_SIZES.length; i++) {
          b.append(i == 0 ? "" : ", ").append(BealPrinted.TABLE_6_4_AVERAGED_BELOW_VB[i]).append('%');
        }
        b.append(". The rejection rate there grew with n because the proposal width stayed fixed; the scaled "
            + "strength (alpha0 + n tau / L_j, the chapter's section 6.5.1 suggestion) is meant to hold it steady.\n\n");
      }
    }

    /** The AIS proposal strengths compared, when both ran. */
    private void strength() {
      if (strengthRows.size() > table64.size()) {
        b.append("## AIS proposal strength: scaled against fixed\n\n");
        b.append("The same data, seeds and schedule; only the Dirichlet proposal strength differs. Fewer AIS estimates "
            + "below the VB lower bound and a smaller standard error mean a better sampler.\n\n|");
        for (String h : STRENGTH_HEADER) {
          b.append(' ').append(h).append(" |");
        }
        b.append("\n|").append("---|".repeat(STRENGTH_HEADER.length)).append('\n');
        int scaledBetter = 0;
        int fixedBetter = 0;
        for (int i = 0; i + 1 < strengthRows.size(); i += 2) {
          for (String[] r : new String[][] {strengthRows.get(i), strengthRows.get(i + 1)}) {
            b.append('|');
            for (String c : r) {
              b.append(' ').append(c).append(" |");
            }
            b.append('\n');
          }
          String[] scaled = strengthRows.get(i)[1].startsWith("fixed") ? strengthRows.get(i + 1) : strengthRows.get(i);
          String[] fixed = scaled == strengthRows.get(i) ? strengthRows.get(i + 1) : strengthRows.get(i);
          double sv = Double.parseDouble(scaled[2]) + Double.parseDouble(scaled[3]);
          double fv = Double.parseDouble(fixed[2]) + Double.parseDouble(fixed[3]);
          double ss = Double.parseDouble(scaled[4]);
          double fs = Double.parseDouble(fixed[4]);
          if (sv < fv || sv == fv && ss < fs) {
            scaledBetter++;
          } else if (fv < sv || fv == sv && fs < ss) {
            fixedBetter++;
          }
        }
        b.append(String.format(Locale.ROOT, "%nScaled strength better (fewer violations of the VB bound, then smaller "
            + "standard error) at %d of %d sizes, fixed better at %d.%n%n", scaledBetter, strengthRows.size() / 2,
            fixedBetter));
      }
    }

    /** Tables 6.5 and 6.2: part two against the chapter. */
    private void partTwo() {
      if (instances > 0) {
        b.append(String.format(Locale.ROOT, "## Table 6.5: true structure ranked first, out of %d parameter draws "
            + "(this run / chapter out of 106)%n%n", instances));
        b.append("| n |");
        for (DagMethod m : partTwoMethods) {
          b.append(' ').append(m.label()).append(" |");
        }
        b.append("\n|---|").append("---|".repeat(partTwoMethods.size())).append('\n');
        for (int si = 0; si < ns.size(); si++) {
          int pi = BealPrinted.sizeIndex(ns.get(si));
          b.append("| ").append(ns.get(si)).append(" |");
          for (int a = 0; a < partTwoMethods.size(); a++) {
            int pm = indexOf(BealPrinted.TABLE_6_5_METHODS, partTwoMethods.get(a).label());
            b.append(' ').append((int) success[a][si]).append(" / ")
                .append(pi >= 0 && pm >= 0 ? Integer.toString(BealPrinted.TABLE_6_5[pi][pm]) : "–").append(" |");
          }
          b.append('\n');
        }
        int vb = partTwoMethods.indexOf(DagMethod.VB);
        b.append('\n');
        for (int a = 0; a < partTwoMethods.size(); a++) {
          DagMethod m = partTwoMethods.get(a);
          if (a == vb || m == DagMethod.MAP) {
            continue;
          }
          int vbMore = 0;
          int same = 0;
          for (int si = 0; si < ns.size(); si++) {
            vbMore += success[vb][si] > success[a][si] ? 1 : 0;
            same += success[vb][si] == success[a][si] ? 1 : 0;
          }
          int pm = indexOf(BealPrinted.TABLE_6_5_METHODS, m.label());
          String chapter = "";
          if (pm >= 0) {
            int pMore = 0;
            int pLess = 0;
            int pTotal = 0;
            for (int n : ns) {
              int pi = BealPrinted.sizeIndex(n);
              if (pi >= 0) {
                pTotal++;
                pMore += BealPrinted.TABLE_6_5[pi][4] > BealPrinted.TABLE_6_5[pi][pm] ? 1 : 0;
                pLess += BealPrinted.TABLE_6_5[pi][4] < BealPrinted.TABLE_6_5[pi][pm] ? 1 : 0;
              }
            }
            chapter = String.format(Locale.ROOT, "; chapter, same sizes: more often at %d, less often at %d of %d",
                pMore, pLess, pTotal);
          }
          b.append(String.format(Locale.ROOT, "- VB picks the true structure more often than %s at %d of %d sizes "
              + "(as often at %d)%s.%n", m.label(), vbMore, ns.size(), same, chapter));
        }
        b.append("\n## Table 6.2: VB against the others, alias-corrected (this run / chapter), % of (instance, size) "
            + "pairs\n\n| than | VB worse | same | VB better |\n|---|---|---|---|\n");
        for (var e : vsCorrected.entrySet()) {
          int pm = indexOf(BealPrinted.TABLE_6_2_METHODS, e.getKey());
          double[] p = e.getValue();
          double[] printed = pm >= 0 ? BealPrinted.TABLE_6_2[pm] : null;
          b.append("| ").append(e.getKey());
          for (int c = 0; c < 3; c++) {
            b.append(" | ").append(BealExperiment.pct(p[c])).append(" / ")
                .append(printed == null ? "–" : BealExperiment.pct(printed[c]));
          }
          b.append(" |\n");
        }
        b.append('\n');
        for (var e : vsCorrected.entrySet()) {
          double[] p = e.getValue();
          b.append(String.format(Locale.ROOT, "- Against %s, VB ranks the true structure better more often than worse: "
              + "%s (chapter: yes).%n", e.getKey(), p[2] > p[0] ? "yes" : "no"));
        }
        b.append('\n');
      }
    }

    /** Speed against the chapter's. */
    private void speed() {
      b.append("## Speed\n\n");
      if (!Double.isNaN(aisSecondsAt480)) {
        b.append(String.format(Locale.ROOT, "- AIS^(%d) with K = %d for all 136 structures at n = 480: %.1f CPU seconds "
            + "(about %.1f s of wall time on %d cores). Chapter: about 15 hours per run of 136 structures "
            + "(75 hours for five) in MATLAB on a 1 GHz Pentium III.%n", runs, steps, aisSecondsAt480,
            aisSecondsAt480 / threads, threads));
      }
      if (scoresPerMethod > 0) {
        b.append(String.format(Locale.ROOT, "- Part two: %d scores per method (%d instances × %d sizes × 136 "
            + "structures), %d methods with %s, in %.1f s of wall time (%.2f ms per structure for all "
            + "methods together). Chapter: about 1.1 s (BIC/BICp/CS) and 1.9 s (VB) per score, 6.6 hours per instance.%n",
            scoresPerMethod, instances, ns.size(), partTwoMethods.size(), settings.restartRuleText(), partTwoSeconds,
            1000 * partTwoSeconds / scoresPerMethod));
      }
    }

    /** The files written. */
    private void files() {
      b.append("\n## Files\n\n");
      b.append("- `table-6.1-true-rank.csv`, `scores.csv` (every structure's score per method and size), "
          + "`fig-6.3-rank-vs-n.png`, `fig-6.2-scores-vs-parameters.png`\n");
      if (!aisNs.isEmpty()) {
        b.append("- `table-6.4-ais.csv` (with rejection rates per quarter, Figure 6.12's data), "
            + "`table-6.3-ais-single-run-ranks.csv`\n");
      }
      if (instances > 0) {
        b.append("- `instances-true-rank.csv`, `table-6.5-ranked-first.csv`, `table-6.2-vb-vs-others.csv`, "
            + "`fig-6.9-success-vs-n.png`, `fig-6.5-median-rank-vs-n.png`\n");
      }
      if (!againstAis.isEmpty()) {
        b.append("- `instances-scores.csv` (every structure's score per instance, size and method), "
            + "`ais-agreement.csv` (each method's choice beside AIS's)\n");
      }
      b.append("- `summary.json`: everything above with the settings and timings\n");
    }
  }

  private static int indexOf(String[] a, String s) {
    for (int i = 0; i < a.length; i++) {
      if (a[i].equals(s)) {
        return i;
      }
    }
    return -1;
  }

  /** {better, same, compared} of rank a against rank b over sizes where both exist. */
  private static int[] betterCount(double[] a, double[] b) {
    int better = 0;
    int same = 0;
    int total = 0;
    for (int i = 0; i < a.length; i++) {
      if (Double.isNaN(a[i]) || Double.isNaN(b[i])) {
        continue;
      }
      total++;
      better += a[i] < b[i] ? 1 : 0;
      same += a[i] == b[i] ? 1 : 0;
    }
    return new int[] {better, same, total};
  }

  private static int[] printedBetterCount(List<Integer> ns, String a, String b) {
    int pa = indexOf(BealPrinted.TABLE_6_1_METHODS, a);
    int pb = indexOf(BealPrinted.TABLE_6_1_METHODS, b);
    if (pa < 0 || pb < 0) {
      return null;
    }
    int better = 0;
    int same = 0;
    int total = 0;
    for (int n : ns) {
      int pi = BealPrinted.sizeIndex(n);
      if (pi < 0) {
        continue;
      }
      total++;
      better += BealPrinted.TABLE_6_1[pi][pa] < BealPrinted.TABLE_6_1[pi][pb] ? 1 : 0;
      same += BealPrinted.TABLE_6_1[pi][pa] == BealPrinted.TABLE_6_1[pi][pb] ? 1 : 0;
    }
    return new int[] {better, same, total};
  }
}
