package org.occam.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.occam.dag.DagMethod;
import org.occam.dag.methods.DagMethods;
import org.occam.mrf.MrfMethod;
import org.occam.mrf.methods.MrfMethods;
import org.occam.rbm.RbmMethod;
import org.occam.rbm.methods.RbmMethods;

class MethodRegistryTest {
  /** A method that returns its problem (a number) as the evidence. */
  private record Constant(String name) implements EvidenceMethod<Double> {
    @Override
    public String description() {
      return "the problem itself";
    }

    @Override
    public Accuracy accuracy() {
      return Accuracy.exact(0, "it is the answer");
    }

    @Override
    public List<String> settings() {
      return List.of();
    }

    @Override
    public EvidenceEstimate estimate(Double problem) {
      return new EvidenceEstimate(name, problem, OptionalDouble.empty(), 0, Map.of(), OptionalLong.empty(), Map.of());
    }
  }

  private final MethodRegistry<Double> registry = new MethodRegistry<>("TOY", List.of(new Constant("a-b"),
      new Constant("c")));

  @Test
  void parsesNamesCaseInsensitivelyInOrderWithoutRepeats() {
    assertThat(registry.parseList(" C ,a-b,c,").stream().map(EvidenceMethod::name)).containsExactly("c", "a-b");
    assertThat(registry.names()).isEqualTo("a-b,c");
    assertThat(MethodRegistry.estimateAll(2.5, registry.parseList("c,a-b")).stream().map(EvidenceEstimate::method))
        .containsExactly("c", "a-b");
  }

  @Test
  void refusesUnknownNamesEmptyListsAndDuplicateRegistrations() {
    assertThatThrownBy(() -> registry.get("d")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown TOY method 'd' (known: a-b,c)");
    assertThatThrownBy(() -> registry.parseList(" , ")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no methods given");
    assertThatThrownBy(() -> new MethodRegistry<>("TOY", List.of(new Constant("c"), new Constant("c"))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("registered twice");
  }

  @Test
  void helpLinesAlignTheDescriptions() {
    assertThat(registry.helpLines()).containsExactly("  a-b  the problem itself [exact]",
        "  c    the problem itself [exact]");
  }

  @Test
  void everyNameThePapersUseIsRegisteredInItsFamily() {
    for (DagMethod m : DagMethod.values()) {
      assertThat(DagMethods.get(m.label()).name()).isEqualTo(m.label());
    }
    for (MrfMethod m : MrfMethod.values()) {
      assertThat(MrfMethods.get(m.label()).name()).isEqualTo(m.label());
    }
    for (RbmMethod m : RbmMethod.values()) {
      assertThat(RbmMethods.get(m.label()).name()).isEqualTo(m.label());
    }
  }
}
