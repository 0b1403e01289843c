package org.occam.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reading rules of issue 12: declared states are strict, missing cells are only the listed
 * markers, errors name the line of the cell at fault whatever blank lines, CRs, a BOM or quoted
 * newlines come before it, complete-case analysis counts what it drops, binary columns map the
 * same way whoever reads them, and the reader streams.
 */
class CsvStrictReadingTest {
  @TempDir Path dir;
  private int files;

  private Path write(String content) throws IOException {
    Path f = dir.resolve("d" + ++files + ".csv");
    Files.writeString(f, content, StandardCharsets.UTF_8);
    return f;
  }

  private static DataFormatException error(Path f, List<ColumnSpec> specs, String weight, ReadSettings settings) {
    DataFormatException e = catchThrowableOfType(DataFormatException.class,
        () -> CsvDatasetReader.read(f, specs, Set.of(), weight, settings));
    assertThat(e).as("expected a DataFormatException").isNotNull();
    assertThat(e.getMessage()).doesNotContain("\n");
    return e;
  }


  /** 60 rows of a 5-state column that uses only 0..3, with {@code bad} on line 9. */
  private static String fiveStatesUsingFour(String bad) {
    StringBuilder b = new StringBuilder("y,z\n");
    for (int i = 0; i < 60; i++) {
      b.append(i == 7 ? bad : Integer.toString(i % 4)).append(',').append(i % 2).append('\n');
    }
    return b.toString();
  }

  @ParameterizedTest
  @ValueSource(strings = {"2.5", "-1", "NaN", "?", "4.0", "+1", "01x", "five"})
  void aCellThatIsNoDeclaredStateIsAnErrorAtItsOwnCell(String bad) throws IOException {
    // Before: taken as a 5th state when the column had room (exit 0), or blamed on a later valid
    // cell on the wrong line when it had not.
    Path f = write(fiveStatesUsingFour(bad));
    DataFormatException e = error(f, List.of(ColumnSpec.count("y", 5), ColumnSpec.count("z", 2)), null,
        ReadSettings.defaults());
    assertThat(e.getMessage()).startsWith(f + ":9:1: ").contains("'" + bad + "'").contains(" y")
        .contains("0..4");
    Path full = write(fiveStatesUsingFour(bad).replace("\n3,", "\n4,"));
    DataFormatException noRoom = error(full, List.of(ColumnSpec.count("y", 5), ColumnSpec.count("z", 2)), null,
        ReadSettings.defaults());
    assertThat(noRoom.getMessage()).startsWith(full + ":9:1: ").contains("'" + bad + "'");
  }

  @Test
  void aLabelledColumnAcceptsOnlyItsLabels() throws IOException {
    Path f = write("sex\nm\nf\nM\nm\n");
    DataFormatException e = error(f, List.of(ColumnSpec.labels("sex", List.of("m", "f"))), null,
        ReadSettings.defaults());
    assertThat(e.getMessage()).startsWith(f + ":4:1: ").contains("'M'").contains("sex").contains("m, f");
  }

  @Test
  void onlyTheListedMarkersAreMissing() throws IOException {
    Path f = write("y,c\n1,a\n?,b\n,a\nNA,b\n");
    ReadSettings question = ReadSettings.defaults().withMissing(ReadSettings.parseMissing("?,NA,"));
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.count("y", 2), ColumnSpec.inferred("c")), Set.of(), null,
        question).data();
    int m = Dataset.MISSING;
    assertThat(CsvDatasetReaderTest.rows(d)).containsExactly(Map.entry(List.of(1, 0), 1.0), Map.entry(List.of(m, 1), 2.0),
        Map.entry(List.of(m, 0), 1.0));
    // By default '?' is no marker, so it is an error at its cell.
    assertThat(error(f, List.of(ColumnSpec.count("y", 2), ColumnSpec.inferred("c")), null, ReadSettings.defaults())
        .getMessage()).startsWith(f + ":3:1: ").contains("'?'").contains("missing (NA, empty)");
    // With only NA listed, the empty cell is no longer missing.
    ReadSettings naOnly = ReadSettings.defaults().withMissing(ReadSettings.parseMissing("NA"));
    assertThat(error(f, List.of(ColumnSpec.count("y", 2), ColumnSpec.inferred("c")), null, naOnly).getMessage())
        .startsWith(f + ":3:1: ");
    Path g = write("y,c\n1,a\n,b\n");
    assertThat(error(g, List.of(ColumnSpec.count("y", 2), ColumnSpec.inferred("c")), null, naOnly).getMessage())
        .startsWith(g + ":3:1: ").contains("''");
  }

  @Test
  void inAnInferredColumnAnUnlistedMarkerIsAState() throws IOException {
    Path f = write("c\na\nNaN\na\n");
    Dataset d = CsvDatasetReader.read(f, null, Set.of(), null, ReadSettings.defaults()).data();
    assertThat(d.variables().get(0).states()).containsExactly("a", "NaN");
  }

  @Test
  void aFileWhoseEveryCellIsMissingIsRefused() throws IOException {
    Path f = write("a,b\nNA,NA\n,\nNA,\n");
    assertThat(error(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 2)), null, ReadSettings.defaults())
        .getMessage()).contains("every cell is missing");
  }

  @Test
  void aDeclaredColumnWithOnlyMissingCellsIsReportedAndAnInferredOneRefused() throws IOException {
    Path f = write("a,b\n0,NA\n1,\n");
    var read = CsvDatasetReader.read(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 3)), Set.of(), null,
        ReadSettings.defaults());
    assertThat(read.warnings()).singleElement().asString().contains("column b has only missing cells");
    assertThat(read.data().size()).isEqualTo(2.0);
    assertThat(error(f, null, null, ReadSettings.defaults()).getMessage()).startsWith(f + ":1:2: ")
        .contains("only missing cells");
  }

  @ParameterizedTest
  @ValueSource(strings = {"\n", "   \n", "\t \n", "\r\n", " \r\n"})
  void blankAndWhitespaceOnlyLinesKeepTheLineNumbers(String blank) throws IOException {
    // Before: a whitespace-only line moved the error one line down.
    Path f = write("a,b\n0,1\n" + blank + blank + "1,7\n0,0\n");
    assertThat(error(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 3)), null, ReadSettings.defaults())
        .getMessage()).startsWith(f + ":5:2: ");
  }

  @Test
  void crlfBomQuotedNewlinesAndLoneCrKeepTheLineNumbers() throws IOException {
    String[] variants = {
      "\uFEFFc,a\r\n\"x\r\ny\",1\r\n \r\nz,7\r\n",
      "\uFEFFc,a\n\"x\ny\",1\n \nz,7\n",
      "c,a\r\"x\ry\",1\r \rz,7\r",
      "c,a\n\"x\n\ny\",1\nz,7\n"};
    long[] lines = {5, 5, 5, 5};
    for (int i = 0; i < variants.length; i++) {
      Path f = write(variants[i]);
      assertThat(error(f, List.of(ColumnSpec.inferred("c"), ColumnSpec.count("a", 2)), null, ReadSettings.defaults())
          .getMessage()).as(variants[i]).startsWith(f + ":" + lines[i] + ":2: ").contains("out of range");
    }
  }

  @Test
  void aQuotedCellMayHoldCommasQuotesAndNewlines() throws IOException {
    Path f = write("c,a\n\"x, \"\"y\"\"\nz\",1\n  \"w\"  ,0\n");
    Dataset d = CsvDatasetReader.read(f, null, Set.of(), null, ReadSettings.defaults()).data();
    assertThat(d.variables().get(0).states()).containsExactly("x, \"y\"\nz", "w");
  }

  @Test
  void completeCasesDropsAndCountsIncompleteRows() throws IOException {
    Path f = write("a,b,Freq\n0,1,2\nNA,1,5\n1,,1\n1,0,3\n,,0\n");
    ReadSettings drop = ReadSettings.defaults().withCompleteCases(true);
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 2)), Set.of(),
        "Freq", drop).data();
    assertThat(d.incompleteRowsDropped()).isEqualTo(3);
    assertThat(d.hasMissing()).isFalse();
    assertThat(d.size()).isEqualTo(5.0);
    Dataset kept = CsvDatasetReader.read(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 2)), Set.of(),
        "Freq", ReadSettings.defaults()).data();
    assertThat(kept.incompleteRowsDropped()).isZero();
    assertThat(kept.size()).isEqualTo(11.0);
    Path all = write("a,b\n0,\nNA,1\n");
    assertThat(error(all, null, null, drop).getMessage()).contains("every row has a missing cell");
  }

  @Test
  void binaryColumnsUseTheDefaultLabelsWhenTheyFitAndInferOtherwise() throws IOException {
    Path f = write("a,b,c,d\n0,2,-1,1\n0,1,1,1\n0,2,-1,1\n");
    List<String> zeroOne = List.of("0", "1");
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.binary("a", zeroOne), ColumnSpec.binary("b", zeroOne),
        ColumnSpec.binary("c", zeroOne), ColumnSpec.binary("d", List.of("-1", "1"))), Set.of(), null,
        ReadSettings.defaults()).data();
    assertThat(d.variables().get(0).states()).containsExactly("0", "1"); // a constant 0/1 column keeps both
    assertThat(d.variables().get(1).states()).containsExactly("1", "2"); // 1/2 coding, numeric order
    assertThat(d.variables().get(2).states()).containsExactly("-1", "1"); // numeric order, not first seen
    assertThat(d.variables().get(3).states()).containsExactly("-1", "1");
    assertThat(CsvDatasetReaderTest.rows(d)).containsExactly(Map.entry(List.of(0, 1, 0, 1), 2.0), Map.entry(List.of(0, 0, 1, 1), 1.0));
    Path three = write("a,b\n0,1\n1,2\n0,3\n1,1\n");
    assertThat(error(three, List.of(ColumnSpec.binary("a", zeroOne), ColumnSpec.binary("b", zeroOne)), null,
        ReadSettings.defaults()).getMessage()).startsWith(three + ":4:2: ").contains("third value '3'");
  }

  @Test
  void aColumnThatLooksLikeCountsGetsAHint() throws IOException {
    Path f = write("Hair,Sex,Freq\nBlack,Male,32\nBrown,Male,53\nBlack,Female,36\nBrown,Female,66\n");
    var read = CsvDatasetReader.read(f, null, Set.of(), null, ReadSettings.defaults());
    assertThat(read.warnings()).singleElement().asString().contains("--weight-column Freq");
    StringBuilder b = new StringBuilder("x,y,k\n");
    for (int i = 0; i < 40; i++) {
      b.append(i % 2).append(',').append(i % 3).append(',').append(i * 7).append('\n');
    }
    Path g = write(b.toString());
    assertThat(CsvDatasetReader.read(g, null, Set.of(), null, ReadSettings.defaults()).warnings()).singleElement()
        .asString().contains("--weight-column k");
    assertThat(CsvDatasetReader.read(f, null, Set.of(), "Freq", ReadSettings.defaults()).warnings()).isEmpty();
    Path model = write("a,Freq\n0,3\n1,4\n");
    assertThat(error(model, List.of(ColumnSpec.count("a", 2)), null, ReadSettings.defaults()).getMessage())
        .startsWith(model + ":1:2: ").contains("--weight-column Freq");
  }

  /** A million rows of 625 patterns, generated as they are read: nothing holds the text or the rows. */
  @Test
  void aMillionRowsStreamIntoTheirDistinctRows() throws IOException {
    int n = 1_000_000;
    Reader generated = new Reader() {
      private int row = -1;
      private String pending = "a,b,c,d\n";
      private int at;

      @Override
      public int read(char[] buf, int off, int len) {
        int written = 0;
        while (written < len) {
          if (at == pending.length()) {
            row++;
            if (row >= n) {
              return written == 0 ? -1 : written;
            }
            pending = (row % 5) + "," + (row / 5 % 5) + "," + (row / 25 % 5) + "," + (row / 125 % 5) + "\n";
            at = 0;
          }
          buf[off + written++] = pending.charAt(at++);
        }
        return written;
      }

      @Override
      public void close() {}
    };
    Dataset d = CsvDatasetReader.read(generated, Path.of("generated.csv"), null, Set.of(), null,
        ReadSettings.defaults()).data();
    assertThat(d.size()).isEqualTo(n);
    assertThat(d.distinctRows()).isEqualTo(625);
    for (int r = 0; r < d.distinctRows(); r++) {
      assertThat(d.count(r)).isEqualTo(n / 625.0);
    }
    assertThat(d.variables()).allSatisfy(v -> assertThat(v.states()).containsExactly("0", "1", "2", "3", "4"));
  }

  @Test
  void theRecordReaderGivesEachRecordsFirstLine() throws IOException {
    CsvRecordReader in = new CsvRecordReader(new StringReader("\uFEFFa,b\r\n\r\n\"1\n2\",3\n  \nx, \"y\" \n"), null);
    assertThat(in.next()).containsExactly("a", "b");
    assertThat(in.line()).isEqualTo(1);
    assertThat(in.next()).containsExactly("1\n2", "3");
    assertThat(in.line()).isEqualTo(3);
    assertThat(in.next()).containsExactly("x", "y");
    assertThat(in.line()).isEqualTo(6);
    assertThat(in.next()).isNull();
  }
}
