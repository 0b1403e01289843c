package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.occam.search.OrderSelection.Score;

/** Order selection on synthetic curves whose best orders and edges are known. */
class OrderSelectionTest {
  /** A peaked curve with its maximum at {@code peak}, a rising one, and one with a standard error. */
  private static List<Score> curves(int k, int peak) {
    return List.of(
        new Score("peaked", -(k - peak) * (k - peak), OptionalDouble.empty()),
        new Score("rising", Math.log(k), OptionalDouble.empty()),
        new Score("noisy", -Math.abs(k - peak) * 0.1, OptionalDouble.of(0.25)));
  }

  private static OrderSelection<List<Score>> selection(int peak, ConcurrentLinkedQueue<Integer> calls, int threads) {
    IntFunction<List<Score>> scorer = k -> {
      calls.add(k);
      return curves(k, peak);
    };
    return new OrderSelection<>(1, scorer, s -> s, threads);
  }

  @Test
  void bestOrdersEdgesAndTheOneStandardErrorChoice() {
    var calls = new ConcurrentLinkedQueue<Integer>();
    var r = selection(3, calls, 2).run(new int[] {6, 1, 2, 3, 4, 5});
    assertThat(r.orders()).containsExactly(1, 2, 3, 4, 5, 6);
    assertThat(r.methods()).containsExactly("peaked", "rising", "noisy");
    assertThat(r.curve("peaked")).containsExactly(-4, -1, 0, -1, -4, -9);

    var peaked = r.choice("peaked");
    assertThat(peaked.best()).hasValue(3);
    assertThat(peaked.atEdge()).isFalse();
    assertThat(peaked.withinOneStandardError()).isEmpty();

    var rising = r.choice("rising");
    assertThat(rising.best()).hasValue(6);
    assertThat(rising.atUpperEdge()).isTrue();
    assertThat(rising.atLowerEdge()).isFalse();

    // best 3 (score 0, se 0.25): orders 1 (-0.2) and 2 (-0.1) are within one standard error; the smallest wins
    var noisy = r.choice("noisy");
    assertThat(noisy.best()).hasValue(3);
    assertThat(noisy.withinOneStandardError()).hasValue(1);
    assertThat(r.bestOrders()).containsEntry("peaked", 3).containsEntry("rising", 6).containsEntry("noisy", 3);
    assertThat(calls).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6);
  }

  @Test
  void theLowerEdgeCountsOnlyWhenSmallerOrdersExist() {
    var calls = new ConcurrentLinkedQueue<Integer>();
    // peak at 1: the best is the smallest order tried
    var fromOne = selection(1, calls, 1).run(new int[] {1, 2, 3});
    assertThat(fromOne.choice("peaked").best()).hasValue(1);
    assertThat(fromOne.choice("peaked").atEdge()).isFalse();
    var fromTwo = selection(1, calls, 1).run(new int[] {2, 3, 4});
    assertThat(fromTwo.choice("peaked").best()).hasValue(2);
    assertThat(fromTwo.choice("peaked").atLowerEdge()).isTrue();
    assertThat(fromTwo.choice("peaked").atUpperEdge()).isFalse();
    // a single order is at the upper edge
    var single = selection(1, calls, 1).run(new int[] {1});
    assertThat(single.choice("peaked").atUpperEdge()).isTrue();
  }

  @Test
  void tiesGoToTheSmallerOrderAndNonFiniteScoresNeverWin() {
    IntFunction<List<Score>> scorer = k -> List.of(
        new Score("flat", 1.0, OptionalDouble.empty()),
        new Score("gaps", k == 2 ? Double.NaN : k == 3 ? Double.POSITIVE_INFINITY : -k, OptionalDouble.empty()),
        new Score("none", Double.NaN, OptionalDouble.of(1.0)));
    var r = new OrderSelection<>(1, scorer, s -> s, 1).run(new int[] {1, 2, 3, 4});
    assertThat(r.choice("flat").best()).hasValue(1);
    assertThat(r.choice("gaps").best()).hasValue(1);
    assertThat(r.choice("none").best()).isEmpty();
    assertThat(r.choice("none").atEdge()).isFalse();
    assertThat(r.choice("none").withinOneStandardError()).isEmpty();
    assertThat(r.bestOrders()).containsEntry("none", null);
  }

  @Test
  void extendScoresOnlyTheNewOrdersAndEqualsAFullRun() {
    var calls = new ConcurrentLinkedQueue<Integer>();
    var sel = selection(7, calls, 2);
    var first = sel.run(new int[] {1, 2, 3, 4, 5});
    assertThat(first.choice("peaked").best()).hasValue(5);
    assertThat(first.choice("peaked").atUpperEdge()).isTrue();
    calls.clear();

    var extended = sel.extend(first, new int[] {4, 5, 6, 7, 8, 9});
    assertThat(calls).containsExactlyInAnyOrder(6, 7, 8, 9);
    var full = selection(7, new ConcurrentLinkedQueue<>(), 1).run(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
    assertThat(extended.orders()).containsExactly(full.orders());
    assertThat(extended.choices()).isEqualTo(full.choices());
    for (String m : full.methods()) {
      assertThat(extended.curve(m)).containsExactly(full.curve(m));
    }
    assertThat(extended.choice("peaked").best()).hasValue(7);
    assertThat(extended.choice("peaked").atEdge()).isFalse();
    // the earlier orders' results are the very objects scored before
    assertThat(extended.scored().get(0).result()).isSameAs(first.scored().get(0).result());

    // nothing new: nothing scored
    calls.clear();
    var same = sel.extend(extended, new int[] {2, 3});
    assertThat(calls).isEmpty();
    assertThat(same.choices()).isEqualTo(full.choices());
  }

  @Test
  void choosingFromSavedScoresChecksThem() {
    var a = new OrderSelection.Scored<>(1, "a", curves(1, 2));
    var b = new OrderSelection.Scored<>(2, "b", curves(2, 2));
    var twice = new OrderSelection.Scored<>(2, "c", curves(2, 2));
    var other = new OrderSelection.Scored<>(3, "d", List.of(new Score("peaked", 0, OptionalDouble.empty())));
    assertThat(OrderSelection.choose(List.of(b, a), 1).orders()).containsExactly(1, 2);
    assertThatThrownBy(() -> OrderSelection.choose(List.of(a, b, twice), 1)).hasMessageContaining("twice");
    assertThatThrownBy(() -> OrderSelection.choose(List.of(a, other), 1)).hasMessageContaining("scores by");
    assertThatThrownBy(() -> OrderSelection.choose(List.of(), 1)).hasMessageContaining("at least one");
    assertThatThrownBy(() -> OrderSelection.choose(List.of(a), 2)).hasMessageContaining("below");
    var sel = selection(2, new ConcurrentLinkedQueue<>(), 1);
    assertThatThrownBy(() -> sel.run(new int[] {0, 1})).hasMessageContaining("below");
    assertThatThrownBy(() -> sel.run(new int[] {1, 1})).hasMessageContaining("twice");
    var saved = new OrderSelection.Scored<List<Score>>(2, curves(2, 2), curves(2, 2));
    assertThatThrownBy(() -> sel.extend(OrderSelection.choose(List.of(saved), 2), new int[] {3}))
        .hasMessageContaining("starts its orders");
  }
}
