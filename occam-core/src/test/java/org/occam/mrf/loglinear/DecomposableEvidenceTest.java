package org.occam.mrf.loglinear;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.mrf.PairwiseGraph;
import org.occam.search.DagArcConstraint;
import org.occam.search.DagCompleteDataScore;
import org.occam.search.DagSearchSpace;
import org.occam.search.EdgeSet;

class DecomposableEvidenceTest {
  /**
   * The decomposable evidence equals the complete-data BDeu evidence of the DAG that orients the
   * graph along a perfect ordering (each vertex's parents: its neighbours before it), λ_j =
   * α/(r_j q_j), scored by the project's DAG code; and two different perfect orderings agree.
   */
  @Test
  void equalsTheBdeuEvidenceOfTheDagOfAPerfectOrdering() {
    int checked = 0;
    for (long seed = 1; seed <= 12; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      int v = 3 + rng.nextInt(4);
      PairwiseGraph g = randomChordalGraph(v, rng);
      Dataset d = randomData(v, 2 + rng.nextInt(200), rng);
      for (double alpha : new double[] {1.0, 0.3, 7.5}) {
        DecomposableEvidence evidence = new DecomposableEvidence(d, alpha);
        double exact = evidence.logEvidence(g);
        int[] first = reversed(ChordalGraph.of(g).perfectEliminationOrdering());
        int[] second = randomPerfectOrdering(g, rng);
        double byFirst = dagBdeu(g, first, d, alpha);
        double bySecond = dagBdeu(g, second, d, alpha);
        assertThat(byFirst).as("seed %d α %s %s", seed, alpha, g).isCloseTo(exact, within(1e-9));
        assertThat(bySecond).as("seed %d α %s %s", seed, alpha, g).isCloseTo(exact, within(1e-9));
        checked++;
      }
    }
    assertThat(checked).isEqualTo(36);
  }

  /** The complete graph is one clique: the Dirichlet-multinomial, here by the Pólya urn, no Γ function. */
  @Test
  void theSaturatedModelIsThePolyaUrnProbabilityOfTheRows() {
    List<Variable> vars = List.of(Variable.withCount("a", 2), Variable.withCount("b", 3), Variable.withCount("c", 2));
    int[][] rows = {{0, 0, 0}, {1, 2, 1}, {0, 0, 0}, {1, 1, 0}, {0, 2, 1}, {0, 0, 0}, {1, 2, 1}};
    Dataset d = Dataset.of(vars, rows, null);
    for (double alpha : new double[] {1.0, 4.0}) {
      double perCell = alpha / 12;
      int[] seen = new int[12];
      double logP = 0;
      for (int i = 0; i < rows.length; i++) {
        int cell = (rows[i][0] * 3 + rows[i][1]) * 2 + rows[i][2];
        logP += Math.log((perCell + seen[cell]) / (alpha + i));
        seen[cell]++;
      }
      DecomposableEvidence e = new DecomposableEvidence(d, alpha);
      assertThat(e.logEvidence(PairwiseGraph.complete(3))).isCloseTo(logP, within(1e-12));
      // the empty graph: three independent urns
      double independent = 0;
      for (int j = 0; j < 3; j++) {
        int k = vars.get(j).cardinality();
        int[] s = new int[k];
        for (int i = 0; i < rows.length; i++) {
          independent += Math.log((alpha / k + s[rows[i][j]]) / (alpha + i));
          s[rows[i][j]]++;
        }
      }
      assertThat(e.logEvidence(new PairwiseGraph(3, new int[0][]))).isCloseTo(independent, within(1e-12));
    }
  }

  /** One binary variable, Beta(α/2, α/2): the evidence against Simpson's rule over θ. */
  @Test
  void oneBinaryVariableAgreesWithNumericalIntegration() {
    Dataset d = Dataset.of(List.of(Variable.withCount("x", 2)), new int[][] {{0}, {1}}, new double[] {3, 5});
    double alpha = 4; // Beta(2, 2): smooth at the ends
    int steps = 20000;
    double h = 1.0 / steps;
    double sum = 0;
    for (int i = 0; i <= steps; i++) {
      double t = i * h;
      double f = 6 * t * (1 - t) * Math.pow(t, 3) * Math.pow(1 - t, 5);
      sum += f * (i == 0 || i == steps ? 1 : i % 2 == 1 ? 4 : 2);
    }
    double integral = sum * h / 3;
    double e = new DecomposableEvidence(d, alpha).logEvidence(new PairwiseGraph(1, new int[0][]));
    assertThat(e).isCloseTo(Math.log(integral), within(1e-9));
  }

  @Test
  void refusesANonChordalGraphMissingCellsAndABadAlpha() {
    SplittableRandom rng = new SplittableRandom(3);
    Dataset d = randomData(4, 30, rng);
    DecomposableEvidence e = DecomposableEvidence.of(d);
    assertThat(e.alpha()).isEqualTo(1.0);
    PairwiseGraph square = new PairwiseGraph(4, new int[][] {{0, 1}, {1, 2}, {2, 3}, {0, 3}});
    assertThatThrownBy(() -> e.logEvidence(square)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("chordless cycle 0-1-2-3-0");
    assertThatThrownBy(() -> e.logEvidence(PairwiseGraph.complete(3))).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("3 vertices but the data 4 variables");
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertThatThrownBy(() -> new DecomposableEvidence(d, bad)).isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("α must be finite and > 0");
    }
    Dataset holes = Dataset.of(List.of(Variable.withCount("a", 2), Variable.withCount("b", 2)),
        new int[][] {{0, 1}, {1, Dataset.MISSING}}, null);
    assertThatThrownBy(() -> DecomposableEvidence.of(holes)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("missing cells").hasMessageNotContaining("\n");
  }

  @Test
  void anEstimateCarriesThePriorAndTheJunctionTree() {
    Dataset d = randomData(4, 40, new SplittableRandom(5));
    PairwiseGraph g = new PairwiseGraph(4, new int[][] {{0, 1}, {1, 2}, {0, 2}, {2, 3}});
    var e = new DecomposableEvidence(d, DecomposableEvidence.parsePrior("dirichlet:2.5")).estimate(g);
    assertThat(e.method()).isEqualTo("exact");
    assertThat(e.logEvidence()).isEqualTo(new DecomposableEvidence(d, 2.5).logEvidence(g));
    assertThat(e.settings()).containsEntry("prior", "dirichlet:2.5");
    assertThat(DecomposableEvidence.of(d).prior()).isEqualTo("dirichlet:1");
    assertThat(e.diagnostics()).containsEntry("cliques", 2).containsEntry("largestClique", 3);
    // cliques {0,1,2} and {2,3}, separator {2}: |X_012| − 1 + |X_23| − |X_2|
    int[] k = d.variables().stream().mapToInt(Variable::cardinality).toArray();
    assertThat(e.diagnostics()).containsEntry("freeParameters", (long) (k[0] * k[1] * k[2] - 1 + k[2] * k[3] - k[2]));
    for (String bad : new String[] {"2.5", "dirichlet:", "dirichlet:x", "dirichlet:0", "gaussian:1"}) {
      assertThatThrownBy(() -> DecomposableEvidence.parsePrior(bad)).isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("prior '" + bad + "'");
    }
  }

  @Test
  void memoisedMarginalsAreTheSameNumbersFromManyThreads() {
    SplittableRandom rng = new SplittableRandom(8);
    Dataset d = randomData(5, 100, rng);
    DecomposableEvidence shared = DecomposableEvidence.of(d);
    List<PairwiseGraph> graphs = new ArrayList<>();
    for (long m = 0; m < 1L << EdgeSet.pairCount(5); m += 7) {
      PairwiseGraph g = EdgeSet.fromMask(5, m).toGraph();
      if (ChordalGraph.isChordal(g)) {
        graphs.add(g);
      }
    }
    double[] parallel = graphs.parallelStream().mapToDouble(shared::logEvidence).toArray();
    for (int i = 0; i < graphs.size(); i++) {
      assertThat(parallel[i]).isEqualTo(DecomposableEvidence.of(d).logEvidence(graphs.get(i)));
    }
  }

  /** Sum over the variables of BDeu family scores, parents = neighbours earlier in {@code order}. */
  private static double dagBdeu(PairwiseGraph g, int[] order, Dataset d, double alpha) {
    int v = g.vertexCount();
    DagSearchSpace space = new DagSearchSpace(d.variables(), new boolean[v], DagArcConstraint.GENERAL, v);
    int[] position = new int[v];
    for (int i = 0; i < v; i++) {
      position[order[i]] = i;
    }
    double sum = 0;
    for (int j = 0; j < v; j++) {
      List<Integer> parents = new ArrayList<>();
      int q = 1;
      for (int k = 0; k < g.degree(j); k++) {
        int u = g.neighbour(j, k);
        if (position[u] < position[j]) {
          parents.add(u);
          q *= d.variables().get(u).cardinality();
        }
      }
      double lambda = alpha / (q * d.variables().get(j).cardinality());
      sum += DagCompleteDataScore.bde(space, d, lambda)
          .logLocalScore(j, parents.stream().mapToInt(Integer::intValue).toArray());
    }
    return sum;
  }

  /** A perfect ordering (each vertex's earlier neighbours form a clique) by maximum cardinality search with random ties. */
  private static int[] randomPerfectOrdering(PairwiseGraph g, SplittableRandom rng) {
    int n = g.vertexCount();
    boolean[] numbered = new boolean[n];
    int[] weight = new int[n];
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      List<Integer> best = new ArrayList<>();
      for (int v = 0; v < n; v++) {
        if (!numbered[v]) {
          if (!best.isEmpty() && weight[v] > weight[best.get(0)]) {
            best.clear();
          }
          if (best.isEmpty() || weight[v] == weight[best.get(0)]) {
            best.add(v);
          }
        }
      }
      int pick = best.get(rng.nextInt(best.size()));
      order[i] = pick;
      numbered[pick] = true;
      for (int k = 0; k < g.degree(pick); k++) {
        weight[g.neighbour(pick, k)]++;
      }
    }
    for (int i = 0; i < n; i++) {
      for (int a = 0; a < i; a++) {
        for (int b = a + 1; b < i; b++) {
          if (g.edgeIndex(order[i], order[a]) >= 0 && g.edgeIndex(order[i], order[b]) >= 0) {
            assertThat(g.edgeIndex(order[a], order[b])).as("not a perfect ordering").isNotNegative();
          }
        }
      }
    }
    return order;
  }

  /** A random chordal graph: random graphs until one is chordal, dense enough to have cliques of three or more. */
  private static PairwiseGraph randomChordalGraph(int v, SplittableRandom rng) {
    while (true) {
      long mask = rng.nextLong(1L << EdgeSet.pairCount(v));
      PairwiseGraph g = EdgeSet.fromMask(v, mask).toGraph();
      if (ChordalGraph.isChordal(g) && g.edgeCount() >= v - 1) {
        return g;
      }
    }
  }

  /** Rows of random states (2-4 per variable) with random integer and fractional weights. */
  private static Dataset randomData(int v, int n, SplittableRandom rng) {
    List<Variable> vars = new ArrayList<>();
    for (int j = 0; j < v; j++) {
      vars.add(Variable.withCount("x" + j, 2 + rng.nextInt(3)));
    }
    int[][] rows = new int[n][v];
    double[] weights = new double[n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < v; j++) {
        rows[i][j] = rng.nextInt(vars.get(j).cardinality());
      }
      weights[i] = rng.nextBoolean() ? 1 + rng.nextInt(4) : 0.25 + rng.nextDouble();
    }
    return Dataset.of(vars, rows, weights);
  }

  private static int[] reversed(int[] a) {
    int[] r = new int[a.length];
    for (int i = 0; i < a.length; i++) {
      r[i] = a[a.length - 1 - i];
    }
    return r;
  }
}
