package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.DataFormatException;

/** {@link RbmCsvReader}: what it reads, and one test per kind of bad input with its file:line:column. */
class RbmCsvReaderTest {
  private static final Path SOTU = Path.of("..", "data", "sotu_chunks100_w100.csv");

  @TempDir Path dir;

  private Path write(String content) throws IOException {
    Path f = dir.resolve("d.csv");
    Files.writeString(f, content, StandardCharsets.UTF_8);
    return f;
  }

  private void assertError(String content, RbmCsvReader.Selection selection, String countColumn, String expected)
      throws IOException {
    Path f = write(content);
    assertThatThrownBy(() -> RbmCsvReader.read(f, selection, countColumn))
        .isInstanceOf(DataFormatException.class)
        .hasMessage(f + expected);
  }

  private void assertError(String content, String expected) throws IOException {
    assertError(content, RbmCsvReader.Selection.all(), null, expected);
  }

  @Test
  void readsZeroOneColumnsAndMergesRepeatedRows() throws IOException {
    RbmData d = RbmCsvReader.read(write("a,b,c\n1,0,1\n0,0,0\n1,0,1\n"));
    assertThat(d.columnNames()).containsExactly("a", "b", "c");
    assertThat(d.size()).isEqualTo(3);
    assertThat(d.rows()).isDeepEqualTo(new int[][] {{1, 0, 1}, {0, 0, 0}});
    assertThat(d.counts()).containsExactly(2, 1);
  }

  @Test
  void toleratesQuotesSpacesCrlfBlankLinesAndAByteOrderMark() throws IOException {
    RbmData d = RbmCsvReader.read(write("\uFEFF\"a\", \"b,c\"\r\n\r\n 1 ,\"0\"\r\n0,1\r\n\r\n"));
    assertThat(d.columnNames()).containsExactly("a", "b,c");
    assertThat(d.rows()).isDeepEqualTo(new int[][] {{1, 0}, {0, 1}});
  }

  @Test
  void aCountColumnWeighsRowsAndIsNotAVariable() throws IOException {
    RbmData d = RbmCsvReader.read(write("a,Freq,b\n1,3,0\n0,0,1\n1,2,0\n"), RbmCsvReader.Selection.all(), "Freq");
    assertThat(d.columnNames()).containsExactly("a", "b");
    assertThat(d.size()).isEqualTo(5);
    assertThat(d.rows()).isDeepEqualTo(new int[][] {{1, 0}});
  }

  @Test
  void selectsNamedColumnsInTheOrderAskedAndIgnoresTheOthers() throws IOException {
    RbmData d = RbmCsvReader.read(write("id,a,b\nx17,1,0\nx18,0,1\n"),
        RbmCsvReader.Selection.named(List.of("b", "a")), null);
    assertThat(d.columnNames()).containsExactly("b", "a");
    assertThat(d.rows()).isDeepEqualTo(new int[][] {{0, 1}, {1, 0}});
  }

  @Test
  void selectsTheMostFrequentColumnsInFileOrder() throws IOException {
    RbmData d = RbmCsvReader.read(write("a,b,c,d\n0,1,0,1\n0,1,1,1\n1,0,0,1\n"),
        RbmCsvReader.Selection.mostFrequent(2), null);
    assertThat(d.columnNames()).containsExactly("b", "d");
  }

  @Test
  void readsTheStateOfTheUnionWordsAndTheirFiveMostFrequent() {
    RbmData all = RbmCsvReader.read(SOTU);
    assertThat(all.visibleCount()).isEqualTo(100);
    assertThat(all.size()).isEqualTo(17835);
    RbmData five = RbmCsvReader.read(SOTU, RbmCsvReader.Selection.mostFrequent(5), null);
    assertThat(five.columnNames()).containsExactly("government", "states", "congress", "united", "people");
    assertThat(five.columnOnes()).containsExactly(5282, 4867, 4104, 3815, 3334);
    assertThat(five.size()).isEqualTo(17835);
    assertThat(five.distinctRowCount()).isLessThanOrEqualTo(32);
  }

  @Test
  void aValueOtherThanZeroOrOneIsReportedAtItsLineAndColumn() throws IOException {
    assertError("a,b\n0,1\n1,2\n", ":3:2: expected 0 or 1 in column 'b', found '2'");
    assertError("a,b\n0,1\n1.0,1\n", ":3:1: expected 0 or 1 in column 'a', found '1.0'");
    assertError("a,b\n0,?\n", ":2:2: expected 0 or 1 in column 'b', found '?'");
    assertError("a,b\n0,\n", ":2:2: a missing cell (an empty cell) in column 'b': an RBM needs complete rows; use"
        + " --complete-cases to drop the rows with a missing cell");
    assertError("a,b\n0,NA\n", ":2:2: a missing cell ('NA') in column 'b': an RBM needs complete rows; use"
        + " --complete-cases to drop the rows with a missing cell");
  }

  @Test
  void aRowWithTheWrongNumberOfCellsIsReported() throws IOException {
    assertError("a,b,c\n0,1,0\n\n1,0\n", ":4:3: expected 3 cells as in the header, found 2");
    assertError("a,b\n0,1,1\n", ":2:3: expected 2 cells as in the header, found 3");
  }

  @Test
  void anEmptyFileOrAHeaderWithoutRowsIsReported() throws IOException {
    assertError("", ":1: empty file: expected a header row naming the 0/1 columns");
    assertError("\n  \n", ":1: empty file: expected a header row naming the 0/1 columns");
    assertError("a,b\n", ":2: no data rows after the header");
  }

  @Test
  void anUnknownColumnIsReportedWithTheHeader() throws IOException {
    assertError("a,b\n0,1\n", RbmCsvReader.Selection.named(List.of("a", "zz")), null,
        ":1: no column 'zz' in the header; the columns are a, b");
    assertError("a,b\n0,1\n", RbmCsvReader.Selection.all(), "Freq",
        ":1: no count column 'Freq' in the header; the columns are a, b");
    assertError("a,b\n0,1\n", RbmCsvReader.Selection.mostFrequent(3), null,
        ":1: asked for the 3 most frequent columns, but there are only 2");
  }

  @Test
  void aBadHeaderIsReportedAtItsColumn() throws IOException {
    assertError("a,b,a\n0,1,0\n", ":1:3: duplicate column 'a'");
    assertError("a,,b\n0,1,0\n", ":1:2: empty column name in the header");
    assertError("a,\"b\n0,1\n", ":1:2: malformed CSV: a quoted cell opened here is never closed");
    assertError("a,\"b\"c\n0,1\n", ":1:2: malformed CSV: text after the closing quote of a quoted cell");
  }

  @Test
  void aBadCountIsReported() throws IOException {
    assertError("a,n\n1,1.5\n", RbmCsvReader.Selection.all(), "n",
        ":2:2: expected a whole count >= 0 in column 'n', found '1.5'");
    assertError("a,n\n1,-1\n", RbmCsvReader.Selection.all(), "n",
        ":2:2: expected a whole count >= 0 in column 'n', found '-1'");
    assertError("a,n\n1,0\n0,0\n", RbmCsvReader.Selection.all(), "n", ":2:2: every row has count 0 in column 'n': no data (2 data line(s) from here)");
  }

  @Test
  void completeCasesDropsRowsWithAMissingCellInAKeptColumnOnly() throws IOException {
    Path f = write("id,a,b\nx,1,0\n,NA,1\ny,0,1\nz,1,\nNA,1,0\n");
    var read = RbmCsvReader.read(f, RbmCsvReader.Selection.named(List.of("a", "b")), null,
        org.occam.data.ReadSettings.defaults().withCompleteCases(true));
    assertThat(read.incompleteRowsDropped()).isEqualTo(2);
    assertThat(read.data().size()).isEqualTo(3);
    assertThat(read.data().rows()).isDeepEqualTo(new int[][] {{1, 0}, {0, 1}});
    assertThat(read.data().counts()).containsExactly(2, 1);
    Path all = write("a,b\n1,\nNA,0\n");
    assertThatThrownBy(() -> RbmCsvReader.read(all, RbmCsvReader.Selection.all(), null,
        org.occam.data.ReadSettings.defaults().withCompleteCases(true))).isInstanceOf(DataFormatException.class)
        .hasMessageContaining("every row has a missing cell");
  }

  @Test
  void aCountLikeColumnReadAsZeroOneGetsAHint() throws IOException {
    assertError("a,Freq\n1,3\n", ":2:2: expected 0 or 1 in column 'Freq', found '3'; if it holds row counts, use"
        + " --weight-column Freq");
  }

  @Test
  void manyRowsKeepTheirOrderAsRunsOfDistinctRows() throws IOException {
    StringBuilder b = new StringBuilder("a,b,c\n");
    for (int i = 0; i < 200_000; i++) {
      b.append(i % 2).append(',').append(i / 2 % 2).append(',').append(i / 7 % 2).append('\n');
    }
    RbmData d = RbmCsvReader.read(write(b.toString()));
    assertThat(d.size()).isEqualTo(200_000);
    assertThat(d.distinctRowCount()).isEqualTo(8);
    RbmData head = d.head(3);
    assertThat(head.rows()).isDeepEqualTo(new int[][] {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  }

  @Test
  void aMissingOrNonUtf8FileIsReportedInOneLine() throws IOException {
    Path missing = dir.resolve("nope.csv");
    assertThatThrownBy(() -> RbmCsvReader.read(missing)).isInstanceOf(DataFormatException.class)
        .hasMessage(missing + ": no such file");
    Path latin = dir.resolve("latin.csv");
    Files.write(latin, new byte[] {'a', (byte) 0xe9, '\n', '1', '\n'});
    assertThatThrownBy(() -> RbmCsvReader.read(latin)).isInstanceOf(DataFormatException.class)
        .hasMessage(latin + ": is not UTF-8 text");
  }
}
