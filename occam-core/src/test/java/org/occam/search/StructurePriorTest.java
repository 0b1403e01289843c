package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StructurePriorTest {
  @Test
  void parsesAndPrintsBothForms() {
    assertThat(StructurePrior.parse("uniform")).isEqualTo(StructurePrior.uniform());
    StructurePrior p = StructurePrior.parse("edge-penalty:0.5");
    assertThat(p.edgePenalty()).isEqualTo(0.5);
    assertThat(p.logWeight(3)).isEqualTo(-1.5);
    assertThat(StructurePrior.parse(p.toString())).isEqualTo(p);
    assertThat(StructurePrior.uniform().logWeight(10)).isZero();
  }

  @Test
  void rejectsBadInputWithOneLine() {
    assertThatThrownBy(() -> StructurePrior.parse("edge-penalty:-1")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(">= 0");
    assertThatThrownBy(() -> StructurePrior.parse("edge-penalty:x")).hasMessageContaining("not a number");
    assertThatThrownBy(() -> StructurePrior.parse("bogus")).hasMessageContaining("uniform or edge-penalty");
    assertThatThrownBy(() -> StructurePrior.edgePenalty(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
  }
}
