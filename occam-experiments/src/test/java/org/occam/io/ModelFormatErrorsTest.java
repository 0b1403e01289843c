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
import org.occam.data.InvalidInputException;

/** Malformed UAI, BIF, XMLBIF and markov JSON files: one line naming the file, line and column, and what was expected. */
class ModelFormatErrorsTest {
  @TempDir
  Path dir;

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private void fails(Path f, String where, String what) {
    assertThatThrownBy(() -> ModelFormats.read(f, false)).isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith(f + ":" + where + (where.endsWith(":") ? "" : ": ")).hasMessageContaining(what)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void uaiProblemsArePlaced() throws IOException {
    fails(write("t.uai", "MARKOV\n2\n2 2\n1\n2 0 1\n4\n 1 2\n"), "8:1", "expected entry 3 of factor 0's table");
    fails(write("l.uai", "MARKOV\n2\n2 2\n1\n2 0 1\n3\n 1 2 3\n"), "6:1", "needs 4 entries, got 3");
    fails(write("s.uai", "BAYES\n1\n2\n1\n1 0\n2\n 0.5 0.6\n"), "7:2", "row 1 of the CPT of x0 (factor 0) sums to 1.1");
    fails(write("i.uai", "MARKOV\n2\n2 2\n1\n2 0 2\n"), "5:5", "a variable index of factor 0 must be between 0 and 1");
    fails(write("n.uai", "MARKOV\n1\n2\n1\n1 0\n2\n 1 -2\n"), "7:4", "must be a finite number >= 0, got -2");
    fails(write("x.uai", "MARKOV\n1\n2\n1\n1 0\n2\n 1 2 3\n"), "7:6", "expected the end of the file");
    fails(write("c.uai", "BAYES\n2\n2 2\n2\n2 1 0\n2 0 1\n4\n 1 0 0 1\n4\n 1 0 0 1\n"), "1:1", "cycle");
    fails(write("d.uai", "BAYES\n2\n2 2\n2\n1 0\n1 0\n2\n 1 0\n2\n 1 0\n"), "4:1", "both end with x0");
    fails(write("e.uai", ""), "1:1", "starts with MARKOV or BAYES");
    fails(write("f.uai", "BAYES\n2\n2 2\n1\n1 0\n"), "4:1", "expected 2 factors, got 1");
    fails(write("k.uai", "MARKOV\n9\n" + "1048576 ".repeat(9) + "\n0\n"), "3:33", "more than 4194304 states in all");
  }

  @Test
  void aZeroPotentialIsMinusInfinityAndRoundedRowsRenormalise() throws IOException {
    Path f = write("z.uai", "MARKOV\n1\n3\n1\n1 0\n3\n 0 1 2.5\n");
    double[] t = ((UaiFile.Markov) UaiFile.read(f, false)).model().factors().get(0).logTable();
    assertThat(t).containsExactly(Double.NEGATIVE_INFINITY, 0, Math.log(2.5));
    Path r = write("r.uai", "BAYES\n1\n2\n1\n1 0\n2\n 0.33 0.66\n");
    DagModel m = ((UaiFile.Bayes) UaiFile.read(r, true)).model();
    assertThat(m.parameters().orElseThrow()[0]).isCloseTo(1.0 / 3, within(1e-15));
  }

  @Test
  void bifProblemsArePlaced() throws IOException {
    String decl = "variable a {\n  type discrete [ 2 ] { no, yes };\n}\n";
    fails(write("p.bif", decl + "probability ( a | ghost ) {\n  table 0.5, 0.5;\n}\n"), "4:19", "unknown parent 'ghost'");
    fails(write("s.bif", decl + "probability ( a ) {\n  table 0.5, 0.4;\n}\n"), "5:3", "sums to 0.9");
    fails(write("k.bif", "variable a {\n  type discrete [ 3 ] { no, yes };\n}\n"), "2:19", "declares 3 states but lists 2");
    fails(write("m.bif", decl), "1:10", "has no probability block");
    fails(write("l.bif", decl + "probability ( a ) {\n  table 0.5, 0.5, 0;\n}\n"), "5:3", "needs 2 probabilities");
    fails(write("u.bif", decl + "probability ( a ) {\n  table 0.5 0.5\n}\n"), "6:1", "expected a probability of a");
    fails(write("c.bif", decl + "/* open"), "4:1", "not closed");
    fails(write("w.bif", "varible a {\n}\n"), "1:1", "expected 'network', 'variable' or 'probability'");
  }

  @Test
  void bifRowsAndTablesAndDefaultsAgree() throws IOException {
    String decl = "variable a {\n  type discrete [ 2 ] { no, yes };\n}\nvariable b {\n  type discrete [ 3 ] { l, m, h };\n}\n"
        + "probability ( a ) { table 0.25 0.75; }\n";
    DagModel rows = ModelFormats.readDag(write("r.bif", decl + "probability ( b | a ) {\n  (no) 0.1, 0.2, 0.7;\n"
        + "  default 0.3, 0.3, 0.4;\n}\n"), false).model();
    DagModel table = ModelFormats.readDag(write("t.bif", decl + "probability ( b | a ) {\n  table 0.1 0.3 0.2 0.3 0.7 0.4;\n}\n"),
        false).model();
    assertThat(table.parameters().orElseThrow()).containsExactly(rows.parameters().orElseThrow());
    assertThat(rows.parameters().orElseThrow()).containsExactly(0.25, 0.75, 0.1, 0.2, 0.7, 0.3, 0.3, 0.4);
  }

  @Test
  void xmlbifProblemsArePlaced() throws IOException {
    String head = "<?xml version=\"1.0\"?>\n<BIF VERSION=\"0.3\">\n<NETWORK>\n"
        + "<VARIABLE TYPE=\"nature\"><NAME>a</NAME><OUTCOME>no</OUTCOME><OUTCOME>yes</OUTCOME></VARIABLE>\n";
    fails(write("m.xml", head + "<DEFINITION><FOR>a</FOR>\n"), "6:1", "malformed XML");
    fails(write("g.xml", head + "<DEFINITION><FOR>a</FOR><GIVEN>ghost</GIVEN>\n<TABLE>0.5 0.5</TABLE></DEFINITION>\n"
        + "</NETWORK></BIF>\n"), "5:32", "unknown parent 'ghost' of a");
    fails(write("s.xml", head + "<DEFINITION><FOR>a</FOR>\n<TABLE>0.5 0.6</TABLE></DEFINITION>\n</NETWORK></BIF>\n"),
        "6:8", "sums to 1.1");
    fails(write("t.xml", head + "<DEFINITION><FOR>a</FOR>\n<TABLE>0.5 x</TABLE></DEFINITION>\n</NETWORK></BIF>\n"),
        "6:8", "entry 2 of the <TABLE> of a is 'x'");
    fails(write("n.xml", head + "</NETWORK></BIF>\n"), "4:25", "a has no <DEFINITION>");
    fails(write("r.xml", "<NET/>\n"), "1:7", "root element is <BIF>");
  }

  @Test
  void markovJsonProblemsArePlaced() throws IOException {
    fails(write("s.json", "{\"type\": \"markov\", \"variables\": [{\"name\": \"A\", \"states\": 2}],\n"
        + " \"factors\": [{\"scope\": [\"A\", \"Z\"], \"logPotentials\": [0, 1]}]}"), "2:30", "unknown variable \"Z\"");
    fails(write("l.json", "{\"type\": \"markov\", \"variables\": [{\"name\": \"A\", \"states\": 2}],\n"
        + " \"factors\": [{\"scope\": [\"A\"],\n \"logPotentials\": [0, 1, 2]}]}"), "3:", "needs \"logPotentials\": 2");
    fails(write("r.json", "{\"type\": \"rbm\"}"), "1:", "has no other format");
  }

  @Test
  void unknownExtensionsAndMarkovBifsAreRefusedInOneLine() throws IOException {
    Path txt = write("m.txt", "{}");
    assertThatThrownBy(() -> ModelFormats.read(txt, false)).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith(txt + ": unknown model format");
    Path mk = write("m.uai", "MARKOV\n1\n2\n1\n1 0\n2\n 1 2\n");
    assertThatThrownBy(() -> ModelFormats.convert(mk, dir.resolve("m.xml"), false))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("a Markov network is not a DAG");
    assertThat(dir.resolve("m.xml")).doesNotExist();
    Path bare = write("bare.json", "{\"type\": \"dag\", \"prior\": {\"dirichlet\": 1.0}, \"variables\": [{\"name\": \"a\","
        + " \"states\": 2}]}");
    assertThat(ModelFormats.convert(bare, dir.resolve("copy.json"), false).summary())
        .isEqualTo("wrote " + dir.resolve("copy.json") + " (Occam JSON, type \"dag\"): 1 variable, no CPTs");
    assertThatThrownBy(() -> ModelFormats.convert(bare, dir.resolve("bare.uai"), false))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(dir.resolve("bare.uai") + ": cannot write " + bare + ": the model has no CPTs; a UAI BAYES file needs"
            + " a table for every variable");
  }
}
