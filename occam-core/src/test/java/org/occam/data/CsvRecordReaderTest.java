package org.occam.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link CsvRecordReader}'s tab-separated mode and its choice of mode by file name. */
class CsvRecordReaderTest {
  private static List<List<String>> records(CsvRecordReader in) throws IOException {
    List<List<String>> out = new ArrayList<>();
    for (String[] r = in.next(); r != null; r = in.next()) {
      out.add(List.of(r));
    }
    return out;
  }

  @Test
  void tabSeparatedCellsEndAtTabsAndQuotesAreOrdinary() throws IOException {
    String text = "a\tb\tc\r\n1\t\t  \"x\" y, z \n\n \t2\t\"q\n";
    List<List<String>> r = records(CsvRecordReader.tabSeparated(new StringReader(text), null));
    assertThat(r).containsExactly(List.of("a", "b", "c"), List.of("1", "", "\"x\" y, z"), List.of("", "2", "\"q"));
  }

  @Test
  void tabSeparatedLinesAreCounted() throws IOException {
    CsvRecordReader in = CsvRecordReader.tabSeparated(new StringReader("a\tb\n\n1\t2\n"), null);
    in.next();
    in.next();
    assertThat(in.line()).isEqualTo(3);
  }

  @Test
  void commaSeparatedStillQuotesAndSplitsOnCommasOnly() throws IOException {
    List<List<String>> r = records(new CsvRecordReader(new StringReader("a,b\n\"1,5\",x\ty\n"), null));
    assertThat(r).containsExactly(List.of("a", "b"), List.of("1,5", "x\ty"));
  }

  @Test
  void forFileChoosesTabsForTsvNames() throws IOException {
    assertThat(records(CsvRecordReader.forFile(new StringReader("a\tb,c\n"), Path.of("d/x.TSV"))))
        .containsExactly(List.of("a", "b,c"));
    assertThat(records(CsvRecordReader.forFile(new StringReader("a\tb,c\n"), Path.of("x.csv"))))
        .containsExactly(List.of("a\tb", "c"));
    assertThatThrownBy(() -> records(CsvRecordReader.forFile(new StringReader("\"a\n"), Path.of("x.csv"))))
        .isInstanceOf(DataFormatException.class).hasMessage("x.csv:1:1: malformed CSV: a quoted cell opened here is never closed");
  }
}
