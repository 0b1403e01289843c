package org.occam.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.data.Dataset;
import org.occam.data.Variable;

/**
 * Seeded random tiny DAG problems for oracle tests: a structure with hidden variables, data
 * sampled from random parameters, the same problem as a {@link BruteForceEvidence.Model} and as
 * full-length rows for the oracle. Uses {@link SplittableRandom}, not the library's streams.
 */
public final class RandomDagProblems {
  private RandomDagProblems() {}

  /**
   * What to generate.
   *
   * @param minHidden fewest hidden variables
   * @param maxHidden most hidden variables
   * @param minObserved fewest observed variables
   * @param maxObserved most observed variables
   * @param missing probability that an observed cell is missing
   * @param weighted whether rows get weights from {0.5, 1, 3} (no exact evidence then)
   * @param maxRows most data rows (at least 2 are attempted)
   * @param maxTerms most joint completions over all rows (the brute-force evidence's terms)
   */
  public record Spec(int minHidden, int maxHidden, int minObserved, int maxObserved, double missing,
      boolean weighted, int maxRows, long maxTerms) {
    /** 1–2 hidden, 2–3 observed, up to 10 rows, at most 2^17 joint terms. */
    public static Spec tiny(double missing) {
      return new Spec(1, 2, 2, 3, missing, false, 10, 1L << 17);
    }

    /** Nothing hidden and nothing missing. */
    public static Spec complete() {
      return new Spec(0, 0, 2, 4, 0.0, false, 10, 1);
    }
  }

  /**
   * One problem.
   *
   * @param structure the production structure
   * @param data the production data set (observed columns in a shuffled order)
   * @param model the same DAG for the oracle
   * @param rows one full-length row per data point, in model order, {@link BruteForceEvidence#UNKNOWN}
   *     for hidden variables and missing cells
   * @param weights the row weights, or null
   * @param lambda the Dirichlet hyperparameter of every variable (of the first, after {@link #withLambdas})
   */
  public record Problem(DagStructure structure, Dataset data, BruteForceEvidence.Model model, int[][] rows,
      double[] weights, double lambda) {
    /** The prior: {@link #lambda} for every variable unless {@link #withLambdas} set them apart. */
    public DirichletPrior prior() {
      return DirichletPrior.perVariable(model.lambda());
    }

    /** The same problem with a hyperparameter per variable ({@link #lambda} then keeps the first). */
    public Problem withLambdas(double[] perVariable) {
      if (perVariable.length != structure.size()) {
        throw new IllegalArgumentException("one λ per variable");
      }
      var m = new BruteForceEvidence.Model(model.card(), model.parents(), perVariable.clone());
      return new Problem(structure, data, m, rows, weights, perVariable[0]);
    }

    public boolean hasMissing() {
      for (int[] row : rows) {
        for (int j = 0; j < row.length; j++) {
          if (row[j] == BruteForceEvidence.UNKNOWN && !structure.isHidden(j)) {
            return true;
          }
        }
      }
      return false;
    }

    /** Whether some edge goes from a variable with hiddenness {@code fromHidden} to one with {@code toHidden}. */
    public boolean hasEdge(boolean fromHidden, boolean toHidden) {
      for (int j = 0; j < structure.size(); j++) {
        for (int q : structure.parents(j)) {
          if (structure.isHidden(q) == fromHidden && structure.isHidden(j) == toHidden) {
            return true;
          }
        }
      }
      return false;
    }

    public double exactLogEvidence() {
      if (weights != null) {
        throw new IllegalStateException("exact evidence needs unit-weight rows");
      }
      return BruteForceEvidence.logEvidence(model, rows, 1L << 18);
    }
  }

  /**
   * Builds a problem from explicit parts. The data set's columns are the observed variables in
   * structure order unless {@code columnOrder} (indices of observed variables) is given.
   */
  public static Problem of(List<Variable> vars, boolean[] hidden, int[][] parents, int[][] fullRows,
      double[] weights, double lambda, int[] columnOrder) {
    DagStructure s = DagStructure.of(vars, hidden, parents);
    int p = vars.size();
    int[] cols = columnOrder;
    if (cols == null) {
      cols = java.util.stream.IntStream.range(0, p).filter(j -> !hidden[j]).toArray();
    }
    List<Variable> dataVars = new ArrayList<>();
    for (int c : cols) {
      dataVars.add(vars.get(c));
    }
    int[][] raw = new int[fullRows.length][cols.length];
    for (int r = 0; r < fullRows.length; r++) {
      for (int a = 0; a < cols.length; a++) {
        raw[r][a] = fullRows[r][cols[a]] == BruteForceEvidence.UNKNOWN ? Dataset.MISSING : fullRows[r][cols[a]];
      }
      for (int j = 0; j < p; j++) {
        if (hidden[j] && fullRows[r][j] != BruteForceEvidence.UNKNOWN) {
          throw new IllegalArgumentException("hidden cells must be UNKNOWN");
        }
      }
    }
    Dataset d = Dataset.of(dataVars, raw, weights);
    int[] card = vars.stream().mapToInt(Variable::cardinality).toArray();
    int[][] pa = new int[p][];
    for (int j = 0; j < p; j++) {
      pa[j] = parents[j].clone();
    }
    double[] lam = new double[p];
    Arrays.fill(lam, lambda);
    return new Problem(s, d, new BruteForceEvidence.Model(card, pa, lam), deepCopy(fullRows),
        weights == null ? null : weights.clone(), lambda);
  }

  /** A random problem. */
  public static Problem random(long seed, Spec spec) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int h = spec.minHidden() + rnd.nextInt(spec.maxHidden() - spec.minHidden() + 1);
    int o = spec.minObserved() + rnd.nextInt(spec.maxObserved() - spec.minObserved() + 1);
    int p = h + o;
    // Variable order in the structure: a random interleaving of hidden and observed.
    int[] perm = shuffled(p, rnd);
    List<Variable> vars = new ArrayList<>();
    boolean[] hidden = new boolean[p];
    int hi = 0;
    int oi = 0;
    for (int j = 0; j < p; j++) {
      hidden[j] = perm[j] < h;
      int card = 2 + rnd.nextInt(2);
      vars.add(Variable.withCount(hidden[j] ? "h" + hi++ : "y" + oi++, card));
    }
    // Edges: along a random topological order, each earlier variable a parent with prob. 1/2, at
    // most 2 parents, listed in random order.
    int[] topo = shuffled(p, rnd);
    int[][] parents = new int[p][];
    for (int b = 0; b < p; b++) {
      int v = topo[b];
      List<Integer> pa = new ArrayList<>();
      for (int a : shuffled(b, rnd)) {
        if (pa.size() < 2 && rnd.nextBoolean()) {
          pa.add(topo[a]);
        }
      }
      parents[v] = pa.stream().mapToInt(Integer::intValue).toArray();
    }
    // Most hidden variables should matter: give a childless hidden variable (not last in the
    // order) a random later child with probability 0.8, replacing a parent if that child has 2.
    for (int b = 0; b < p - 1; b++) {
      int v = topo[b];
      if (!hidden[v] || hasChild(parents, v) || rnd.nextDouble() >= 0.8) {
        continue;
      }
      int c = topo[b + 1 + rnd.nextInt(p - 1 - b)];
      int[] pa = parents[c];
      if (pa.length < 2) {
        int[] grown = Arrays.copyOf(pa, pa.length + 1);
        int at = rnd.nextInt(grown.length);
        grown[grown.length - 1] = grown[at];
        grown[at] = v;
        parents[c] = grown;
      } else {
        pa[rnd.nextInt(pa.length)] = v;
      }
    }
    int[] card = vars.stream().mapToInt(Variable::cardinality).toArray();
    double[] lam = new double[p];
    double[] lambdas = {0.5, 1.0, 2.0};
    double lambda = lambdas[rnd.nextInt(3)];
    Arrays.fill(lam, lambda);
    BruteForceEvidence.Model model = new BruteForceEvidence.Model(card, parents, lam);
    double[] truth = randomTheta(model, rnd, 0.02);

    int target = 2 + rnd.nextInt(spec.maxRows() - 1);
    List<int[]> rows = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    double[] weightChoices = {0.5, 1.0, 3.0};
    long terms = 1;
    for (int i = 0; i < target; i++) {
      int[] z = sample(model, topo, truth, rnd);
      int[] row = z.clone();
      for (int j = 0; j < p; j++) {
        if (hidden[j] || rnd.nextDouble() < spec.missing()) {
          row[j] = BruteForceEvidence.UNKNOWN;
        }
      }
      long rowTerms = BruteForceEvidence.jointCompletions(model, new int[][] {row});
      if (!spec.weighted() && terms * rowTerms > spec.maxTerms()) {
        for (int j = 0; j < p; j++) {
          row[j] = hidden[j] ? BruteForceEvidence.UNKNOWN : z[j];
        }
        rowTerms = BruteForceEvidence.jointCompletions(model, new int[][] {row});
        if (terms * rowTerms > spec.maxTerms()) {
          break;
        }
      }
      terms *= rowTerms;
      rows.add(row);
      weights.add(spec.weighted() ? weightChoices[rnd.nextInt(3)] : 1.0);
    }
    int[] observed = java.util.stream.IntStream.range(0, p).filter(j -> !hidden[j]).toArray();
    int[] order = shuffled(observed.length, rnd);
    int[] columns = Arrays.stream(order).map(a -> observed[a]).toArray();
    double[] w = spec.weighted() ? weights.stream().mapToDouble(Double::doubleValue).toArray() : null;
    return of(vars, hidden, parents, rows.toArray(new int[0][]), w, lambda, columns);
  }

  /** Random CPT rows: uniform on the simplex, floored at {@code floor} and renormalised. */
  public static double[] randomTheta(BruteForceEvidence.Model m, SplittableRandom rnd, double floor) {
    double[] theta = new double[m.tableSize()];
    for (int j = 0; j < m.size(); j++) {
      int k = m.card()[j];
      for (int l = 0; l < m.configurations(j); l++) {
        int from = m.offset(j) + l * k;
        double sum = 0;
        for (int x = 0; x < k; x++) {
          theta[from + x] = floor - Math.log(1 - rnd.nextDouble());
          sum += theta[from + x];
        }
        for (int x = 0; x < k; x++) {
          theta[from + x] /= sum;
        }
      }
    }
    return theta;
  }

  /** One full assignment by ancestral sampling along {@code topo}. */
  public static int[] sample(BruteForceEvidence.Model m, int[] topo, double[] theta, SplittableRandom rnd) {
    int[] z = new int[m.size()];
    for (int j : topo) {
      z[j] = 0;
      int from = m.index(j, z);
      double u = rnd.nextDouble();
      int x = 0;
      double cum = theta[from];
      while (u >= cum && x < m.card()[j] - 1) {
        x++;
        cum += theta[from + x];
      }
      z[j] = x;
    }
    return z;
  }

  private static boolean hasChild(int[][] parents, int v) {
    for (int[] pa : parents) {
      for (int q : pa) {
        if (q == v) {
          return true;
        }
      }
    }
    return false;
  }

  /** A uniformly random permutation of 0 … n−1 (Fisher–Yates). */
  public static int[] shuffled(int n, SplittableRandom rnd) {
    int[] a = java.util.stream.IntStream.range(0, n).toArray();
    for (int i = n - 1; i > 0; i--) {
      int k = rnd.nextInt(i + 1);
      int t = a[i];
      a[i] = a[k];
      a[k] = t;
    }
    return a;
  }

  private static int[][] deepCopy(int[][] a) {
    int[][] out = new int[a.length][];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i].clone();
    }
    return out;
  }
}
