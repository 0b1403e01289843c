package org.occam.dag.methods;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.occam.dag.BealExample;
import org.occam.dag.DagProblem;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.dag.HiddenStateEnumeration;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.MethodRegistry;
import org.occam.math.RandomStreams;

/**
 * The findings of issue 12 on Beal's true structure (two binary hidden variables, four 5-valued
 * observed ones, 50 parameters, S = 4), which the command line reproduced before the fixes: on one
 * row BIC was +1.39 (ln 4 added to a zero log-likelihood at n = 1) and BICp +39.5 (ln p(θ̂) = 38.1,
 * a density, with no penalty at ln 1 = 0); CS + ln 4 (−6.36) and VB + ln 4 (−6.35) were above the
 * exact −6.44; on 60 identical rows CS† was −24.3 against an exact −60.3.
 */
class BealDegenerateDataTest {
  private static Map<String, EvidenceEstimate> score(Dataset data, long seed) {
    DagStructure s = BealExample.structure();
    var settings = DagScoreSettings.defaults();
    var problem = new DagProblem(new HiddenStateEnumeration(s, data, settings.configurationLimit()),
        DirichletPrior.uniform(s.size(), 1.0), settings, RandomStreams.fromSeed(seed), seed);
    var methods = DagMethods.parseList("exact,bic,bicp,cs,cs-dagger,vb");
    Map<String, EvidenceEstimate> by = new LinkedHashMap<>();
    for (EvidenceEstimate e : MethodRegistry.estimateAll(problem, methods)) {
      by.put(e.method(), e);
    }
    return by;
  }

  @Test
  void oneRowKeepsBicBelowZeroAndTheBoundsBelowTheExactEvidence() {
    for (long seed : new long[] {1, 2, 3}) {
      var by = score(Dataset.of(BealExample.observedVariables(), new int[][] {{0, 1, 2, 3}}), seed);
      double exact = by.get("exact").logEvidence();
      assertThat(exact).isBetween(-6.44, -6.43);
      assertThat(by.get("bic").logEvidence()).isLessThanOrEqualTo(0);
      assertThat(by.get("bicp").logEvidence()).isLessThanOrEqualTo(0);
      assertThat(by.get("bicp").diagnostics().get("occamFactorCapped")).isEqualTo(true);
      assertThat(by.get("cs").logEvidence()).isLessThanOrEqualTo(exact);
      assertThat(by.get("vb").logEvidence()).isLessThanOrEqualTo(exact);
    }
  }

  @Test
  void identicalRowsGiveNoDimensionTermToCsDaggerAndKeepTheBounds() {
    int[][] rows = new int[60][];
    Arrays.fill(rows, new int[] {0, 1, 2, 3});
    for (long seed : new long[] {1, 2}) {
      var by = score(Dataset.of(BealExample.observedVariables(), rows), seed);
      double exact = by.get("exact").logEvidence();
      assertThat(exact).isBetween(-60.27, -60.26);
      EvidenceEstimate dagger = by.get("cs-dagger");
      assertThat(dagger.diagnostics().get("dimensionCorrectionApplied")).isEqualTo(false);
      assertThat(dagger.logEvidence()).isEqualTo(by.get("cs").logEvidence()).isLessThanOrEqualTo(exact);
      assertThat(by.get("vb").logEvidence()).isLessThanOrEqualTo(exact);
      for (String m : List.of("bic", "bicp")) {
        assertThat(by.get(m).logEvidence()).isLessThanOrEqualTo(0);
      }
    }
  }
}
