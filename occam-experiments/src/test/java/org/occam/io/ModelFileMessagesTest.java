package org.occam.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;

/**
 * The model-file readers' messages on the inputs the fuzz tests and the issue-12 review found
 * wanting: each is one line with the file and line, and says what is wrong.
 */
class ModelFileMessagesTest {
  @TempDir
  Path dir;

  private Path write(String name, byte[] content) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, content);
    return p;
  }

  private Path write(String name, String text) throws IOException {
    return write(name, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void aByteOrderMarkIsSkippedAsInCsvFiles() throws IOException {
    // was "invalid JSON" (a review finding): editors on Windows write a BOM first
    Path f = write("bom.json", "\uFEFF{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"}],"
        + " \"edges\": [[\"a\", \"b\"]]}");
    assertThat(BoltzmannModelFile.read(f, false).graph().edges().length).isEqualTo(1);
  }

  @Test
  void aBlankFileIsRefusedOnItsFirstLine() throws IOException {
    // fuzz finding: " " was "m.json: a model file is …", with no line
    Path f = write("m.json", " ");
    assertThatThrownBy(() -> DagModelFile.read(f, false)).isInstanceOf(DataFormatException.class)
        .hasMessage(f + ":1: a model file is a JSON object with \"type\" and \"variables\"");
    assertThatThrownBy(() -> BoltzmannModelFile.read(f, false)).isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith(f + ":1: a model file is a JSON object");
  }

  @Test
  void aFileThatIsNotUtf8IsRefusedAtItsFirstBadByte() throws IOException {
    // was "m.json: cannot read: Input length = 1"
    Path f = write("m.json", new byte[] {'{', '\n', ' ', '"', (byte) 0xff, '"'});
    assertThatThrownBy(() -> DagModelFile.read(f, false)).isInstanceOf(DataFormatException.class)
        .hasMessage(f + ":2:3: is not UTF-8 text (byte 5, 0xff, is not valid UTF-8); save the file as UTF-8");
  }

  @Test
  void aDagModelGivenToTheBoltzmannReaderIsRefusedForItsType() throws IOException {
    // was "unknown field \"prior\"…" on a DAG file's first field that a Boltzmann file does not have
    Path f = write("dag.json", """
        {"prior": {"dirichlet": 1}, "variables": [{"name": "a", "states": 2}],
         "type": "dag"}""");
    assertThatThrownBy(() -> BoltzmannModelFile.read(f, false)).isInstanceOf(DataFormatException.class)
        .hasMessage(f + ":2:10: is a DAG model (type \"dag\"); this command needs a Boltzmann-machine model"
            + " (type \"boltzmann\")");
  }

  @Test
  void aBoltzmannModelGivenToTheDagReaderIsRefusedForItsType() throws IOException {
    Path f = write("bm.json", """
        {"type": "boltzmann", "variables": [{"name": "a"}], "edges": []}""");
    assertThatThrownBy(() -> DagModelFile.read(f, false)).isInstanceOf(DataFormatException.class)
        .hasMessage(f + ":1:10: is a Boltzmann-machine model (type \"boltzmann\"); this command needs a DAG model"
            + " (type \"dag\")");
    Path g = write("x.json", "{\"type\": \"hmm\"}");
    assertThatThrownBy(() -> DagModelFile.read(g, false))
        .hasMessage(g + ":1:10: unknown model type \"hmm\"; this command needs a DAG model (type \"dag\")");
  }

  @Test
  void priorsOutsideTheirRangeAreRefusedWhereTheFileGivesThem() throws IOException {
    Path sigma = write("s.json", """
        {"type": "boltzmann", "variables": [{"name": "a"}], "edges": [],
         "prior": {"gaussian": {"sigma": 1e300}}}""");
    assertThatThrownBy(() -> BoltzmannModelFile.read(sigma, false))
        .hasMessage(sigma + ":2:34: σ0 of the Gaussian prior must be a number in [0.0001, 1e+4], got 1e+300");
    Path lambda = write("l.json", """
        {"type": "dag", "prior": {"dirichlet": {"a": 1e-9, "default": 1}},
         "variables": [{"name": "a", "states": 2}]}""");
    assertThatThrownBy(() -> DagModelFile.read(lambda, false))
        .hasMessage(lambda + ":1:46: the Dirichlet λ must be a number in [0.000001, 1e+6], got 1e-9");
  }

  @Test
  void priorRangeAcceptsItsEndsAndRefusesJustBeyondThemNamingTheOption() {
    assertThat(PriorRange.sigma(PriorRange.MIN_SIGMA, "--prior-sigma")).isEqualTo(1e-4);
    assertThat(PriorRange.sigma(PriorRange.MAX_SIGMA, "--prior-sigma")).isEqualTo(1e4);
    assertThat(PriorRange.dirichlet(PriorRange.MIN_DIRICHLET, "--prior")).isEqualTo(1e-6);
    assertThat(PriorRange.dirichlet(PriorRange.MAX_DIRICHLET, "--prior")).isEqualTo(1e6);
    for (double bad : new double[] {Math.nextDown(1e-4), Math.nextUp(1e4), 0, -1, Double.NaN,
        Double.POSITIVE_INFINITY}) {
      assertThatThrownBy(() -> PriorRange.sigma(bad, "--sigma")).isInstanceOf(InvalidInputException.class)
          .hasMessageStartingWith("--sigma: σ0 of the Gaussian prior must be a number in [0.0001, 1e+4], got ");
    }
    for (double bad : new double[] {Math.nextDown(1e-6), Math.nextUp(1e6), 0, Double.NaN}) {
      assertThatThrownBy(() -> PriorRange.dirichlet(bad, "--prior")).isInstanceOf(InvalidInputException.class)
          .hasMessageStartingWith("--prior: the Dirichlet λ must be a number in [0.000001, 1e+6], got ");
    }
  }

  @Test
  void aStateCountTooLargeToHoldIsRefusedBeforeAnythingIsAllocated() throws IOException {
    // was an OutOfMemoryError (a list of 2e9 labels)
    Path f = write("big.json", """
        {"type": "dag", "prior": {"dirichlet": 1}, "variables": [{"name": "a", "states": 2000000000}]}""");
    assertThatThrownBy(() -> DagModelFile.read(f, false)).isInstanceOf(DataFormatException.class)
        .hasMessage(f + ":1:82: variable a declares 2000000000 states; at most 1048576");
  }

  @Test
  void cptsTooLargeToHoldAreRefusedNamingTheVariable() throws IOException {
    // was "internal error: java.lang.ArithmeticException: integer overflow"
    Path f = write("wide.json", """
        {"type": "dag", "prior": {"dirichlet": 1}, "variables": [{"name": "a", "states": 60000},
         {"name": "b", "states": 60000, "parents": ["a"]}]}""");
    assertThatThrownBy(() -> DagModelFile.read(f, false)).isInstanceOf(DataFormatException.class)
        .hasMessage(f + ":1:57: the CPTs would have more than 16777216 entries (b alone: 3.60e+09, 6.00e+04"
            + " parent configurations x 60000 states); use fewer states or parents");
    assertThatThrownBy(() -> CommandLineStructures.dag(java.util.List.of(org.occam.data.Variable.withCount("y", 2)),
        "y<-h1,h2,h3", java.util.Map.of("h1", 1 << 20, "h2", 1 << 20, "h3", 2), 1, "--parents", "--hidden-states"))
        .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("--parents: the CPTs would have more than");
    // 1.2e9 entries, below 2^31, ran out of memory (a fuzz finding in mvn verify)
    Path g = write("wide2.json", """
        {"type": "dag", "prior": {"dirichlet": 1}, "variables": [{"name": "a", "states": 20000},
         {"name": "b", "states": 60000, "parents": ["a"]}]}""");
    assertThatThrownBy(() -> DagModelFile.read(g, false)).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("the CPTs would have more than 16777216 entries (b alone: 1.20e+09");
  }

  @Test
  void aDocumentNestedTooDeeplyIsRefusedWhereTheLimitIsPassed() throws IOException {
    // was "deep.json: invalid JSON: Document nesting depth (1001) exceeds …", with no line
    Path f = write("deep.json", "{\"type\":\n" + "[".repeat(2000) + "]".repeat(2000) + "}");
    assertThatThrownBy(() -> BoltzmannModelFile.read(f, false)).isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith(f + ":2:").hasMessageContaining("invalid JSON: Document nesting depth (1001)");
  }
}
