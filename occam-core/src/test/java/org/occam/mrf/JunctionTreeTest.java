package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class JunctionTreeTest {
  private static final double TOLERANCE = 1e-10;

  static BoltzmannMachine random(PairwiseGraph g, long seed, double scale) {
    return ExactEnumerationTest.random(g, seed, scale);
  }

  static PairwiseGraph randomTree(int v, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[][] edges = new int[v - 1][];
    for (int i = 1; i < v; i++) {
      edges[i - 1] = new int[] {r.nextInt(i), i};
    }
    return new PairwiseGraph(v, edges);
  }

  static PairwiseGraph randomGraph(int v, double density, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<int[]> edges = new ArrayList<>();
    for (int i = 0; i < v; i++) {
      for (int j = i + 1; j < v; j++) {
        if (r.nextDouble() < density) {
          edges.add(new int[] {j, i});
        }
      }
    }
    return new PairwiseGraph(v, edges.toArray(new int[0][]));
  }

  /** Two components and an isolated vertex: a 4-cycle with a pendant, a triangle, vertex 8. */
  static PairwiseGraph disconnected() {
    return new PairwiseGraph(9, new int[][] {{0, 2}, {2, 4}, {4, 6}, {6, 0}, {4, 7}, {1, 3}, {3, 5}, {1, 5}});
  }

  static Stream<Arguments> smallModels() {
    return Stream.of(
        Arguments.of("K5", random(PairwiseGraph.complete(5), 1, 1.5)),
        Arguments.of("grid 3x4", random(PairwiseGraph.grid(3, 4), 2, 1.0)),
        Arguments.of("tree", random(randomTree(10, 3), 3, 1.0)),
        Arguments.of("disconnected", random(disconnected(), 4, 1.0)),
        Arguments.of("single vertex", random(new PairwiseGraph(1, new int[0][]), 5, 1.0)),
        Arguments.of("isolated vertices", random(new PairwiseGraph(3, new int[0][]), 6, 1.0)),
        Arguments.of("K5 strong", random(PairwiseGraph.complete(5), 7, 5.0)),
        Arguments.of("grid 3x4 strong", random(PairwiseGraph.grid(3, 4), 8, 5.0)),
        Arguments.of("K10", random(PairwiseGraph.complete(10), 9, 0.7)),
        Arguments.of("random dense 12", random(randomGraph(12, 0.4, 10), 10, 2.0)),
        Arguments.of("random sparse 14", random(randomGraph(14, 0.15, 11), 11, 3.0)),
        Arguments.of("random 11 strong", random(randomGraph(11, 0.3, 12), 12, 5.0)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("smallModels")
  void agreesWithEnumeration(String name, BoltzmannMachine m) {
    ExactEnumeration exact = ExactEnumeration.run(m, true);
    JunctionTree jt = JunctionTree.run(m);
    double[] mean = exact.featureMeans();
    double[] jtMean = jt.featureMeans();
    double[][] cov = exact.covariance();
    double[][] jtCov = jt.covariance(2);
    double dMean = 0;
    double dCov = 0;
    for (int a = 0; a < mean.length; a++) {
      dMean = Math.max(dMean, Math.abs(mean[a] - jtMean[a]));
      for (int b = 0; b < mean.length; b++) {
        dCov = Math.max(dCov, Math.abs(cov[a][b] - jtCov[a][b]));
      }
    }
    System.out.printf("%-18s %s  |ΔlogZ|=%.1e max|ΔE[f]|=%.1e max|ΔC|=%.1e%n", name, jt.tree(),
        Math.abs(exact.logZ() - jt.logZ()), dMean, dCov);
    assertThat(jt.logZ()).isCloseTo(exact.logZ(), within(TOLERANCE));
    assertThat(dMean).isLessThanOrEqualTo(TOLERANCE);
    assertThat(dCov).isLessThanOrEqualTo(TOLERANCE);
    int v = m.variableCount();
    assertThat(jt.nodeMarginals()).containsExactly(java.util.Arrays.copyOfRange(jtMean, 0, v));
    assertThat(jt.edgeMarginals()).containsExactly(java.util.Arrays.copyOfRange(jtMean, v, jtMean.length));
  }

  @Test
  void singleVertexHasTheLogisticAnswer() {
    BoltzmannMachine m = new BoltzmannMachine(new PairwiseGraph(1, new int[0][]), new double[] {0.7});
    JunctionTree jt = JunctionTree.run(m);
    assertThat(jt.logZ()).isCloseTo(Math.log1p(Math.exp(0.7)), within(1e-15));
    double q = 1 / (1 + Math.exp(-0.7));
    assertThat(jt.featureMeans()[0]).isCloseTo(q, within(1e-15));
    assertThat(jt.covariance(1)[0][0]).isCloseTo(q * (1 - q), within(1e-15));
    assertThat(jt.tree().cliqueCount()).isEqualTo(1);
  }

  @Test
  void hugeParametersStayFinite() {
    // Entries 800 nats apart in one table: a linear-domain calibration would lose them.
    BoltzmannMachine m = random(PairwiseGraph.grid(3, 3), 13, 400);
    double[] lambda = m.parameters();
    lambda[0] += 1000;
    BoltzmannMachine big = m.withParameters(lambda);
    ExactEnumeration exact = ExactEnumeration.run(big, false);
    JunctionTree jt = JunctionTree.run(big);
    assertThat(jt.logZ()).isCloseTo(exact.logZ(), within(1e-12 * Math.abs(exact.logZ())));
    double[] mean = exact.featureMeans();
    double[] jtMean = jt.featureMeans();
    for (int a = 0; a < mean.length; a++) {
      assertThat(jtMean[a]).as("E[f_%d]", a).isCloseTo(mean[a], within(TOLERANCE));
    }
    for (double[] row : jt.covariance(1)) {
      for (double c : row) {
        assertThat(c).isFinite();
      }
    }
  }

  /** The 1-D chain by the transfer matrix: v_{i+1}(y) = Σ_x v_i(x) exp(w_i x y + θ_{i+1} y), rescaled. */
  static double chainLogZ(BoltzmannMachine m) {
    int n = m.variableCount();
    double v0 = 1;
    double v1 = Math.exp(m.bias(0));
    double logScale = 0;
    for (int i = 0; i + 1 < n; i++) {
      double w = m.weight(i);
      double n0 = v0 + v1;
      double n1 = (v0 + v1 * Math.exp(w)) * Math.exp(m.bias(i + 1));
      double s = Math.max(n0, n1);
      v0 = n0 / s;
      v1 = n1 / s;
      logScale += Math.log(s);
    }
    return logScale + Math.log(v0 + v1);
  }

  @Test
  void chainMatchesTheTransferMatrix() {
    PairwiseGraph chain = PairwiseGraph.grid(1, 400);
    BoltzmannMachine m = random(chain, 14, 3.0);
    JunctionTree jt = JunctionTree.run(m);
    assertThat(jt.tree().maxCliqueSize()).isEqualTo(2);
    assertThat(jt.logZ()).isCloseTo(chainLogZ(m), within(1e-12 * Math.abs(jt.logZ())));
    // The homogeneous chain in closed form: Z = Σ_k (aᵀu_k)² μ_k^(n−1) for the symmetric transfer
    // matrix T_xy = exp(θx/2 + wxy + θy/2) with eigenpairs (μ_k, u_k) and a_x = exp(θx/2).
    int n = 60;
    double theta = -0.8;
    double w = 1.3;
    double[] lambda = new double[2 * n - 1];
    java.util.Arrays.fill(lambda, 0, n, theta);
    java.util.Arrays.fill(lambda, n, 2 * n - 1, w);
    BoltzmannMachine homogeneous = new BoltzmannMachine(PairwiseGraph.grid(1, n), lambda);
    double t00 = 1;
    double t01 = Math.exp(theta / 2);
    double t11 = Math.exp(theta + w);
    double mean = (t00 + t11) / 2;
    double radius = Math.hypot((t00 - t11) / 2, t01);
    double[] mu = {mean + radius, mean - radius};
    double z = 0;
    for (double mk : mu) {
      // Eigenvector (t01, mk − t00) normalised.
      double u0 = t01;
      double u1 = mk - t00;
      double norm = Math.hypot(u0, u1);
      double proj = (u0 + t01 * u1) / norm;
      z += proj * proj * Math.pow(mk, n - 1);
    }
    assertThat(JunctionTree.run(homogeneous).logZ()).isCloseTo(Math.log(z), within(1e-12 * Math.log(z)));
  }

  @Test
  void grid10x10IsConsistent() {
    PairwiseGraph g = PairwiseGraph.grid(10, 10);
    BoltzmannMachine m = random(g, 15, 1.0);
    JunctionTree jt = JunctionTree.run(m);
    double[][] cov = jt.covariance(2);
    assertThat(jt.tree().width()).isBetween(10, 13);

    double[] q = jt.nodeMarginals();
    double[] xi = jt.edgeMarginals();
    for (double qi : q) {
      assertThat(qi).isBetween(0.0, 1.0);
    }
    for (int e = 0; e < g.edgeCount(); e++) {
      assertThat(xi[e]).isBetween(0.0, Math.min(q[g.edgeFrom(e)], q[g.edgeTo(e)]));
      // p00 = 1 − q_i − q_j + ξ ≥ 0 too.
      assertThat(1 - q[g.edgeFrom(e)] - q[g.edgeTo(e)] + xi[e]).isGreaterThanOrEqualTo(-1e-15);
    }
    double[] mean = jt.featureMeans();
    double[] lambda = m.parameters();
    double h = 1e-4;
    for (int a : new int[] {0, 37, 99, 100, 150, 199, 200, 279}) {
      double[] upL = lambda.clone();
      double[] downL = lambda.clone();
      upL[a] += h;
      downL[a] -= h;
      JunctionTree up = JunctionTree.run(m.withParameters(upL), jt.tree());
      JunctionTree down = JunctionTree.run(m.withParameters(downL), jt.tree());
      assertThat((up.logZ() - down.logZ()) / (2 * h)).as("dlogZ/dλ_%d", a).isCloseTo(mean[a], within(1e-7));
      double[] mu = up.featureMeans();
      double[] md = down.featureMeans();
      for (int b = 0; b < lambda.length; b++) {
        assertThat((mu[b] - md[b]) / (2 * h)).as("dE[f_%d]/dλ_%d", b, a).isCloseTo(cov[a][b], within(1e-7));
      }
    }
    for (int a = 0; a < lambda.length; a++) {
      assertThat(cov[a][a]).isCloseTo(mean[a] * (1 - mean[a]), within(1e-13));
    }
  }

  @Test
  void covarianceDoesNotDependOnTheThreadCount() {
    JunctionTree jt = JunctionTree.run(random(PairwiseGraph.grid(4, 5), 16, 1.0));
    double[][] one = jt.covariance(1);
    double[][] three = jt.covariance(3);
    for (int a = 0; a < one.length; a++) {
      assertThat(three[a]).containsExactly(one[a]);
    }
    assertThatThrownBy(() -> jt.covariance(0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void oneTreeServesManyModelsOnItsGraph() {
    PairwiseGraph g = PairwiseGraph.grid(3, 3);
    CliqueTree tree = CliqueTree.build(g, 20);
    for (long seed = 20; seed < 25; seed++) {
      BoltzmannMachine m = random(g, seed, 2.0);
      assertThat(JunctionTree.run(m, tree).logZ()).isCloseTo(ExactEnumeration.logPartition(m), within(TOLERANCE));
    }
    BoltzmannMachine other = random(PairwiseGraph.grid(2, 2), 1, 1.0);
    assertThatThrownBy(() -> JunctionTree.run(other, tree)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("built for");
  }

  @Test
  void refusesAJunctionTreeWiderThanTheLimitNamingTheTreewidth() {
    BoltzmannMachine grid = BoltzmannMachine.zero(PairwiseGraph.grid(8, 8));
    assertThatThrownBy(() -> JunctionTree.run(grid, 6)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("treewidth at most").hasMessageContaining("limit of 6 variables");
    BoltzmannMachine complete = BoltzmannMachine.zero(PairwiseGraph.complete(24));
    assertThatThrownBy(() -> JunctionTree.run(complete)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("largest clique of 24 variables").hasMessageContaining("treewidth at most 23")
        .hasMessageContaining("limit of 20");
    assertThatThrownBy(() -> JunctionTree.run(complete, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
