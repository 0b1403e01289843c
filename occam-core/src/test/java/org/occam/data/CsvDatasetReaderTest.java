package org.occam.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link CsvDatasetReader}: state mapping, weights, missing cells, compression and error messages. */
class CsvDatasetReaderTest {
  @TempDir Path dir;

  private Path write(String name, String content) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, content, StandardCharsets.UTF_8);
    return f;
  }

  /** The distinct rows of a dataset with their weights, keyed by the row as a list. */
  static Map<List<Integer>, Double> rows(Dataset d) {
    Map<List<Integer>, Double> m = new LinkedHashMap<>();
    for (int r = 0; r < d.distinctRows(); r++) {
      m.put(Arrays.stream(d.row(r)).boxed().toList(), d.count(r));
    }
    return m;
  }

  // ---------------------------------------------------------------- states

  @Test
  void declaredLabelsAreMappedToTheirPositions() throws IOException {
    Path f = write("sex.csv", "sex\nf\nm\nf\n");
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.labels("sex", List.of("m", "f"))), Set.of(), null);
    assertThat(d.variables()).containsExactly(new Variable("sex", List.of("m", "f")));
    assertThat(rows(d)).containsExactly(Map.entry(List.of(1), 2.0), Map.entry(List.of(0), 1.0));
    assertThat(d.size()).isEqualTo(3.0);
    assertThat(d.hasMissing()).isFalse();
  }

  @Test
  void declaredLabelsKeepDeclaredOrderEvenWhenUnseen() throws IOException {
    Path f = write("c.csv", "c\nblue\nblue\n");
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.labels("c", List.of("red", "green", "blue"))),
        Set.of(), null);
    assertThat(d.variables().get(0).states()).containsExactly("red", "green", "blue");
    assertThat(rows(d)).containsExactly(Map.entry(List.of(2), 2.0));
  }

  @Test
  void integerCellsWithADeclaredCountAreZeroBasedStates() throws IOException {
    Path f = write("y.csv", "y\n4\n0\n2\n4\n");
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.count("y", 5)), Set.of(), null);
    Variable y = d.variables().get(0);
    assertThat(y.name()).isEqualTo("y");
    assertThat(y.cardinality()).isEqualTo(5);
    assertThat(y.states()).containsExactly("0", "1", "2", "3", "4");
    assertThat(rows(d)).containsExactly(Map.entry(List.of(4), 2.0), Map.entry(List.of(0), 1.0),
        Map.entry(List.of(2), 1.0));
  }

  @Test
  void labelsInACountedColumnAreRefusedAtTheirCell() throws IOException {
    // A count declares the states 0..k-1; words are not read as labels any more (issue 12).
    Path f = write("c.csv", "c\n2\nx\n0\n");
    assertError(f, List.of(ColumnSpec.count("c", 3)), Set.of(), null, "3:1", "'x' is not a state of c");
  }

  @Test
  void inferredIntegerStatesAreSortedNumerically() throws IOException {
    // Lexicographic order would be 1, 10, 2; first-appearance order would be 10, 2, 1.
    Path f = write("y.csv", "y\n10\n2\n1\n2\n");
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.inferred("y")), Set.of(), null);
    assertThat(d.variables().get(0).states()).containsExactly("1", "2", "10");
    assertThat(rows(d)).containsExactly(Map.entry(List.of(2), 1.0), Map.entry(List.of(1), 2.0),
        Map.entry(List.of(0), 1.0));
  }

  @Test
  void inferredLabelStatesAreInOrderOfFirstAppearance() throws IOException {
    Path f = write("c.csv", "c\nzebra\nant\nzebra\nmoth\n");
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.inferred("c")), Set.of(), null);
    assertThat(d.variables().get(0).states()).containsExactly("zebra", "ant", "moth");
    assertThat(rows(d)).containsExactly(Map.entry(List.of(0), 2.0), Map.entry(List.of(1), 1.0),
        Map.entry(List.of(2), 1.0));
  }

  @Test
  void nullColumnsTakesEveryColumnButTheWeightWithInferredStates() throws IOException {
    Path f = write("all.csv", "b,Freq,a\nx,2,3\ny,1,1\n");
    Dataset d = CsvDatasetReader.read(f, null, Set.of(), "Freq");
    assertThat(d.variables()).extracting(Variable::name).containsExactly("b", "a");
    assertThat(d.variables().get(0).states()).containsExactly("x", "y");
    assertThat(d.variables().get(1).states()).containsExactly("1", "3");
    assertThat(rows(d)).containsExactly(Map.entry(List.of(0, 1), 2.0), Map.entry(List.of(1, 0), 1.0));
    assertThat(d.size()).isEqualTo(3.0);
  }

  @Test
  void variablesFollowTheSpecOrderNotTheFileOrder() throws IOException {
    Path f = write("ba.csv", "b,a\n1,0\n2,1\n");
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 3)), Set.of(),
        null);
    assertThat(d.variables()).extracting(Variable::name).containsExactly("a", "b");
    assertThat(d.indexOf("a")).isEqualTo(0);
    assertThat(d.indexOf("b")).isEqualTo(1);
    assertThat(d.indexOf("c")).isEqualTo(-1);
    assertThat(rows(d)).containsExactly(Map.entry(List.of(0, 1), 1.0), Map.entry(List.of(1, 2), 1.0));
  }

  @Test
  void surroundingSpacesQuotesAndCrlfAreHandled() throws IOException {
    Path f = write("sp.csv", "a , b\r\n 1 ,\"m\"\r\n0,  f \r\n");
    Dataset d = CsvDatasetReader.read(f,
        List.of(ColumnSpec.count("a", 2), ColumnSpec.labels("b", List.of("m", "f"))), Set.of(), null);
    assertThat(rows(d)).containsExactly(Map.entry(List.of(1, 0), 1.0), Map.entry(List.of(0, 1), 1.0));
  }

  // ---------------------------------------------------------------- weights, missing, compression

  @Test
  void aWeightColumnSumsIntoTheSize() throws IOException {
    Path f = write("freq.csv", "y,Freq\n0,3\n1,2.5\n0,4\n2,0.25\n");
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.count("y", 3)), Set.of(), "Freq");
    assertThat(d.variables()).hasSize(1);
    assertThat(d.size()).isEqualTo(3 + 2.5 + 4 + 0.25);
    assertThat(d.distinctRows()).isEqualTo(3);
    assertThat(rows(d)).containsExactly(Map.entry(List.of(0), 7.0), Map.entry(List.of(1), 2.5),
        Map.entry(List.of(2), 0.25));
  }

  @Test
  void zeroWeightRowsAreDropped() throws IOException {
    Path f = write("z.csv", "y,Freq\n0,0\n1,2\n2,0.0\n1,1\n");
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.count("y", 3)), Set.of(), "Freq");
    assertThat(d.distinctRows()).isEqualTo(1);
    assertThat(rows(d)).containsExactly(Map.entry(List.of(1), 3.0));
    assertThat(d.size()).isEqualTo(3.0);
    // The declared cardinality survives even though states 0 and 2 carry no weight.
    assertThat(d.variables().get(0).cardinality()).isEqualTo(3);
  }

  @Test
  void allZeroWeightsAreAnErrorNamingTheFile() throws IOException {
    Path f = write("zeros.csv", "y,Freq\n0,0\n1,0\n");
    assertThatThrownBy(() -> CsvDatasetReader.read(f, List.of(ColumnSpec.count("y", 2)), Set.of(), "Freq"))
        .isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith(f.toString())
        .hasMessageContaining("weight 0");
  }

  @Test
  void emptyCellsAndNaAreMissing() throws IOException {
    Path f = write("na.csv", "a,b,c\n0,,x\nNA,1,\n1,1,y\n,NA,NA\n");
    Dataset d = CsvDatasetReader.read(f,
        List.of(ColumnSpec.count("a", 2), ColumnSpec.labels("b", List.of("0", "1")), ColumnSpec.inferred("c")),
        Set.of(), null);
    int m = Dataset.MISSING;
    assertThat(m).isEqualTo(-1);
    assertThat(rows(d).keySet()).containsExactly(List.of(0, m, 0), List.of(m, 1, m), List.of(1, 1, 1),
        List.of(m, m, m));
    assertThat(d.hasMissing()).isTrue();
    // Missing cells do not become states of an inferred column.
    assertThat(d.variables().get(2).states()).containsExactly("x", "y");
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42})
  void distinctRowsCompressRawRowsAndKeepAllWeight(long seed) throws IOException {
    Random rnd = new Random(seed);
    int n = 500 + rnd.nextInt(500);
    StringBuilder csv = new StringBuilder("u,v,w,Freq\n");
    Map<List<Integer>, Double> expected = new LinkedHashMap<>();
    double total = 0;
    for (int i = 0; i < n; i++) {
      int u = rnd.nextInt(2);
      int v = rnd.nextInt(3);
      int w = rnd.nextInt(4);
      int weight = rnd.nextInt(4); // some zero weights
      csv.append(u).append(',').append(v).append(',').append(w).append(',').append(weight).append('\n');
      if (weight > 0) {
        expected.merge(List.of(u, v, w), (double) weight, Double::sum);
        total += weight;
      }
    }
    Path f = write("many.csv", csv.toString());
    Dataset d = CsvDatasetReader.read(f,
        List.of(ColumnSpec.count("u", 2), ColumnSpec.count("v", 3), ColumnSpec.count("w", 4)), Set.of(), "Freq");
    assertThat(d.distinctRows()).isEqualTo(expected.size()).isLessThanOrEqualTo(2 * 3 * 4);
    assertThat(rows(d)).containsExactlyEntriesOf(expected); // same entries, same (first-appearance) order
    assertThat(d.size()).isEqualTo(total);
  }

  // ---------------------------------------------------------------- errors with a fixed position

  /** Asserts that reading throws a DataFormatException starting with {@code file:position: }. */
  private static void assertError(Path f, List<ColumnSpec> specs, Set<String> hidden, String weight,
      String position, String fragment) {
    DataFormatException e = catchThrowableOfType(DataFormatException.class,
        () -> CsvDatasetReader.read(f, specs, hidden, weight));
    assertThat(e).as("expected a DataFormatException").isNotNull();
    assertThat(e.getMessage()).startsWith(f + ":" + position + ": ").contains(fragment);
    assertThat(e.getMessage()).doesNotContain("\n");
  }

  @Test
  void missingColumnForAnObservedVariable() throws IOException {
    Path f = write("missingcol.csv", "a,b\n0,1\n");
    assertError(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 2), ColumnSpec.count("c", 2)),
        Set.of(), null, "1", "'c'");
  }

  @Test
  void unexpectedExtraColumn() throws IOException {
    Path f = write("extra.csv", "a,x,b\n0,1,1\n");
    assertError(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 2)), Set.of(), null, "1:2", "'x'");
  }

  @Test
  void aColumnNamedLikeAHiddenVariable() throws IOException {
    Path f = write("hiddencol.csv", "a,b,h1\n0,1,1\n");
    assertError(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 2)), Set.of("h1", "h2"), null, "1:3",
        "'h1'");
  }

  @Test
  void aHiddenColumnIsRejectedEvenWhenColumnsAreInferred() throws IOException {
    Path f = write("hiddencol2.csv", "h2,a\n0,1\n");
    assertError(f, null, Set.of("h2"), null, "1:1", "'h2'");
  }

  @Test
  void duplicateHeader() throws IOException {
    Path f = write("dup.csv", "a,b,a\n0,1,1\n");
    assertError(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 2)), Set.of(), null, "1:3", "'a'");
  }

  @Test
  void missingWeightColumn() throws IOException {
    Path f = write("noweight.csv", "a\n0\n");
    assertError(f, List.of(ColumnSpec.count("a", 2)), Set.of(), "Freq", "1", "'Freq'");
  }

  @Test
  void emptyFile() throws IOException {
    Path f = write("empty.csv", "");
    assertError(f, List.of(ColumnSpec.count("a", 2)), Set.of(), null, "1", "empty");
  }

  @Test
  void blankLinesOnlyIsAnEmptyFile() throws IOException {
    Path f = write("blank.csv", "\n\n");
    assertError(f, List.of(ColumnSpec.count("a", 2)), Set.of(), null, "1", "empty");
  }

  @ParameterizedTest
  @ValueSource(strings = {"a,b\n", "a,b"})
  void headerOnly(String content) throws IOException {
    Path f = write("headeronly.csv", content);
    assertError(f, List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 2)), Set.of(), null, "2", "no data rows");
  }

  @Test
  void nonexistentFile() {
    Path f = dir.resolve("does-not-exist.csv");
    assertThatThrownBy(() -> CsvDatasetReader.read(f, List.of(ColumnSpec.count("a", 2)), Set.of(), null))
        .isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith(f.toString())
        .hasMessageContaining("no such file");
  }

  // ---------------------------------------------------------------- errors in a data row

  /**
   * Row-level errors: file name, the offending row's 1-based line, the 1-based column (0 = none),
   * and a message fragment. The offending row is never the last, so that the line number of the
   * row cannot be confused with the line count of the file.
   */
  static Stream<Arguments> rowErrors() {
    List<ColumnSpec> ab = List.of(ColumnSpec.count("a", 2), ColumnSpec.count("b", 3));
    List<ColumnSpec> sex = List.of(ColumnSpec.count("y", 2), ColumnSpec.labels("sex", List.of("m", "f")));
    List<ColumnSpec> freq = List.of(ColumnSpec.count("a", 2));
    return Stream.of(
        Arguments.of("unknown label", "y,sex\n0,m\n1,x\n0,f\n", sex, null, 3, 2, "'x'"),
        Arguments.of("integer out of range", "a,b\n0,2\n1,3\n0,1\n", ab, null, 3, 2, "out of range"),
        Arguments.of("integer out of range, first column", "a,b\n0,2\n1,1\n0,0\n2,1\n1,1\n", ab, null, 5, 1,
            "out of range"),
        Arguments.of("more labels than declared", "c\nred\nblue\nred\ngreen\nblue\n",
            List.of(ColumnSpec.labels("c", List.of("red", "blue"))), null, 5, 1, "'green'"),
        Arguments.of("too few cells", "a,b\n0,1\n1\n0,0\n", ab, null, 3, 0, "found 1"),
        Arguments.of("too many cells", "a,b\n0,1\n1,1\n1,2,2\n0,0\n", ab, null, 4, 0, "found 3"),
        Arguments.of("non-numeric weight", "a,Freq\n0,1\n1,many\n0,2\n", freq, "Freq", 3, 2, "'many'"),
        Arguments.of("empty weight", "a,Freq\n0,1\n1,\n0,2\n", freq, "Freq", 3, 2, "not a number"),
        Arguments.of("negative weight", "Freq,a\n1,0\n2,1\n-2,1\n0.5,0\n", freq, "Freq", 4, 1, "-2"),
        Arguments.of("NaN weight", "a,Freq\n0,1\n1,NaN\n0,2\n", freq, "Freq", 3, 2, "NaN"),
        Arguments.of("infinite weight", "a,Freq\n0,1\n1,Infinity\n0,2\n", freq, "Freq", 3, 2, "Infinity"),
        Arguments.of("error after a blank line", "a,b\n0,1\n\n1,5\n0,0\n", ab, null, 4, 2, "out of range"),
        Arguments.of("error after a quoted multi-line cell", "c,a\n\"x\ny\",1\nz,7\nz,0\n",
            List.of(ColumnSpec.inferred("c"), ColumnSpec.count("a", 2)), null, 4, 2, "out of range"));
  }

  /** The file name, the column and the message are right (the line is checked separately below). */
  @ParameterizedTest(name = "{0}")
  @MethodSource("rowErrors")
  void rowErrorsNameTheFileColumnAndProblem(String what, String content, List<ColumnSpec> specs, String weight,
      int line, int col, String fragment) throws IOException {
    Path f = write("rows.csv", content);
    DataFormatException e = catchThrowableOfType(DataFormatException.class,
        () -> CsvDatasetReader.read(f, specs, Set.of(), weight));
    assertThat(e).as("expected a DataFormatException").isNotNull();
    String position = col > 0 ? ":[0-9]+:" + col + ": " : ":[0-9]+: ";
    assertThat(e.getMessage()).matches(Pattern.quote(f.toString()) + position + ".*").contains(fragment);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rowErrors")
  void rowErrorsNameTheLineOfTheOffendingRow(String what, String content, List<ColumnSpec> specs, String weight,
      int line, int col, String fragment) throws IOException {
    Path f = write("rows.csv", content);
    DataFormatException e = catchThrowableOfType(DataFormatException.class,
        () -> CsvDatasetReader.read(f, specs, Set.of(), weight));
    assertThat(e).as("expected a DataFormatException").isNotNull();
    String position = col > 0 ? line + ":" + col : Integer.toString(line);
    assertThat(e.getMessage()).startsWith(f + ":" + position + ": ").contains(fragment);
  }

  @ParameterizedTest
  @ValueSource(strings = {"y\n0\n\"1\n0\n", "y\n0\n\"1\"x\n0\n"})
  void malformedCsvNamesFileAndLine(String content) throws IOException {
    Path f = write("malformed.csv", content);
    DataFormatException e = catchThrowableOfType(DataFormatException.class,
        () -> CsvDatasetReader.read(f, List.of(ColumnSpec.count("y", 2)), Set.of(), null));
    assertThat(e).as("expected a DataFormatException").isNotNull();
    assertThat(e.getMessage()).startsWith(f + ":3").doesNotContain("\n");
  }

  @Test
  void malformedCsvIsADataFormatExceptionNamingTheFile() throws IOException {
    Path f = write("malformed.csv", "y\n0\n\"1\n0\n");
    assertThatThrownBy(() -> CsvDatasetReader.read(f, List.of(ColumnSpec.count("y", 2)), Set.of(), null))
        .isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith(f.toString());
  }

  @Test
  void utf8ByteOrderMarkIsIgnored() throws IOException {
    Path f = write("bom.csv", "\uFEFFy,z\n0,1\n1,1\n");
    Dataset d = CsvDatasetReader.read(f, List.of(ColumnSpec.count("y", 2), ColumnSpec.count("z", 2)), Set.of(),
        null);
    assertThat(d.variables()).extracting(Variable::name).containsExactly("y", "z");
  }

  @Test
  void rowErrorsDoNotDependOnHowManyRowsFollow() throws IOException {
    // The same bad row 3, once followed by more rows and once the last line of the file: the
    // reported position must be the same (it is the position of the row, not of the file's end).
    List<ColumnSpec> specs = List.of(ColumnSpec.count("a", 2));
    List<String> messages = new ArrayList<>();
    for (String content : List.of("a\n0\n5\n1\n1\n", "a\n0\n5\n", "a\n0\n5")) {
      Path f = write("r.csv", content);
      messages.add(catchThrowableOfType(DataFormatException.class,
          () -> CsvDatasetReader.read(f, specs, Set.of(), null)).getMessage());
    }
    assertThat(messages).containsOnly(messages.get(0));
  }
}
