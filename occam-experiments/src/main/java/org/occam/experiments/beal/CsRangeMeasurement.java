package org.occam.experiments.beal;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.occam.dag.BealExample;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagMethod;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.dag.methods.DagMethods;
import org.occam.data.Dataset;
import org.occam.search.Ranks;

/**
 * How far CS depends on where EM stopped, on part two of Beal's experiment (README, "Where EM stops, and
 * CS"): the instances of {@code experiment beal} with the same seed, all 136 structures scored by
 * {@code cs} and {@code cs-dagger} with a number of fixed restarts, as {@link RestartComparison} scores
 * them. Per (instance, size): how many structures' {@code csRangeAtBest} exceeds 1 nat and the largest;
 * for each score, the structure it ranks first, that structure's range, its margin over the second and
 * the second's range — where a range exceeds the margin, the choice depends on which restart was kept.
 *
 * <p>Run: {@code java -cp occam-cli/target/occam.jar org.occam.experiments.beal.CsRangeMeasurement
 * INSTANCES SIZES RESTARTS THREADS SEED}, e.g. {@code 6 1280,5120 15 2 1}.
 */
public final class CsRangeMeasurement {
  private CsRangeMeasurement() {}

  private static double range(StructureRanker.Scored s, DagMethod m) {
    return ((Number) s.estimate(m).diagnostics().get(DagMethods.CS_RANGE_AT_BEST)).doubleValue();
  }

  public static void main(String[] args) {
    int instances = Integer.parseInt(args[0]);
    List<Integer> sizes = Arrays.stream(args[1].split(",")).map(Integer::valueOf).toList();
    int restarts = Integer.parseInt(args[2]);
    int threads = Integer.parseInt(args[3]);
    long seed = Long.parseLong(args[4]);
    List<DagStructure> structures =
        new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables()).structures();
    List<DagMethod> methods = DagMethod.parseList("cs,cs-dagger");
    DagScoreSettings settings = DagScoreSettings.defaults().withFixedRestarts(restarts);
    int maxN = sizes.stream().mapToInt(Integer::intValue).max().orElseThrow();
    PrintWriter o = new PrintWriter(System.out, true);
    int pairs = 0;
    int[] unsettled = new int[methods.size()];
    List<int[][]> instanceRows = BealPartTwo.instanceRows(seed, instances, maxN);
    for (int i = 0; i < instances; i++) {
      int[][] rows = instanceRows.get(i);
      for (int n : sizes) {
        Dataset d = Dataset.of(BealExample.observedVariables(), Arrays.copyOf(rows, n));
        var scored = StructureRanker.scoreAll(structures, d, 1.0, methods, settings, seed + 1000L * (i + 1) + n,
            threads, null);
        long over = scored.stream().filter(s -> range(s, methods.get(0)) > DagMethods.CS_RANGE_NOTED).count();
        double largest = scored.stream().mapToDouble(s -> range(s, methods.get(0))).max().orElse(0);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
            "instance %d, n = %d: CS range > %.0f nat for %d of %d structures (largest %.2f)", i + 1, n,
            DagMethods.CS_RANGE_NOTED, over, scored.size(), largest));
        for (int m = 0; m < methods.size(); m++) {
          DagMethod method = methods.get(m);
          int[] order = Ranks.bestFirst(scored.stream().mapToDouble(s -> s.estimate(method).logEvidence()).toArray());
          var first = scored.get(order[0]);
          var second = scored.get(order[1]);
          double margin = first.estimate(method).logEvidence() - second.estimate(method).logEvidence();
          boolean depends = Math.max(range(first, method), range(second, method)) > margin;
          unsettled[m] += depends ? 1 : 0;
          line.append(String.format(Locale.ROOT, "; %s first %d (range %.2f), margin %.2f, second's range %.2f%s",
              method.label(), order[0], range(first, method), margin, range(second, method),
              depends ? " (a range exceeds the margin)" : ""));
        }
        pairs++;
        o.println(line);
      }
    }
    for (int m = 0; m < methods.size(); m++) {
      o.printf(Locale.ROOT, "%s: in %d of %d pairs the first or second structure's CS range exceeds the margin"
          + " between them%n", methods.get(m).label(), unsettled[m], pairs);
    }
  }
}
