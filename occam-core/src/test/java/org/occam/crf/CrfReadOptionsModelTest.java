package org.occam.crf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.occam.data.InvalidInputException;
import org.junit.jupiter.api.Test;

/** Reading data for a model or like training data, and the model of a template list. */
class CrfReadOptionsModelTest {
  private final CrfModel model = new CrfModel(List.of("q", "a"), List.of("x", "y"), List.of("bias", "state:y"), true);

  @Test
  void forModelTakesItsLabelsAndInputsUnlessInputsAreGiven() {
    CrfReadOptions o = CrfReadOptions.defaults().withChunk(5).forModel(model);
    assertThat(o.keepLabels()).containsExactly("q", "a");
    assertThat(o.inputColumns()).containsExactly("x", "y");
    assertThat(o.chunk()).isEqualTo(5);
    assertThat(CrfReadOptions.defaults().withInputColumns(List.of("y")).forModel(model).inputColumns())
        .containsExactly("y");
    assertThat(CrfReadOptions.defaults().withKeepLabels(List.of("q", "a")).forModel(model).keepLabels())
        .containsExactly("q", "a");
  }

  @Test
  void forModelRefusesOtherLabels() {
    assertThatThrownBy(() -> CrfReadOptions.defaults().withKeepLabels(List.of("a", "q")).forModel(model))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("differs from the model's labels q,a");
  }

  @Test
  void likeTrainingDataOverridesLabelsAndInputs() {
    CrfData train = new CrfData(List.of("q", "a"), List.of("y"),
        List.of(new CrfData.Sequence("s", new int[] {0, 1}, new double[][] {{1}, {0}})));
    CrfReadOptions o = CrfReadOptions.defaults().withKeepLabels(List.of("u", "v")).withInputColumns(List.of("z"))
        .like(train);
    assertThat(o.keepLabels()).containsExactly("q", "a");
    assertThat(o.inputColumns()).containsExactly("y");
  }

  @Test
  void modelOfATemplateListOrTheFullModel() {
    CrfData data = new CrfData(List.of("q", "a"), List.of("x", "y"),
        List.of(new CrfData.Sequence("s", new int[] {0, 1}, new double[][] {{1, 0}, {0, 1}})));
    assertThat(CrfModel.of(" bias , state:x,", data).features()).containsExactly("bias", "state:x");
    assertThat(CrfModel.of(null, data).features()).containsExactly("bias", "transition", "state:x", "state:y",
        "transition:x", "transition:y");
    assertThatThrownBy(() -> CrfModel.of(" , ", data)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("empty");
  }
}
