package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.occam.data.Dataset;
import org.occam.math.LogSpace;
import org.occam.math.RandomStreams;
import org.junit.jupiter.api.Test;

/**
 * Issue 17, point 3: the E step's loops were reordered for speed, and every number they produce must
 * stay bit for bit what it was (the committed experiment outputs must stay reproducible). {@link
 * Reference} is the E step as it was before (one row at a time, each configuration's product over the
 * families in turn); {@link HiddenStateEnumeration#eStep} must return the same log likelihood and the
 * same expected counts, compared by their raw bits, on all 136 structures of Beal's study, with data of
 * several sizes, with and without missing cells (several patterns per data set, with more
 * configurations), with weighted rows, at normalised, sub-normalised and partly zero parameters, and at
 * parameters whose products underflow (the log-space fallback), with counts and without.
 */
class HiddenStateEnumerationBitIdentityTest {
  /** Today's E step, kept as the reference: the same arithmetic in the same order as before the rewrite. */
  static final class Reference {
    private Reference() {}

    private static final double UNDERFLOW_GUARD = 1e-200;
    private static final double LN2 = Math.log(2);

    static double eStep(HiddenStateEnumeration e, double[] theta, double[] expectedCounts) {
      double[] known = e.completeCounts();
      double ll = 0;
      for (int i = 0; i < known.length; i++) {
        if (known[i] != 0) {
          ll += known[i] * Math.log(theta[i]);
        }
      }
      if (expectedCounts != null) {
        System.arraycopy(known, 0, expectedCounts, 0, known.length);
      }
      int maxC = 1;
      for (var pat : e.patterns()) {
        maxC = Math.max(maxC, pat.configurations);
      }
      double[] w = new double[maxC];
      for (var pat : e.patterns()) {
        ll += eStepPattern(pat, theta, expectedCounts, w);
      }
      return ll;
    }

    private static double eStepPattern(HiddenStateEnumeration.Pattern pat, double[] theta, double[] counts,
        double[] w) {
      final int ni = pat.involved.length;
      final int nc = pat.configurations;
      final int[] cfg = pat.configOffset;
      final int[] base = pat.rowBase;
      double ll = 0;
      double product = 1;
      long exponent = 0;
      for (int r = 0; r < pat.rowCount.length; r++) {
        final int b = r * ni;
        double z = 0;
        for (int c = 0; c < nc; c++) {
          final int o = c * ni;
          double prod = 1;
          for (int t = 0; t < ni; t++) {
            prod *= theta[base[b + t] + cfg[o + t]];
          }
          w[c] = prod;
          z += prod;
        }
        double n = pat.rowCount[r];
        double scale;
        if (z >= UNDERFLOW_GUARD && z < Double.POSITIVE_INFINITY) {
          if (n == 1) {
            product *= z;
            int ex = (int) ((Double.doubleToRawLongBits(product) >>> 52) & 0x7ff) - 1023;
            exponent += ex;
            product *= Double.longBitsToDouble((long) (1023 - ex) << 52);
          } else {
            ll += n * Math.log(z);
          }
          scale = n / z;
        } else {
          for (int c = 0; c < nc; c++) {
            final int o = c * ni;
            double s = 0;
            for (int t = 0; t < ni; t++) {
              s += Math.log(theta[base[b + t] + cfg[o + t]]);
            }
            w[c] = s;
          }
          double logZ = LogSpace.logSumExp(w, 0, nc);
          ll += n * logZ;
          if (logZ == Double.NEGATIVE_INFINITY) {
            continue;
          }
          for (int c = 0; c < nc; c++) {
            w[c] = Math.exp(w[c] - logZ);
          }
          scale = n;
        }
        if (counts != null) {
          for (int c = 0; c < nc; c++) {
            double wc = w[c] * scale;
            if (wc == 0) {
              continue;
            }
            final int o = c * ni;
            for (int t = 0; t < ni; t++) {
              counts[base[b + t] + cfg[o + t]] += wc;
            }
          }
        }
      }
      return ll + Math.log(product) + exponent * LN2;
    }
  }

  private static final List<DagStructure> STRUCTURES =
      new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables()).structures();

  /** Rows of Beal's true model; each cell missing with probability {@code missing}. */
  private static int[][] rows(int n, long seed, double missing) {
    int[][] rows = AncestralSampler.sampleObserved(BealExample.structure(),
        BealExample.trueModel().parameters().orElseThrow(), n, RandomStreams.fromSeed(seed));
    SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
    for (int[] row : rows) {
      for (int v = 0; v < row.length; v++) {
        if (rnd.nextDouble() < missing) {
          row[v] = Dataset.MISSING;
        }
      }
      if (Arrays.stream(row).allMatch(x -> x == Dataset.MISSING)) {
        row[0] = 0;
      }
    }
    return rows;
  }

  /** Parameters of a structure: random (normalised), or each entry times {@code factor}, some set to 0. */
  private static double[] theta(DagStructure s, long seed, double factor, double zeros) {
    double[] theta = DagScorer.randomParameters(s, RandomStreams.fromSeed(seed));
    SplittableRandom rnd = new SplittableRandom(seed * 7 + 1);
    for (int i = 0; i < theta.length; i++) {
      theta[i] *= factor;
      if (rnd.nextDouble() < zeros) {
        theta[i] = 0;
      }
    }
    return theta;
  }

  private record Outcome(long logLikelihood, long[] counts, long logLikelihoodWithoutCounts) {}

  private static Outcome bits(double ll, double[] counts, double llOnly) {
    return new Outcome(Double.doubleToRawLongBits(ll),
        Arrays.stream(counts).mapToLong(Double::doubleToRawLongBits).toArray(),
        Double.doubleToRawLongBits(llOnly));
  }

  /** How many cases had an impossible row (likelihood −∞). */
  private static int impossible;

  private static void assertIdentical(DagStructure s, Dataset data, double[] theta) {
    var e = new HiddenStateEnumeration(s, data);
    double[] refCounts = new double[s.tableSize()];
    double refLl = Reference.eStep(e, theta, refCounts);
    double refOnly = Reference.eStep(e, theta, null);
    double[] newCounts = new double[s.tableSize()];
    Arrays.fill(newCounts, Double.NaN); // must be overwritten
    double[] before = theta.clone();
    double newLl = e.eStep(theta, newCounts);
    double newOnly = e.eStep(theta, null);
    assertThat(theta).isEqualTo(before);
    Outcome ref = bits(refLl, refCounts, refOnly);
    Outcome now = bits(newLl, newCounts, newOnly);
    assertThat(now.logLikelihood()).as("log likelihood %s vs %s", newLl, refLl).isEqualTo(ref.logLikelihood());
    assertThat(now.logLikelihoodWithoutCounts()).as("log likelihood without counts").isEqualTo(
        ref.logLikelihoodWithoutCounts());
    assertThat(now.counts()).as("expected counts").isEqualTo(ref.counts());
    if (refLl == Double.NEGATIVE_INFINITY) {
      impossible++;
    }
  }

  private static void sweep(int n, long seed, double missing, double factor, double zeros, double[] weights) {
    sweep(STRUCTURES, n, seed, missing, factor, zeros, weights);
  }

  private static void sweep(List<DagStructure> structures, int n, long seed, double missing, double factor,
      double zeros, double[] weights) {
    int[][] raw = rows(n, seed, missing);
    Dataset data = weights == null ? Dataset.of(BealExample.observedVariables(), raw)
        : Dataset.of(BealExample.observedVariables(), raw, weights);
    long k = 0;
    for (DagStructure s : structures) {
      assertIdentical(s, data, theta(s, seed * 1000 + k++, factor, zeros));
    }
  }

  @Test
  void theStudysStructuresAndSizesCompleteData() {
    for (int n : new int[] {10, 40, 160, 640, 2560}) {
      sweep(n, n + 1, 0, 1, 0, null);
    }
  }

  @Test
  void subNormalisedParameters() {
    for (int n : new int[] {20, 320}) {
      sweep(n, n + 2, 0, 0.7, 0, null);
    }
  }

  @Test
  void missingCellsGiveSeveralPatternsWithMoreConfigurations() {
    for (int n : new int[] {30, 400}) {
      sweep(n, n + 3, 0.15, 1, 0, null);
    }
    var e = new HiddenStateEnumeration(BealExample.structure(),
        Dataset.of(BealExample.observedVariables(), rows(400, 403, 0.15)));
    assertThat(e.patterns().length).isGreaterThan(5);
    assertThat(Arrays.stream(e.patterns()).mapToInt(p -> p.configurations).max().orElseThrow()).isGreaterThan(100);
  }

  @Test
  void weightedRows() {
    int n = 200;
    double[] weights = new double[n];
    SplittableRandom rnd = new SplittableRandom(9);
    for (int i = 0; i < n; i++) {
      weights[i] = rnd.nextInt(4) == 0 ? 0.5 + rnd.nextInt(5) : 1;
    }
    sweep(n, 77, 0.05, 1, 0, weights);
  }

  @Test
  void zeroParametersMakeImpossibleRows() {
    impossible = 0;
    sweep(120, 5, 0.05, 1, 0.08, null);
    assertThat(impossible).isPositive();
  }

  @Test
  void underflowingProductsTakeTheLogSpaceFallback() {
    // every entry times 1e-45: a product over five or six families is below the guard 1e-200 (the
    // fallback), over two to four it is not, so both branches run, on the same rows
    sweep(300, 11, 0.05, 1e-45, 0, null);
    sweep(100, 12, 0.05, 1e-45, 0.05, null);
    DagStructure s = BealExample.structure();
    var e = new HiddenStateEnumeration(s, Dataset.of(BealExample.observedVariables(), rows(50, 13, 0)));
    double[] theta = theta(s, 1, 1e-45, 0);
    // the fallback gives a finite likelihood far below what linear space could hold
    assertThat(Reference.eStep(e, theta, null)).isFinite().isLessThan(50 * Math.log(1e-200));
  }

  @Test
  void configurationCountsThatAreNotMultiplesOfFour() {
    // three-valued hidden variables: 3, 6 and 9 joint states (more with missing cells), so the loops
    // that take configurations four at a time leave a remainder
    for (var hidden : List.of(List.of(org.occam.data.Variable.withCount("h1", 3)),
        List.of(org.occam.data.Variable.withCount("h1", 3), org.occam.data.Variable.withCount("h2", 2)),
        List.of(org.occam.data.Variable.withCount("h1", 3), org.occam.data.Variable.withCount("h2", 3)))) {
      var structures = new BipartiteStructureClass(hidden, BealExample.observedVariables()).structures();
      sweep(structures, 150, 21, 0.1, 1, 0, null);
      sweep(structures, 60, 22, 0.1, 1e-45, 0.05, null);
    }
  }

  @Test
  void fourConfigurationsWhoseFamiliesAreNotSharedOrDoNotPair() {
    // the four-configuration loop multiplies the shared families' factors once and keeps the count
    // entries of two pairing families in locals; here the first family is an observed one (nothing
    // shared), the only hidden variable has four states (one shared family, no pairing), and h2 is
    // a child of h1 (its four entries are distinct)
    var y = BealExample.observedVariables();
    var h1 = org.occam.data.Variable.withCount("h1", 2);
    var h2 = org.occam.data.Variable.withCount("h2", 2);
    var observedFirst = DagStructure.of(List.of(y.get(0), h1, h2, y.get(1), y.get(2), y.get(3)),
        new boolean[] {false, true, true, false, false, false}, new int[][] {{1}, {}, {}, {1, 2}, {2}, {}});
    var chain = DagStructure.of(List.of(h1, h2, y.get(0), y.get(1), y.get(2), y.get(3)),
        new boolean[] {true, true, false, false, false, false}, new int[][] {{}, {0}, {0}, {0, 1}, {1}, {1}});
    var fourStates = new BipartiteStructureClass(List.of(org.occam.data.Variable.withCount("h1", 4)), y).structures();
    for (var structures : List.of(List.of(observedFirst, chain), fourStates)) {
      for (int n : new int[] {25, 640}) {
        sweep(structures, n, n + 31, 0, 1, 0, null);
        sweep(structures, n, n + 32, 0, 1e-45, 0.05, null);
      }
    }
    var e = new HiddenStateEnumeration(observedFirst, Dataset.of(y, rows(200, 7, 0)));
    assertThat(e.patterns()[0].configurations).isEqualTo(4);
    assertThat(e.patterns()[0].sharedFamilies).isZero();
    var c = new HiddenStateEnumeration(chain, Dataset.of(y, rows(200, 7, 0)));
    assertThat(c.patterns()[0].sharedFamilies).isEqualTo(2);
    assertThat(c.patterns()[0].sharedPairing).isNull();
    var beal = new HiddenStateEnumeration(BealExample.structure(), Dataset.of(y, rows(200, 7, 0)));
    assertThat(beal.patterns()[0].sharedPairing).containsExactly(HiddenStateEnumeration.PAIRS_01,
        HiddenStateEnumeration.PAIRS_02);
  }
}
