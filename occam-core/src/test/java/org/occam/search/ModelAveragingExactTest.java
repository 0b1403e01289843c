package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.CompleteDataEvidence;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.dag.ExactEvidence;
import org.occam.dag.HiddenStateEnumeration;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.testing.BruteForceEvidence;

/**
 * {@link ModelAveraging} with exact evidence over whole structure classes: the arc posteriors
 * equal the sums enumerated in the test from an independent evidence computation
 * ({@link BruteForceEvidence}).
 */
class ModelAveragingExactTest {
  private static final String[] NAMES = {"a", "b", "c"};

  /** All 25 DAGs on three binary variables, complete data: Beal's (6.9) against the brute-force closed form. */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4})
  void arcPosteriorsOverAllDagsOnThreeVariablesEqualTheEnumeratedSums(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<Variable> vars = List.of(Variable.withCount("a", 2), Variable.withCount("b", 2), Variable.withCount("c", 2));
    int n = 20 + rnd.nextInt(30);
    int[][] rows = new int[n][3];
    double flip = 0.1 + 0.3 * rnd.nextDouble();
    for (int[] r : rows) { // a -> b -> c with noise
      r[0] = rnd.nextInt(2);
      r[1] = rnd.nextDouble() < flip ? 1 - r[0] : r[0];
      r[2] = rnd.nextDouble() < flip ? 1 - r[1] : r[1];
    }
    double lambda = seed % 2 == 0 ? 1.0 : 0.5;
    Dataset data = Dataset.of(vars, rows);
    List<int[][]> dags = allDags();
    assertThat(dags).hasSize(25);

    List<ModelAveraging.Candidate> candidates = new ArrayList<>();
    double[] independent = new double[dags.size()];
    for (int d = 0; d < dags.size(); d++) {
      int[][] parents = dags.get(d);
      DagStructure s = DagStructure.of(vars, new boolean[3], parents);
      double[] counts = new HiddenStateEnumeration(s, data).completeCounts();
      double score = CompleteDataEvidence.logEvidence(s, DirichletPrior.uniform(3, lambda), counts);
      candidates.add(new ModelAveraging.Candidate("dag" + d, score, arcs(parents, NAMES)));
      var m = new BruteForceEvidence.Model(new int[] {2, 2, 2}, parents, new double[] {lambda, lambda, lambda});
      double[] c = new double[m.tableSize()];
      for (int[] r : rows) {
        for (int j = 0; j < 3; j++) {
          c[m.index(j, r)]++;
        }
      }
      independent[d] = BruteForceEvidence.completeDataLogMarginal(m, c);
    }
    ModelAveraging.Result r = ModelAveraging.average(candidates, ModelAveraging.Settings.defaults());
    assertEnumerated(r, dags, NAMES, independent, 1e-12);

    // with the edge-penalty prior, too
    double kappa = 0.7;
    ModelAveraging.Result pen = ModelAveraging.average(candidates,
        new ModelAveraging.Settings(StructurePrior.edgePenalty(kappa), 20));
    double[] penalised = independent.clone();
    for (int d = 0; d < dags.size(); d++) {
      penalised[d] -= kappa * arcs(dags.get(d), NAMES).size();
    }
    assertEnumerated(pen, dags, NAMES, penalised, 1e-12);
  }

  /**
   * Beal's bipartite class with one binary hidden variable over three binary observed ones (8
   * structures), 10 rows: {@link ExactEvidence} scores against the brute-force sum over every joint
   * completion of the hidden column.
   */
  @ParameterizedTest
  @ValueSource(longs = {5, 6})
  void arcPosteriorsOverABipartiteClassWithExactHiddenEvidenceEqualTheEnumeratedSums(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Variable h = Variable.withCount("h", 2);
    List<Variable> observed = List.of(Variable.withCount("y1", 2), Variable.withCount("y2", 2),
        Variable.withCount("y3", 2));
    var cls = new BipartiteStructureClass(List.of(h), observed);
    assertThat(cls.structures()).hasSize(8);
    int n = 10;
    int[][] rows = new int[n][3];
    int[][] full = new int[n][4];
    for (int i = 0; i < n; i++) {
      int z = rnd.nextInt(2);
      full[i][0] = BruteForceEvidence.UNKNOWN;
      for (int v = 0; v < 3; v++) {
        rows[i][v] = v < 2 && rnd.nextDouble() < 0.8 ? z : rnd.nextInt(2);
        full[i][v + 1] = rows[i][v];
      }
    }
    Dataset data = Dataset.of(observed, rows);
    String[] names = {"h", "y1", "y2", "y3"};
    List<ModelAveraging.Candidate> candidates = new ArrayList<>();
    List<int[][]> parentLists = new ArrayList<>();
    double[] independent = new double[8];
    for (int d = 0; d < 8; d++) {
      DagStructure s = cls.structures().get(d);
      int[][] parents = new int[4][];
      for (int j = 0; j < 4; j++) {
        parents[j] = s.parents(j);
      }
      parentLists.add(parents);
      double score = ExactEvidence.logEvidence(new HiddenStateEnumeration(s, data), DirichletPrior.uniform(4, 1.0),
          ExactEvidence.DEFAULT_TERM_LIMIT);
      candidates.add(new ModelAveraging.Candidate("s" + d, score, arcs(parents, names)));
      independent[d] = BruteForceEvidence.logEvidence(
          new BruteForceEvidence.Model(new int[] {2, 2, 2, 2}, parents, new double[] {1, 1, 1, 1}), full, 1L << 20);
    }
    ModelAveraging.Result r = ModelAveraging.average(candidates, ModelAveraging.Settings.defaults());
    // the two evidence computations differ by rounding only (measured: posteriors within 3e-15)
    assertEnumerated(r, parentLists, names, independent, 1e-12);
  }

  /** The structure and arc posteriors of {@code r} against sums over the class with the given log weights. */
  private static void assertEnumerated(ModelAveraging.Result r, List<int[][]> dags, String[] names, double[] logWeight,
      double tol) {
    double max = Double.NEGATIVE_INFINITY;
    for (double w : logWeight) {
      max = Math.max(max, w);
    }
    double total = 0;
    double[] weight = new double[logWeight.length];
    for (int d = 0; d < weight.length; d++) {
      weight[d] = Math.exp(logWeight[d] - max);
      total += weight[d];
    }
    for (int d = 0; d < weight.length; d++) {
      assertThat(r.structure(d).orElseThrow().posterior()).as("structure %d", d).isCloseTo(weight[d] / total,
          within(tol));
    }
    Set<String> every = new HashSet<>();
    for (int[][] dag : dags) {
      every.addAll(arcs(dag, names));
    }
    assertThat(r.features()).hasSameSizeAs(every);
    for (String arc : every) {
      double mass = 0;
      for (int d = 0; d < dags.size(); d++) {
        if (arcs(dags.get(d), names).contains(arc)) {
          mass += weight[d];
        }
      }
      assertThat(r.feature(arc).overAll()).as(arc).isCloseTo(mass / total, within(tol));
    }
  }

  private static Set<String> arcs(int[][] parents, String[] names) {
    Set<String> a = new HashSet<>();
    for (int j = 0; j < parents.length; j++) {
      for (int q : parents[j]) {
        a.add(names[q] + "->" + names[j]);
      }
    }
    return a;
  }

  /** Every acyclic orientation of every subset of the three pairs: 3^3 − 2 directed 3-cycles. */
  private static List<int[][]> allDags() {
    int[][] pairs = {{0, 1}, {0, 2}, {1, 2}};
    List<int[][]> out = new ArrayList<>();
    for (int code = 0; code < 27; code++) {
      List<List<Integer>> pa = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
      int c = code;
      for (int[] p : pairs) {
        int state = c % 3;
        c /= 3;
        if (state == 1) {
          pa.get(p[1]).add(p[0]);
        } else if (state == 2) {
          pa.get(p[0]).add(p[1]);
        }
      }
      boolean cyclic = pa.get(1).contains(0) && pa.get(2).contains(1) && pa.get(0).contains(2)
          || pa.get(0).contains(1) && pa.get(1).contains(2) && pa.get(2).contains(0);
      if (!cyclic) {
        int[][] parents = new int[3][];
        for (int j = 0; j < 3; j++) {
          parents[j] = pa.get(j).stream().mapToInt(Integer::intValue).toArray();
        }
        out.add(parents);
      }
    }
    return out;
  }
}
