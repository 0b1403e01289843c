package org.occam.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.dag.DagModel;
import org.occam.data.DataFormatException;
import org.occam.mrf.BoltzmannMachine;

/** The model-file readers: parameters as given, spins converted, and one-line errors with positions. */
class ModelFilesTest {
  @TempDir
  Path dir;

  @Test
  void aBoltzmannFilesParametersAreBiasesThenWeights() throws IOException {
    Path f = write("m.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}],\n"
        + " \"edges\": [[\"a\", \"b\"]], \"prior\": {\"gaussian\": {\"sigma\": 2.0}},\n"
        + " \"parameters\": {\"bias\": {\"a\": -0.5, \"b\": 0}, \"weight\": [[\"b\", \"a\", 1.2]]}}");
    BoltzmannModelFile.Loaded m = BoltzmannModelFile.read(f, true);
    assertThat(m.priorSigma().getAsDouble()).isEqualTo(2.0);
    assertThat(m.model().orElseThrow().parameters()).containsExactly(-0.5, 0.0, 1.2);
  }

  @Test
  void spinFieldsAndCouplingsGiveTheSameDistribution() throws IOException {
    double ha = 0.3;
    double hb = -0.7;
    double j = 0.9;
    Path f = write("s.json", "{\"type\": \"boltzmann\", \"spins\": true, \"variables\": [{\"name\": \"a\"},"
        + " {\"name\": \"b\"}], \"edges\": [[\"a\", \"b\"]], \"parameters\": {\"bias\": {\"a\": " + ha + ", \"b\": "
        + hb + "}, \"weight\": [[\"a\", \"b\", " + j + "]]}}");
    BoltzmannMachine m = BoltzmannModelFile.read(f, true).model().orElseThrow();
    // log p(x) up to a constant equals Σ h s + J s_a s_b with s = 2x − 1
    double base = m.logPotential(new int[] {0, 0}) - (-ha - hb + j);
    for (int xa = 0; xa < 2; xa++) {
      for (int xb = 0; xb < 2; xb++) {
        int sa = 2 * xa - 1;
        int sb = 2 * xb - 1;
        assertThat(m.logPotential(new int[] {xa, xb}) - base).isCloseTo(ha * sa + hb * sb + j * sa * sb,
            within(1e-12));
      }
    }
  }

  @Test
  void aMissingWeightIsReportedAtItsLine() throws IOException {
    Path f = write("w.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"},"
        + " {\"name\": \"c\"}],\n \"edges\": [[\"a\", \"b\"], [\"b\", \"c\"]],\n"
        + " \"parameters\": {\"bias\": {\"a\": 0, \"b\": 0, \"c\": 0}, \"weight\": [[\"a\", \"b\", 1.0]]}}");
    assertThatThrownBy(() -> BoltzmannModelFile.read(f, true)).isInstanceOf(DataFormatException.class)
        .hasMessageContaining(f + ":3:").hasMessageContaining("no weight for the edge b–c");
    Path h = write("b.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}],"
        + " \"edges\": [[\"a\", \"b\"]],\n \"parameters\": {\"bias\": {\"a\": 1}, \"weight\": [[\"a\", \"b\", 1]]}}");
    assertThatThrownBy(() -> BoltzmannModelFile.read(h, true)).isInstanceOf(DataFormatException.class)
        .hasMessageContaining(h + ":2:").hasMessageContaining("no bias for variable 'b'");
    Path g = write("u.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}],"
        + " \"edges\": [[\"a\", \"b\"]], \"parameters\": {\"bias\": {\"z\": 1, \"a\": 0, \"b\": 0}, \"weight\": [[\"a\", \"b\", 1]]}}");
    assertThatThrownBy(() -> BoltzmannModelFile.read(g, true)).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("bias for unknown variable 'z'");
  }

  @Test
  void dagCptsAreReadRenormalisedOrRefused() throws IOException {
    String head = "{\"type\": \"dag\", \"prior\": {\"dirichlet\": 1.0}, \"variables\": [\n"
        + " {\"name\": \"h\", \"states\": 2, \"hidden\": true, \"cpt\": [[0.25, 0.75]]},\n";
    Path good = write("g.json", head + " {\"name\": \"y\", \"states\": 2, \"parents\": [\"h\"],"
        + " \"cpt\": [[0.5, 0.5], [0.1, 0.9]]}]}");
    DagModel m = DagModelFile.read(good, false).model();
    assertThat(m.parameters().orElseThrow()).containsExactly(0.25, 0.75, 0.5, 0.5, 0.1, 0.9);
    Path off = write("o.json", head + " {\"name\": \"y\", \"states\": 2, \"parents\": [\"h\"],"
        + " \"cpt\": [[1, 1], [0.1, 0.9]]}]}");
    assertThatThrownBy(() -> DagModelFile.read(off, false)).isInstanceOf(DataFormatException.class)
        .hasMessageContaining(off + ":3:").hasMessageContaining("CPT row 1 of y sums to 2.0");
    assertThat(DagModelFile.read(off, true).model().parameters().orElseThrow())
        .containsExactly(0.25, 0.75, 0.5, 0.5, 0.1, 0.9);
    Path some = write("s.json", head + " {\"name\": \"y\", \"states\": 2, \"parents\": [\"h\"]}]}");
    assertThatThrownBy(() -> DagModelFile.read(some, false)).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("variable y has no \"cpt\" while others do");
  }

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }
}
