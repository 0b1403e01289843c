package org.occam.experiments.beal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.dag.AncestralSampler;
import org.occam.dag.BealExample;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagMethod;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagScorer;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.data.Dataset;
import org.occam.math.RandomStreams;

/**
 * Issue 16's measurement of a restart rule against fixed restarts, on part two of Beal's experiment:
 * true parameters drawn from the prior (the instances of {@code experiment beal} with the same seed),
 * nested data sets, all 136 structures scored by every EM-based method under each restart rule in turn,
 * on the same data and seed. A method's choice is the structure it ranks first (the lowest index among
 * ties); each rule's choices are compared with the reference rule's (the first), and its time is the
 * wall-clock and the process CPU time of scoring, summed over instances and sizes.
 *
 * <p>The reference's choices are taken as its scores' row order in {@code scored}, which is the
 * structures' index order for every rule.
 *
 * <p>Run: {@code java -cp occam-cli/target/occam.jar org.occam.experiments.beal.RestartComparison
 * INSTANCES SIZES THREADS SEED} (sizes comma-separated), e.g. {@code 40 1280,5120 2 1}.
 */
public final class RestartComparison {
  private RestartComparison() {}

  /** A restart rule by name. */
  public record Rule(String name, DagScoreSettings settings) {}

  /**
   * What one rule did over all (instance, size) pairs.
   *
   * @param sameChoices per method, the pairs where its choice equals the reference rule's
   * @param higherTop per method, the pairs where its best score is above the reference's (by more than 0.01)
   * @param lowerTop per method, the pairs where its best score is below the reference's (by more than 0.01)
   * @param seconds wall-clock seconds of scoring
   * @param cpuSeconds CPU seconds of scoring (all threads)
   * @param restartsRun EM and VBEM restarts run, summed over structures
   */
  public record Outcome(Rule rule, int[] sameChoices, int[] higherTop, int[] lowerTop, double seconds,
      double cpuSeconds, long restartsRun) {}

  /** The CPU time of this process (every thread), the cost measure that other work on the machine leaves alone. */
  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  /** Best scores this close count as the same optimum. */
  private static final double AGREEMENT = 0.01;

  private static double top(List<StructureRanker.Scored> scored, DagMethod m) {
    double top = Double.NEGATIVE_INFINITY;
    for (var x : scored) {
      top = Math.max(top, x.estimate(m).logEvidence());
    }
    return top;
  }

  /**
   * Scores every (instance, size) pair under every rule; the first rule is the reference.
   *
   * @param log each pair's line, as it is done
   */
  public static List<Outcome> compare(List<Rule> rules, List<DagMethod> methods, int instances, List<Integer> sizes,
      long seed, int threads, PrintWriter log) {
    List<DagStructure> structures =
        new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables()).structures();
    int[][] same = new int[rules.size()][methods.size()];
    int[][] higherTop = new int[rules.size()][methods.size()];
    int[][] lowerTop = new int[rules.size()][methods.size()];
    double[] seconds = new double[rules.size()];
    long[] restarts = new long[rules.size()];
    double[] cpu = new double[rules.size()];
    int maxN = sizes.stream().mapToInt(Integer::intValue).max().orElseThrow();
    List<int[][]> instanceRows = BealPartTwo.instanceRows(seed, instances, maxN);
    for (int i = 0; i < instances; i++) {
      int[][] rows = instanceRows.get(i);
      for (int n : sizes) {
        Dataset d = Dataset.of(BealExample.observedVariables(), Arrays.copyOf(rows, n));
        int[][] choices = new int[rules.size()][];
        List<StructureRanker.Scored> reference = null;
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "instance %d, n = %d:", i + 1, n));
        for (int r = 0; r < rules.size(); r++) {
          long t0 = System.nanoTime();
          long c0 = cpuNanos();
          var scored = StructureRanker.scoreAll(structures, d, 1.0, methods, rules.get(r).settings(),
              seed + 1000L * (i + 1) + n, threads, null);
          double s = (System.nanoTime() - t0) * 1e-9;
          double c = (cpuNanos() - c0) * 1e-9;
          seconds[r] += s;
          cpu[r] += c;
          choices[r] = choices(scored, methods);
          if (r == 0) {
            reference = scored;
          }
          long ran = restartsRun(scored, methods);
          restarts[r] += ran;
          int agree = 0;
          StringBuilder differ = new StringBuilder();
          for (int m = 0; m < methods.size(); m++) {
            double gain = top(scored, methods.get(m)) - top(reference, methods.get(m));
            higherTop[r][m] += gain > AGREEMENT ? 1 : 0;
            lowerTop[r][m] += gain < -AGREEMENT ? 1 : 0;
            boolean eq = choices[r][m] == choices[0][m];
            if (!eq) {
              differ.append(String.format(Locale.ROOT, " %s %+.2f", methods.get(m).label(), gain));
            }
            same[r][m] += eq ? 1 : 0;
            agree += eq ? 1 : 0;
          }
          line.append(String.format(Locale.ROOT, " %s %.1f s (cpu %.1f s, %d restarts), %d/%d choices as %s",
              rules.get(r).name(), s, c, ran, agree, methods.size(), rules.get(0).name()));
          if (r > 0) {
            line.append(String.format(Locale.ROOT, " (reference's choice %.2f nats below the top; differ:%s);",
                deficit(scored, choices[0], methods), differ));
          }
        }
        log.println(line);
        log.flush();
      }
    }
    List<Outcome> out = new ArrayList<>();
    for (int r = 0; r < rules.size(); r++) {
      out.add(new Outcome(rules.get(r), same[r], higherTop[r], lowerTop[r], seconds[r], cpu[r], restarts[r]));
    }
    return out;
  }

  /**
   * How far below its best score each method put the reference's choice, the most over methods: a
   * ranking refined within a margin above this would have searched that structure further.
   */
  private static double deficit(List<StructureRanker.Scored> scored, int[] reference, List<DagMethod> methods) {
    double most = 0;
    for (int m = 0; m < methods.size(); m++) {
      double top = Double.NEGATIVE_INFINITY;
      for (var x : scored) {
        top = Math.max(top, x.estimate(methods.get(m)).logEvidence());
      }
      most = Math.max(most, top - scored.get(reference[m]).estimate(methods.get(m)).logEvidence());
    }
    return most;
  }

  /** Per method, the index of the structure ranked first (the lowest among ties). */
  private static int[] choices(List<StructureRanker.Scored> scored, List<DagMethod> methods) {
    int[] c = new int[methods.size()];
    for (int m = 0; m < methods.size(); m++) {
      int[] ranks = StructureRanker.ranks(scored, methods.get(m));
      c[m] = -1;
      for (int i = 0; i < ranks.length && c[m] < 0; i++) {
        c[m] = ranks[i] == 1 ? scored.get(i).index() : -1;
      }
    }
    return c;
  }

  /** EM restarts (of map, once per structure) plus VBEM restarts (of vb). */
  private static long restartsRun(List<StructureRanker.Scored> scored, List<DagMethod> methods) {
    long total = 0;
    for (DagMethod m : List.of(DagMethod.MAP, DagMethod.VB)) {
      if (methods.contains(m)) {
        for (var x : scored) {
          total += ((Number) x.estimate(m).diagnostics().get("restartsRun")).longValue();
        }
      }
    }
    return total;
  }

  /**
   * MAP-EM's stop for every rule: Beal's, or with the system property {@code occam.emLimitGap} = G Aitken's
   * at G nats with SQUAREM's jumps (README, "Where EM stops, and CS").
   */
  private static DagScoreSettings emStop(DagScoreSettings s) {
    String gap = System.getProperty("occam.emLimitGap");
    return gap == null ? s : s.withEmAcceleration(true).withEmLimitGap(Double.parseDouble(gap));
  }

  /**
   * The command: INSTANCES SIZES THREADS SEED [MIN K CAP MARGIN]...; rules fixed 15 (reference), fixed 3,
   * adaptive; {@code -Doccam.emLimitGap=G} for Aitken's MAP-EM stop ({@link #emStop}).
   */
  public static void main(String[] args) {
    int instances = Integer.parseInt(args[0]);
    List<Integer> sizes = Arrays.stream(args[1].split(",")).map(Integer::valueOf).toList();
    int threads = Integer.parseInt(args[2]);
    long seed = Long.parseLong(args[3]);
    DagScoreSettings beal = emStop(DagScoreSettings.defaults());
    List<Rule> rules = new ArrayList<>(List.of(new Rule("fixed-15", beal.withFixedRestarts(15)),
        new Rule("fixed-3", beal.withFixedRestarts(3))));
    for (int a = 4; a + 3 < args.length; a += 4) {
      int fewest = Integer.parseInt(args[a]);
      int k = Integer.parseInt(args[a + 1]);
      int cap = Integer.parseInt(args[a + 2]);
      double margin = Double.parseDouble(args[a + 3]);
      rules.add(new Rule("adaptive-" + fewest + "/" + k + "/" + cap + "/" + args[a + 3],
          beal.withAdaptiveRestarts(fewest, k, cap, margin)));
    }
    if (rules.size() == 2) {
      rules.add(new Rule("adaptive", emStop(DagScoreSettings.adaptiveDefaults())));
    }
    List<DagMethod> methods = DagMethod.parseList("map,bic,bicp,cs,cs-dagger,vb");
    PrintWriter o = new PrintWriter(System.out, true);
    o.printf(Locale.ROOT, "%d instances, sizes %s, seed %d, %d thread(s); methods %s%n", instances, sizes, seed,
        threads, methods.stream().map(DagMethod::label).toList());
    List<Outcome> outcomes = compare(rules, methods, instances, sizes, seed, threads, o);
    Outcome three = outcomes.stream().filter(x -> x.rule().name().equals("fixed-3")).findFirst().orElseThrow();
    int pairs = instances * sizes.size();
    o.printf("%nchoices equal to %s's, of %d (instance, size) pairs per method:%n", rules.get(0).name(), pairs);
    for (Outcome x : outcomes) {
      StringBuilder b = new StringBuilder();
      for (int m = 0; m < methods.size(); m++) {
        b.append(' ').append(methods.get(m).label()).append(' ').append(x.sameChoices()[m]).append(" (top +")
            .append(x.higherTop()[m]).append("/-").append(x.lowerTop()[m]).append(')');
      }
      o.printf(Locale.ROOT, "%-18s%s; %.1f s (%.2f x fixed-3), cpu %.1f s (%.2f x); %d EM+VBEM restarts%n",
          x.rule().name(), b, x.seconds(), x.seconds() / three.seconds(), x.cpuSeconds(),
          x.cpuSeconds() / three.cpuSeconds(), x.restartsRun());
    }
  }
}
