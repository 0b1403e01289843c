package org.occam.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.occam.crf.CrfModel;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link CrfModelJson}: the round trip of a model with its parameters, and every malformed file. */
class CrfModelJsonTest {
  @TempDir Path dir;

  private Path write(String text) throws IOException {
    Path f = dir.resolve("crf.json");
    Files.writeString(f, text);
    return f;
  }

  @Test
  void roundTripKeepsModelPriorAndParametersByName() throws IOException {
    CrfModel model = CrfModel.full(List.of("question", "answer"), List.of("blank", "indented"));
    List<String> names = model.features();
    double[] lambda = {-1.25, 0.5, 0.125, -3.0, 2.0, 1e-7};
    Path f = write(CrfModelJson.write(model, 2.5, names, lambda,
        Map.of("logLikelihood", -12.5, "converged", true)));
    CrfModelJson.Loaded m = CrfModelJson.read(f);
    assertThat(m.model()).isEqualTo(model);
    assertThat(m.priorSigma()).hasValue(2.5);
    assertThat(m.parameters()).isPresent();
    assertThat(m.parameters().get().keySet()).containsExactlyElementsOf(names);
    assertThat(m.lambda(names)).containsExactly(lambda);
    assertThat(m.lambda(List.of("state:indented", "bias", "transition", "state:blank", "transition:blank",
        "transition:indented"))).containsExactly(-3.0, -1.25, 0.5, 0.125, 2.0, 1e-7);
    assertThatThrownBy(() -> m.lambda(List.of("bias"))).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("transition");
  }

  @Test
  void untiedParametersArePerPosition() throws IOException {
    CrfModel model = new CrfModel(List.of("a", "b"), List.of("x"), List.of("bias", "state:x"), false);
    List<String> names = List.of("bias@1", "bias@2", "state:x@1", "state:x@2");
    Path f = write(CrfModelJson.write(model, 1, names, new double[] {1, 2, 3, 4}, null));
    CrfModelJson.Loaded m = CrfModelJson.read(f);
    assertThat(m.model().tied()).isFalse();
    assertThat(m.lambda(names)).containsExactly(1, 2, 3, 4);
    assertThatThrownBy(() -> m.lambda(List.of("bias@1", "bias@2", "bias@3", "state:x@1", "state:x@2")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("bias@3");
    assertThatThrownBy(() -> m.lambda(List.of("bias@1", "state:x@1")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("bias@2");
  }

  @Test
  void withoutParametersAndPriorTheDefaultsHold() throws IOException {
    Path f = write("{\"type\": \"crf\", \"labels\": [\"a\", \"b\"], \"inputs\": [\"x\"], \"features\": [\"bias\"]}");
    CrfModelJson.Loaded m = CrfModelJson.read(f);
    assertThat(m.model().tied()).isTrue();
    assertThat(m.priorSigma()).isEmpty();
    assertThat(m.parameters()).isEmpty();
    assertThatThrownBy(() -> m.lambda(List.of("bias"))).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no \"parameters\"");
  }

  @Test
  void theExamplesRead() {
    CrfModelJson.Loaded faq = CrfModelJson.read(Path.of("..", "examples", "crf-faq.json"));
    assertThat(faq.model().features()).hasSize(50).startsWith("bias", "transition");
    assertThat(faq.model().inputNames()).hasSize(24);
    assertThat(faq.model().features().subList(2, 50)).isEqualTo(CrfModel.papers(faq.model().inputNames()));
    CrfModelJson.Loaded small = CrfModelJson.read(Path.of("..", "examples", "crf-small.json"));
    assertThat(small.model().labelStates()).containsExactly("question", "answer");
  }

  private static final String OK_HEAD = "{\"type\": \"crf\", \"labels\": [\"a\", \"b\"], \"inputs\": [\"x\", \"y\"], ";

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "[] | :1:1: | a JSON object",
      "{\"labels\": []} | :1:1: | missing \"type\"",
      "{\"type\": \"boltzmann\"} | /type: | Boltzmann-machine model",
      OK_HEAD + "\"features\": [\"bias\"], \"colour\": 1} | /colour: | unknown field",
      "{\"type\": \"crf\", \"inputs\": [\"x\"], \"features\": [\"bias\"]} | :1:1: | missing \"labels\"",
      "{\"type\": \"crf\", \"labels\": [\"a\"], \"inputs\": [\"x\"], \"features\": [\"bias\"]} | /labels: | exactly 2",
      "{\"type\": \"crf\", \"labels\": [\"a\", 3], \"inputs\": [\"x\"], \"features\": [\"bias\"]} | /labels/1: | strings",
      "{\"type\": \"crf\", \"labels\": [\"a\", \"a\"], \"inputs\": [\"x\"], \"features\": [\"bias\"]} | /labels/1: | exactly 2",
      "{\"type\": \"crf\", \"labels\": [\"a\", \"b\"], \"inputs\": \"x\", \"features\": [\"bias\"]} | /inputs: | list of strings",
      "{\"type\": \"crf\", \"labels\": [\"a\", \"b\"], \"inputs\": [\"x\", \"x\"], \"features\": [\"bias\"]} | /inputs/1: | repeat",
      OK_HEAD + "\"features\": []} | /features: | at least one",
      OK_HEAD + "\"features\": [\"bias\", \"colour\"]} | /features/1: | unknown CRF feature",
      OK_HEAD + "\"features\": [\"bias\", \"state:z\"]} | /features/1: | input 'z'",
      OK_HEAD + "\"features\": [\"bias\", \"bias\"]} | /features/1: | repeat",
      OK_HEAD + "\"features\": [\"bias\"], \"tied\": \"yes\"} | /tied: | true or false",
      OK_HEAD + "\"features\": [\"bias\"], \"prior\": {\"laplace\": 1}} | /prior: | gaussian",
      OK_HEAD + "\"features\": [\"bias\"], \"prior\": {\"gaussian\": {\"sigma\": -1}}} | /prior/gaussian/sigma: | σ0",
      OK_HEAD + "\"features\": [\"bias\"], \"parameters\": [1]} | /parameters: | object of numbers",
      OK_HEAD + "\"features\": [\"bias\"], \"parameters\": {\"bias\": \"1\"}} | /parameters/bias: | finite number",
      OK_HEAD + "\"features\": [\"bias\"], \"parameters\": {\"bias\": 1, \"state:x\": 2}} | /parameters/state:x: | not of a feature",
      OK_HEAD + "\"features\": [\"bias\", \"state:x\"], \"parameters\": {\"bias\": 1}} | /parameters: | state:x",
      OK_HEAD + "\"features\": [\"bias\"], \"tied\": false, \"parameters\": {\"bias\": 1}} | /parameters/bias: | TEMPLATE@POSITION",
      OK_HEAD + "\"features\": [\"bias\"], \"fit\": 3} | /fit: | object",
      "{\"type\": \"crf\", | crf.json:1: | invalid JSON",
  })
  void malformedFilesAreOneLineErrorsNamingFileAndPath(String text, String place, String words) throws IOException {
    Path f = write(text);
    assertThatThrownBy(() -> CrfModelJson.read(f)).isInstanceOf(DataFormatException.class)
        .satisfies(e -> assertThat(e.getMessage()).startsWith(f.toString()).doesNotContain("\n").contains(place)
            .contains(words));
  }

  @Test
  void missingFile() {
    assertThatThrownBy(() -> CrfModelJson.read(dir.resolve("none.json"))).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("none.json: no such file");
  }
}
