package org.occam.experiments.wellingparise;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.occam.math.RandomStreams;
import org.occam.mrf.MrfProblem;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.SamplerSettings;

/**
 * A cheap stand-in for the library's samplers, for tests of the experiment's bookkeeping: every
 * method draws N(offset, 1) per parameter from its seed's stream, the offset growing with N for
 * bl-bp (as the paper's BL-BP), and the CVM is eqn 23 written out here; one method may be made to
 * fail.
 */
final class StandInSampling implements WellingPariseSampling {
  private final String failing;

  /** @param failing the method that throws InvalidInputException instead of drawing, or null */
  StandInSampling(String failing) {
    this.failing = failing;
  }

  @Override
  public ParameterSamples sample(String method, MrfProblem problem, SamplerSettings s, long seed) {
    if (method.equals(failing)) {
      throw new org.occam.data.InvalidInputException(method + ": the precision is not positive definite, too bad");
    }
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    ZigguratSampler.NormalizedGaussian g = ZigguratSampler.NormalizedGaussian.of(rng);
    int k = problem.featureCount();
    double offset = switch (method) {
      case "bl-mp" -> 0.02;
      case "bl-bp" -> 0.05 * Math.log10(problem.rows());
      case "lv-cd" -> 0.15;
      case "mc-bp" -> 0.1;
      default -> 0;
    };
    double[][][] draws = new double[s.chains()][s.perChain()][k];
    for (double[][] chain : draws) {
      for (double[] d : chain) {
        for (int p = 0; p < k; p++) {
          d[p] = offset + g.sample();
        }
      }
    }
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("converged", true);
    if (!method.startsWith("bl-")) {
      diag.put("mpsrf", 1.0 + 0.01 * rng.nextDouble());
    }
    if (method.equals("bl-bp") || method.equals("mc-bp")) {
      diag.put("bpNotConverged", problem.rows() > 500 ? 1 : 0);
    }
    List<String> names = java.util.stream.IntStream.range(0, k).mapToObj(i -> "p" + i).toList();
    return new ParameterSamples(method, names, draws, 0.001, Map.of(), diag);
  }

  @Override
  public double score(ParameterSamples a, ParameterSamples b) {
    double[][] pa = a.pooled();
    double[][] pb = b.pooled();
    double sum = 0;
    for (int p = 0; p < a.dimension(); p++) {
      int q = p;
      sum += univariate(Arrays.stream(pa).mapToDouble(d -> d[q]).toArray(),
          Arrays.stream(pb).mapToDouble(d -> d[q]).toArray());
    }
    return sum;
  }

  /** Eqn 23: the squared difference of the empirical CDFs summed over the pooled points. */
  @Override
  public double univariate(double[] a, double[] b) {
    double[] sa = a.clone();
    double[] sb = b.clone();
    Arrays.sort(sa);
    Arrays.sort(sb);
    double sum = 0;
    for (double[] pts : new double[][] {sa, sb}) {
      for (double x : pts) {
        double fa = upper(sa, x) / (double) sa.length;
        double fb = upper(sb, x) / (double) sb.length;
        sum += (fa - fb) * (fa - fb);
      }
    }
    return sum;
  }

  /** The number of values <= x in sorted v. */
  private static int upper(double[] v, double x) {
    int lo = 0;
    int hi = v.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (v[mid] <= x) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  @Override
  public double nullQuantile99(int n1, int n2) {
    return 1.0;
  }
}
