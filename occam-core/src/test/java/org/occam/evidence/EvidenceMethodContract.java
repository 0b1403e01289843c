package org.occam.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The contract every registered evidence method of a family must keep, run over every method of
 * the family's {@link MethodRegistry} (EJML's {@code GenericCholeskyTests_DDRM} is the model): the
 * same seed gives the same result; the result names its method and the settings the method
 * declares; the value is finite or the diagnostics report a {@code failure}; and on the family's
 * tiny reference models it is within the method's declared {@link Accuracy} of the exact evidence —
 * exact methods within their tolerance, lower bounds on the right side (before the alias
 * correction, which is not part of the bound), stochastic methods within their tolerance in their
 * own standard errors (combined with the reference's, where the reference is itself a Monte Carlo
 * estimate) on several seeds, approximate methods within their declared nats.
 *
 * <p>A family's contract test subclasses this, names its registry and its reference cases. Every
 * case is scored twice per seed, on fresh problems, with every method in registry order.
 *
 * @param <P> the family's problem type
 */
public abstract class EvidenceMethodContract<P> {
  /**
   * A tiny model with data whose evidence is known.
   *
   * @param name for messages
   * @param problem a fresh problem for a seed
   * @param exactLogEvidence ln p(D | m)
   * @param exactStdError 0 for an exact reference, else the reference's own Monte Carlo standard error
   */
  public record ReferenceCase<P>(String name, LongFunction<P> problem, double exactLogEvidence,
      double exactStdError) {}

  /** The family's registry. */
  protected abstract MethodRegistry<P> registry();

  /** The family's reference models. */
  protected abstract List<ReferenceCase<P>> referenceCases();

  /**
   * The seeds every case is scored on: fixed before the tolerances were measured, and never
   * changed to make a test pass.
   */
  protected long[] seeds() {
    return new long[] {20261124L, 7L, 424242L};
  }

  /** Every method's estimates on every case and seed: [case][seed] → two runs of every method. */
  private Map<String, List<EvidenceEstimate[]>> runs;
  private List<ReferenceCase<P>> cases;

  private synchronized List<ReferenceCase<P>> cases() {
    if (cases == null) {
      cases = referenceCases();
    }
    return cases;
  }

  private synchronized Map<String, List<EvidenceEstimate[]>> runs() {
    if (runs == null) {
      runs = new LinkedHashMap<>();
      List<EvidenceMethod<P>> methods = registry().all();
      for (ReferenceCase<P> c : cases()) {
        for (long seed : seeds()) {
          List<EvidenceEstimate> first = MethodRegistry.estimateAll(c.problem().apply(seed), methods);
          List<EvidenceEstimate> second = MethodRegistry.estimateAll(c.problem().apply(seed), methods);
          for (int m = 0; m < methods.size(); m++) {
            runs.computeIfAbsent(methods.get(m).name(), k -> new ArrayList<>())
                .add(new EvidenceEstimate[] {first.get(m), second.get(m)});
          }
        }
      }
      for (ReferenceCase<P> c : cases()) {
        StringBuilder b = new StringBuilder(registry().family() + " " + c.name() + ": exact "
            + String.format("%.4f", c.exactLogEvidence()));
        int index = cases().indexOf(c) * seeds().length;
        for (var e : runs.entrySet()) {
          EvidenceEstimate est = e.getValue().get(index)[0];
          b.append(String.format(", %s %+.4f", e.getKey(), est.logEvidence() - c.exactLogEvidence()));
        }
        System.out.println(b);
      }
    }
    return runs;
  }

  @Test
  void theRegistryListsMethodsWithNamesDescriptionsAndAccuracies() {
    assertThat(registry().all()).isNotEmpty();
    for (EvidenceMethod<P> m : registry().all()) {
      assertThat(m.name()).matches("[a-z0-9]+(-[a-z0-9]+)*");
      assertThat(m.description()).isNotBlank().doesNotContain("\n");
      assertThat(m.accuracy().reason()).isNotBlank();
      assertThat(registry().get(m.name().toUpperCase())).isSameAs(m);
    }
    assertThat(registry().helpLines()).hasSize(registry().all().size());
  }

  @TestFactory
  Stream<DynamicTest> everyMethodKeepsTheContract() {
    List<DynamicTest> tests = new ArrayList<>();
    for (EvidenceMethod<P> m : registry().all()) {
      tests.add(DynamicTest.dynamicTest(m.name() + ": the same seed gives the same result",
          () -> forEachRun(m, (c, seed, a, b) -> {
            assertThat(b.logEvidence()).as(c.name() + " seed " + seed).isEqualTo(a.logEvidence());
            assertThat(b.stdError()).isEqualTo(a.stdError());
            assertThat(b.settings()).isEqualTo(a.settings());
            assertThat(b.seed()).isEqualTo(a.seed());
          })));
      tests.add(DynamicTest.dynamicTest(m.name() + ": names its method and the settings it declares",
          () -> forEachRun(m, (c, seed, a, b) -> {
            assertThat(a.method()).isEqualTo(m.name());
            assertThat(a.settings()).as(m.name() + " settings").containsKeys(m.settings().toArray(String[]::new));
            assertThat(a.seconds()).isGreaterThanOrEqualTo(0);
          })));
      tests.add(DynamicTest.dynamicTest(m.name() + ": finite, or a failure reported",
          () -> forEachRun(m, (c, seed, a, b) -> {
            assertThat(Double.isFinite(a.logEvidence()) || a.diagnostics().containsKey("failure"))
                .as(c.name() + ": " + a.logEvidence()).isTrue();
            a.stdError().ifPresent(se -> assertThat(se).isFinite().isGreaterThanOrEqualTo(0));
          })));
      tests.add(DynamicTest.dynamicTest(m.name() + ": " + m.accuracy().summary() + " on the reference models",
          () -> forEachRun(m, (c, seed, a, b) -> checkAccuracy(m.accuracy(c.problem().apply(seed)), c, seed, a))));
    }
    return tests.stream();
  }

  private interface RunCheck<P> {
    void check(ReferenceCase<P> c, long seed, EvidenceEstimate first, EvidenceEstimate second);
  }

  private void forEachRun(EvidenceMethod<P> m, RunCheck<P> check) {
    List<EvidenceEstimate[]> all = runs().get(m.name());
    int i = 0;
    for (ReferenceCase<P> c : cases()) {
      for (long seed : seeds()) {
        EvidenceEstimate[] pair = all.get(i++);
        check.check(c, seed, pair[0], pair[1]);
      }
    }
  }

  private static void checkAccuracy(Accuracy accuracy, ReferenceCase<?> c, long seed, EvidenceEstimate e) {
    double exact = c.exactLogEvidence();
    String where = e.method() + " on " + c.name() + " seed " + seed + " (exact " + exact + " ± " + c.exactStdError()
        + ")";
    switch (accuracy.kind()) {
      case EXACT -> assertThat(e.logEvidence()).as(where)
          .isBetween(exact - accuracy.tolerance() - 3 * c.exactStdError(),
              exact + accuracy.tolerance() + 3 * c.exactStdError());
      case LOWER_BOUND -> {
        Object uncorrected = e.diagnostics().get("uncorrectedLogEvidence");
        double bound = uncorrected instanceof Number n ? n.doubleValue() : e.logEvidence();
        assertThat(bound).as(where).isLessThanOrEqualTo(exact + accuracy.tolerance() + 3 * c.exactStdError());
      }
      case STOCHASTIC -> {
        double se = e.stdError().orElseThrow(() -> new AssertionError(where + ": no standard error"));
        double combined = Math.sqrt(se * se + c.exactStdError() * c.exactStdError());
        assertThat(e.logEvidence()).as(where + " se " + se)
            .isBetween(exact - accuracy.tolerance() * combined, exact + accuracy.tolerance() * combined);
      }
      case APPROXIMATE -> assertThat(e.logEvidence()).as(where)
          .isBetween(exact - accuracy.tolerance() - 3 * c.exactStdError(),
              exact + accuracy.tolerance() + 3 * c.exactStdError());
      case REFERENCE -> assertThat(e.logEvidence()).as(where).isFinite();
    }
  }
}
