package org.occam.crf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link CrfCsvReader}: sequencing by column, by chunks or whole; label states; TSV and CSV; every error. */
class CrfCsvReaderTest {
  @TempDir Path dir;

  private Path write(String name, String content) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, content, StandardCharsets.UTF_8);
    return f;
  }

  private static final String CSV = """
      doc,label,a,b,text
      d1,q,1,0,first
      d1,a,0,1,"second, quoted"
      d1,a,0,0,third
      d2,q,1,1,fourth
      d2,a,0.5,0,fifth
      """;

  @Test
  void sequencesBySequenceColumnInFileOrder() throws IOException {
    CrfData d = CrfCsvReader.read(write("d.csv", CSV),
        CrfReadOptions.defaults().withSequenceColumn("doc").withIgnoreColumns(List.of("text")));
    assertThat(d.labelStates()).containsExactly("q", "a");
    assertThat(d.inputNames()).containsExactly("a", "b");
    assertThat(d.size()).isEqualTo(2);
    assertThat(d.sequences().get(0).id()).isEqualTo("d1");
    assertThat(d.sequences().get(0).labels()).containsExactly(0, 1, 1);
    assertThat(d.sequences().get(0).inputs()[1]).containsExactly(0.0, 1.0);
    assertThat(d.sequences().get(1).id()).isEqualTo("d2");
    assertThat(d.sequences().get(1).labels()).containsExactly(0, 1);
    assertThat(d.sequences().get(1).inputs()[1]).containsExactly(0.5, 0.0);
  }

  @Test
  void wholeFileIsOneSequenceWithoutSequenceColumnOrChunk() throws IOException {
    CrfData d = CrfCsvReader.read(write("d.csv", CSV),
        CrfReadOptions.defaults().withIgnoreColumns(List.of("text", "doc")));
    assertThat(d.size()).isEqualTo(1);
    assertThat(d.sequences().get(0).labels()).containsExactly(0, 1, 1, 0, 1);
    assertThat(d.sequences().get(0).id()).isEqualTo("d.csv");
  }

  @Test
  void chunksCutKeptRowsInOrderAndKeepAShorterLastChunk() throws IOException {
    CrfData d = CrfCsvReader.read(write("d.csv", CSV),
        CrfReadOptions.defaults().withIgnoreColumns(List.of("text", "doc")).withChunk(2));
    assertThat(d.size()).isEqualTo(3);
    assertThat(d.sequences()).extracting(CrfData.Sequence::id).containsExactly("1", "2", "3");
    assertThat(d.sequences()).extracting(CrfData.Sequence::length).containsExactly(2, 2, 1);
    assertThat(d.sequences().get(2).inputs()[0]).containsExactly(0.5, 0.0);
  }

  @Test
  void keepLabelsDropsRowsBeforeChunkingAndFixesTheStateOrder() throws IOException {
    Path f = write("h.csv", "label,x\nhead,1\nq,1\nhead,0\na,0\na,1\nhead,1\nq,0\n");
    CrfData d = CrfCsvReader.read(f, CrfReadOptions.defaults().withKeepLabels(List.of("a", "q")).withChunk(2));
    assertThat(d.labelStates()).containsExactly("a", "q");
    assertThat(d.sequences()).extracting(CrfData.Sequence::length).containsExactly(2, 2);
    assertThat(d.sequences().get(0).labels()).containsExactly(1, 0);
    assertThat(d.sequences().get(0).inputs()[0]).containsExactly(1.0);
    assertThat(d.sequences().get(0).inputs()[1]).containsExactly(0.0);
    assertThat(d.sequences().get(1).labels()).containsExactly(0, 1);
  }

  @Test
  void emptyLabelIsUnknownAndKeptByKeepLabels() throws IOException {
    Path f = write("t.csv", "label,x\n,1\nq,0\nhead,1\n,0\n");
    CrfData d = CrfCsvReader.read(f, CrfReadOptions.defaults().withKeepLabels(List.of("q", "a")));
    assertThat(d.sequences().get(0).labels()).containsExactly(CrfData.UNKNOWN, 0, CrfData.UNKNOWN);
    assertThat(d.labelStates()).containsExactly("q", "a");
  }

  @Test
  void tsvIsTabSeparatedWithQuotesAsOrdinaryCharacters() throws IOException {
    Path f = write("d.tsv", "label\tx\ttext\nq\t1\t   \"sed\" is, a \"stream\" editor\na\t0\t\n");
    CrfData d = CrfCsvReader.read(f, CrfReadOptions.defaults().withIgnoreColumns(List.of("text")));
    assertThat(d.inputNames()).containsExactly("x");
    assertThat(d.sequences().get(0).labels()).containsExactly(0, 1);
  }

  @Test
  void inputColumnsChooseAndOrderTheInputs() throws IOException {
    CrfData d = CrfCsvReader.read(write("d.csv", CSV),
        CrfReadOptions.defaults().withSequenceColumn("doc").withInputColumns(List.of("b", "a")));
    assertThat(d.inputNames()).containsExactly("b", "a");
    assertThat(d.sequences().get(1).inputs()[1]).containsExactly(0.0, 0.5);
  }

  @Test
  void theRealFaqFilesAsThePapersUseThem() {
    CrfReadOptions o = CrfReadOptions.defaults().withKeepLabels(List.of("question", "answer"))
        .withIgnoreColumns(List.of("text")).withChunk(100);
    CrfData sed = CrfCsvReader.read(Path.of("..", "data", "faq_sed_lines.tsv"), o);
    CrfData lsof = CrfCsvReader.read(Path.of("..", "data", "faq_lsof_lines.tsv"), o);
    assertThat(sed.inputNames()).hasSize(24).startsWith("begins-with-number").endsWith("shorter-than-30");
    assertThat(sed.positions()).isEqualTo(126 + 3666);
    assertThat(count(sed, 0)).isEqualTo(126);
    assertThat(sed.size()).isEqualTo(38);
    assertThat(sed.sequences().get(37).length()).isEqualTo(3792 - 3700);
    assertThat(lsof.positions()).isEqualTo(397 + 7117);
    assertThat(count(lsof, 0)).isEqualTo(397);
    assertThat(lsof.size()).isEqualTo(76);
    assertThat(lsof.sequences().get(75).length()).isEqualTo(7514 - 7500);
    assertThat(lsof.maxLength()).isEqualTo(100);
  }

  private static int count(CrfData d, int label) {
    int n = 0;
    for (CrfData.Sequence s : d.sequences()) {
      for (int l : s.labels()) {
        n += l == label ? 1 : 0;
      }
    }
    return n;
  }

  // ---------------------------------------------------------------- errors, each naming file:line:column

  private void fails(String name, String content, CrfReadOptions o, String... parts) throws IOException {
    Path f = write(name, content);
    assertThatThrownBy(() -> CrfCsvReader.read(f, o)).isInstanceOf(DataFormatException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").startsWith(f.toString()).contains(parts));
  }

  @Test
  void nonNumberInputNamesLineAndColumnAndSuggestsZeroOne() throws IOException {
    fails("d.csv", "label,x,y\nq,1,0\na,0,yes\n", CrfReadOptions.defaults(), ":3:3:", "'yes'", "'y'", "0/1");
    fails("d.csv", "label,x,y\nq,1,\n", CrfReadOptions.defaults(), ":2:3:", "empty cell");
    fails("d.csv", "label,x\nq,NaN\n", CrfReadOptions.defaults(), ":2:2:", "not a finite number");
    fails("d.csv", "label,x\nq,Infinity\n", CrfReadOptions.defaults(), ":2:2:");
  }

  @Test
  void sequenceRowsMustBeContiguous() throws IOException {
    fails("d.csv", "s,label,x\nA,q,1\nB,a,0\nA,a,1\n", CrfReadOptions.defaults().withSequenceColumn("s"),
        ":4:", "'A'", "line 2", "contiguous");
  }

  @Test
  void emptySequenceId() throws IOException {
    fails("d.csv", "s,label,x\nA,q,1\n,a,0\n", CrfReadOptions.defaults().withSequenceColumn("s"), ":3:1:",
        "sequence column 's'");
  }

  @Test
  void labelStatesMustBeTwo() throws IOException {
    fails("d.csv", "label,x\nhead,1\nq,1\na,0\n", CrfReadOptions.defaults(), "3: head,q,a", "keep-labels");
    fails("d.csv", "label,x\nq,1\nq,0\n", CrfReadOptions.defaults(), "has 1: q");
    fails("d.csv", "label,x\nhead,1\n", CrfReadOptions.defaults().withKeepLabels(List.of("q", "a")), "no rows left");
  }

  @Test
  void missingColumnsAreNamedWithTheHeader() throws IOException {
    fails("d.csv", "lab,x\nq,1\n", CrfReadOptions.defaults(), ":1:", "no label column 'label'", "columns: lab,x");
    fails("d.csv", "label,x\nq,1\n", CrfReadOptions.defaults().withSequenceColumn("doc"), ":1:",
        "no sequence column 'doc'");
    fails("d.csv", "label,x\nq,1\n", CrfReadOptions.defaults().withIgnoreColumns(List.of("text")), ":1:",
        "no ignored column 'text'");
    fails("d.csv", "label,x\nq,1\n", CrfReadOptions.defaults().withInputColumns(List.of("z")), ":1:",
        "no input column 'z'");
    fails("d.csv", "label,x\nq,1\n", CrfReadOptions.defaults().withIgnoreColumns(List.of("x")), ":1:",
        "no input columns");
  }

  @Test
  void malformedFiles() throws IOException {
    fails("d.csv", "", CrfReadOptions.defaults(), ":1:", "empty file");
    fails("d.csv", "label,x\n", CrfReadOptions.defaults(), ":2:", "no data rows");
    fails("d.csv", "label,x\nq,1,2\n", CrfReadOptions.defaults(), ":2:", "expected 2 cells", "found 3");
    fails("d.csv", "label,x,x\nq,1,2\n", CrfReadOptions.defaults(), ":1:3:", "duplicate column 'x'");
    fails("d.csv", "label,,x\nq,1,2\n", CrfReadOptions.defaults(), ":1:2:", "empty column name");
    fails("d.csv", "label,x\nq,\"1\n", CrfReadOptions.defaults(), ":2:2:", "never closed");
    assertThatThrownBy(() -> CrfCsvReader.read(dir.resolve("none.csv"), CrfReadOptions.defaults()))
        .isInstanceOf(DataFormatException.class).hasMessageContaining("none.csv: no such file");
  }

  @Test
  void badOptionsAreOneLineErrors() {
    assertThatThrownBy(() -> CrfReadOptions.defaults().withSequenceColumn("s").withChunk(100))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("not both");
    assertThatThrownBy(() -> CrfReadOptions.defaults().withKeepLabels(List.of("a", "b", "c")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("exactly 2");
    assertThatThrownBy(() -> CrfReadOptions.defaults().withKeepLabels(List.of("a", "a")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("twice");
    assertThatThrownBy(() -> CrfReadOptions.defaults().withChunk(-1)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> CrfReadOptions.defaults().withInputColumns(List.of("label")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("'label'");
  }
}
