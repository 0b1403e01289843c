package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.dag.methods.DagMethods;
import org.occam.evidence.EvidenceMethod;
import org.occam.mrf.methods.MrfMethods;
import org.occam.rbm.methods.RbmMethods;

/** The help texts come from the registries: every registered method is listed, and nothing else. */
class MethodHelpTest {
  @Test
  void wrapsAtTheWidthWithContinuationLinesUnderTheText() {
    List<String> lines = MethodHelp.wrap("  abc  one two three four five six", 16);
    assertThat(lines).containsExactly("  abc  one two", "       three", "       four five", "       six");
    assertThat(lines).allMatch(l -> l.length() <= 16);
    assertThat(MethodHelp.wrap("  a  short", 80)).containsExactly("  a  short");
  }

  @Test
  void everyCommandListsEveryMethodOfItsFamilyFromTheRegistry() {
    check(DagMethods.REGISTRY.all(), "dag", "score", "rank", "search", "select");
    check(MrfMethods.REGISTRY.all(), "mrf", "score", "rank", "search");
    check(RbmMethods.REGISTRY.all(), "rbm", "score", "select");
  }

  private static void check(List<? extends EvidenceMethod<?>> methods, String family, String... commands) {
    for (String command : commands) {
      var r = CliRunner.run(family, command, "--help");
      assertThat(r.exitCode()).isZero();
      assertThat(r.out()).as(family + " " + command).doesNotContain(MethodHelp.TOKEN);
      for (EvidenceMethod<?> m : methods) {
        assertThat(r.out()).as(family + " " + command + " lists " + m.name())
            .containsPattern("(?m)^  " + java.util.regex.Pattern.quote(m.name()) + " +\\S");
      }
    }
  }
}
