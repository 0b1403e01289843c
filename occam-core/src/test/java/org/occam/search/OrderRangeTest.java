package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OrderRangeTest {
  @Test
  void rangesListsAndSingleNumbersParseToAscendingDistinctOrders() {
    assertThat(OrderRange.parse("1..6", 1, "--x")).containsExactly(1, 2, 3, 4, 5, 6);
    assertThat(OrderRange.parse("2,3,5", 1, "--x")).containsExactly(2, 3, 5);
    assertThat(OrderRange.parse("4", 1, "--x")).containsExactly(4);
    assertThat(OrderRange.parse(" 5, 1..3 ,3", 1, "--x")).containsExactly(1, 2, 3, 5);
    assertThat(OrderRange.parse("2..2", 1, "--x")).containsExactly(2);
  }

  @Test
  void badTextIsRefusedWithTheOptionsName() {
    assertThatThrownBy(() -> OrderRange.parse("0..2", 1, "--hidden")).hasMessage("--hidden needs orders >= 1, got 0..2");
    assertThatThrownBy(() -> OrderRange.parse("3..1", 1, "--hidden")).hasMessageContaining("--hidden: the range 3..1 is empty");
    assertThatThrownBy(() -> OrderRange.parse("a", 1, "--hidden")).hasMessageContaining("--hidden: cannot read \"a\"");
    assertThatThrownBy(() -> OrderRange.parse("1..", 1, "--hidden")).hasMessageContaining("cannot read");
    assertThatThrownBy(() -> OrderRange.parse("1,,2", 1, "--hidden")).hasMessageContaining("cannot read \"\"");
    assertThatThrownBy(() -> OrderRange.parse(" ", 1, "--hidden")).hasMessageContaining("--hidden");
    assertThatThrownBy(() -> OrderRange.parse("1..2000000", 1, "--hidden")).hasMessageContaining("too long");
    assertThatThrownBy(() -> OrderRange.parse("1", 2, "--hidden")).hasMessageContaining(">= 2");
  }

  @Test
  void unionAndFormat() {
    assertThat(OrderRange.union(new int[] {1, 2, 3}, new int[] {3, 5, 4})).containsExactly(1, 2, 3, 4, 5);
    assertThat(OrderRange.format(new int[] {1, 2, 3, 4})).isEqualTo("1..4");
    assertThat(OrderRange.format(new int[] {2, 3, 5})).isEqualTo("2,3,5");
    assertThat(OrderRange.format(new int[] {4})).isEqualTo("4");
    assertThat(OrderRange.format(new int[] {1, 2})).isEqualTo("1..2");
  }
}
