package org.occam.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;

/** {@code --edges} and {@code --parents} read into structures, and their mistakes named. */
class CommandLineStructuresTest {
  private static final List<String> NAMES = List.of("a", "b", "c-d", "c");

  @Test
  void edgesAreIndexPairsInTheGivenOrder() {
    assertThat(CommandLineStructures.edges("a-b, c-a ,b-c", NAMES, "--edges"))
        .isDeepEqualTo(new int[][] {{0, 1}, {3, 0}, {1, 3}});
    assertThat(CommandLineStructures.edges(" ", NAMES, "--edges")).isEmpty();
  }

  @Test
  void aDashInsideANameIsFineWhenOnlyOneReadingFits() {
    assertThat(CommandLineStructures.edges("c-d-a", NAMES, "--edges")).isDeepEqualTo(new int[][] {{2, 0}});
    List<String> ambiguous = List.of("a", "a-b", "b-c", "c");
    assertThatThrownBy(() -> CommandLineStructures.edges("a-b-c", ambiguous, "--edges"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("--edges: edge 'a-b-c' can be read as a - b-c or a-b - c");
  }

  @Test
  void theParentsListGivesHiddenVariablesFirstThenTheColumns() {
    List<Variable> observed = List.of(Variable.withCount("y1", 3), Variable.withCount("y2", 2),
        Variable.withCount("y3", 2));
    DagModel m = CommandLineStructures.dag(observed, "y2<-h2,h1; y1<-h1", Map.of("h1", 4), 0.5, "--parents",
        "--hidden-states");
    DagStructure s = m.structure();
    assertThat(s.variables().stream().map(Variable::name).toList()).containsExactly("h2", "h1", "y1", "y2", "y3");
    assertThat(s.cardinality(0)).isEqualTo(2);
    assertThat(s.cardinality(1)).isEqualTo(4);
    assertThat(s.hiddenVariables()).containsExactly(0, 1);
    assertThat(s.parents(3)).containsExactly(0, 1);
    assertThat(s.parents(2)).containsExactly(1);
    assertThat(s.parents(4)).isEmpty();
    // free parameters: h2 1, h1 3, y1 4 x 2, y2 8 x 1, y3 1
    assertThat(s.freeParameters()).isEqualTo(1 + 3 + 8 + 8 + 1);
    assertThat(m.prior().lambda(3)).isEqualTo(0.5);
  }

  @Test
  void aHiddenChainNeedsAnObservedDescendant() {
    List<Variable> observed = List.of(Variable.withCount("y", 2));
    DagModel m = CommandLineStructures.dag(observed, "y<-h1;h1<-h2", Map.of(), 1, "--parents", "--hidden-states");
    assertThat(m.structure().hiddenVariables()).hasSize(2);
    assertThatThrownBy(() -> CommandLineStructures.dag(observed, "y<-h1;h2<-h1", Map.of(), 1, "--parents",
        "--hidden-states")).hasMessageStartingWith("--parents: h2 is not a data column, so it is hidden, but no data"
            + " column descends from it");
  }
}
