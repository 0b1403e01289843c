package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.DataFormatException;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.search.OrderSelection;

class PreviousRunTest {
  @TempDir
  Path dir;

  @Test
  void numbersReadBackAsResultJsonWroteThem() throws IOException {
    JsonNode n = ResultJson.mapper().readTree(ResultJson.write(Map.of("a", 1.5, "b", Double.NEGATIVE_INFINITY,
        "c", Double.POSITIVE_INFINITY, "d", Double.NaN)));
    assertThat(PreviousRun.number(n.get("a"))).isEqualTo(1.5);
    assertThat(PreviousRun.number(n.get("b"))).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(PreviousRun.number(n.get("c"))).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(PreviousRun.number(n.get("d"))).isNaN();
    assertThat(PreviousRun.number(n.get("absent"))).isNaN();
  }

  @Test
  void aPreviousRunIsReadOnlyWhenItIsThatCommandsJson() throws IOException {
    Path good = write("good.json", Map.of("command", "dag select", "methods", List.of("vb", "bic"),
        "models", List.of(Map.of("states", 2))));
    JsonNode previous = PreviousRun.readPrevious(good, "dag select");
    assertThat(PreviousRun.methods(previous)).containsExactly("vb", "bic");
    assertThat(PreviousRun.methods(null)).isEmpty();
    assertThatThrownBy(() -> PreviousRun.readPrevious(good, "rbm select")).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("not the --json output of occam rbm select");
    Path text = dir.resolve("text.json");
    Files.writeString(text, "not json {");
    assertThatThrownBy(() -> PreviousRun.readPrevious(text, "dag select")).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("not JSON written by occam dag select --json");
    assertThatThrownBy(() -> PreviousRun.readPrevious(dir.resolve("missing.json"), "dag select"))
        .isInstanceOf(DataFormatException.class).hasMessageContaining("no such file");
  }

  @Test
  void aDifferentSettingIsNamedWithBothValues() throws IOException {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("restarts", 3);
    settings.put("prior", "dirichlet(1.0)");
    Path file = write("run.json", Map.of("command", "dag select", "settings", settings, "models", List.of(1)));
    JsonNode previous = PreviousRun.readPrevious(file, "dag select");
    PreviousRun.requireSame(file, previous, "settings", settings, "the settings");
    Map<String, Object> changed = new LinkedHashMap<>(settings);
    changed.put("restarts", 5);
    assertThatThrownBy(() -> PreviousRun.requireSame(file, previous, "settings", changed, "the settings"))
        .isInstanceOf(DataFormatException.class)
        .hasMessageContaining("the settings differ from this run's (restarts: 3 vs 5)");
  }

  @Test
  void theSameDataMayHaveMoved() throws IOException {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("file", "old/d.csv");
    data.put("rows", 10);
    data.put("fingerprint", "abc");
    Path file = write("run.json", Map.of("command", "dag select", "data", data, "models", List.of(1)));
    JsonNode previous = PreviousRun.readPrevious(file, "dag select");
    Map<String, Object> moved = new LinkedHashMap<>(data);
    moved.put("file", "new/d.csv");
    PreviousRun.requireSameData(file, previous, moved);
    moved.put("fingerprint", "abd");
    assertThatThrownBy(() -> PreviousRun.requireSameData(file, previous, moved))
        .isInstanceOf(DataFormatException.class).hasMessageContaining("fingerprint: \"abc\" vs \"abd\"");
  }

  @Test
  void rowsReadBackKeepTheirOrderAndScores() throws IOException {
    Map<String, Object> estimate = new LinkedHashMap<>();
    estimate.put("method", "vb");
    estimate.put("logEvidence", -12.5);
    estimate.put("stdError", null);
    estimate.put("diagnostics", Map.of("converged", false));
    Path file = write("run.json", Map.of("command", "dag select",
        "models", List.of(Map.of("states", 3, "results", List.of(estimate)))));
    List<OrderSelection.Scored<Row>> rows = PreviousRun.previousRows(PreviousRun.readPrevious(file, "dag select"),
        "states", PreviousRun::readRow);
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).order()).isEqualTo(3);
    assertThat(rows.get(0).scores().get(0).method()).isEqualTo("vb");
    assertThat(rows.get(0).scores().get(0).value()).isEqualTo(-12.5);
    assertThat(rows.get(0).scores().get(0).stdError()).isEmpty();
    assertThat(rows.get(0).result().converged()).containsExactly(false);
  }

  private Path write(String name, Object tree) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, ResultJson.write(tree));
    return p;
  }
}
