package org.occam.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.loglinear.FactorModel;

/** The model formats: round trips between them, and small published networks read from their definitions. */
class ModelFormatsTest {
  private static final Path EXAMPLES = Path.of("..", "examples");

  @TempDir
  Path dir;

  /** A DAG with labels, a three-state variable, two parents in a non-alphabetical order and irrational CPTs. */
  private Path dagJson() throws IOException {
    return write("m.json", """
        {"type": "dag", "prior": {"dirichlet": 1.0}, "variables": [
          {"name": "rain", "states": ["dry", "wet"], "cpt": [[0.7, 0.3]]},
          {"name": "zone", "states": 3, "cpt": [[0.2, 0.3, 0.5]]},
          {"name": "grass", "states": ["brown", "green", "lush"], "parents": ["zone", "rain"],
           "cpt": [[0.1, 0.2, 0.7], [0.3333333333333333, 0.3333333333333333, 0.33333333333333337],
                   [0.6, 0.3, 0.1], [0.05, 0.9, 0.05], [0.125, 0.25, 0.625], [0.7071067811865476, 0.2, 0.09289321881345243]]},
          {"name": "mud", "states": ["no", "yes"], "parents": ["grass"],
           "cpt": [[0.99, 0.01], [0.5, 0.5], [0.1, 0.9]]}]}
        """);
  }

  @Test
  void aDagGoesThroughBifXmlbifAndUaiBackToJsonUnchanged() throws IOException {
    DagModel original = ModelFormats.readDag(dagJson(), false).model();
    ModelFormats.Model m = ModelFormats.read(dagJson(), false);
    Path bif = render(m, "a.bif");
    DagModel fromBif = ModelFormats.readDag(bif, false).model();
    assertSame(original, fromBif, true);
    Path xml = render(ModelFormats.read(bif, false), "a.xml");
    DagModel fromXml = ModelFormats.readDag(xml, false).model();
    assertSame(original, fromXml, true);
    Path uai = render(ModelFormats.read(xml, false), "a.uai");
    DagModel fromUai = ModelFormats.readDag(uai, false).model();
    assertSame(original, fromUai, false);
    assertThat(fromUai.structure().name(2)).isEqualTo("x2");
    assertThat(fromUai.structure().variable(0).states()).containsExactly("0", "1");
    Path json = render(ModelFormats.read(uai, false), "b.json");
    assertSame(original, ModelFormats.readDag(json, false).model(), false);
  }

  @Test
  void uaiSaysWhatItLoses() throws IOException {
    ModelFormats.Rendered r = ModelFormats.render(ModelFormats.read(dagJson(), false), ModelFormats.Format.UAI, "m");
    assertThat(r.kind()).isEqualTo("UAI BAYES");
    assertThat(r.notes()).singleElement().asString().contains("no names or state labels").contains("x0..x3");
    assertThat(ModelFormats.render(ModelFormats.read(dagJson(), false), ModelFormats.Format.BIF, "m").notes()).isEmpty();
    Path hidden = write("h.json", """
        {"type": "dag", "prior": {"dirichlet": 2.0}, "variables": [
          {"name": "h", "states": 2, "hidden": true, "cpt": [[0.5, 0.5]]},
          {"name": "y", "states": 2, "parents": ["h"], "cpt": [[0.9, 0.1], [0.2, 0.8]]}]}
        """);
    List<String> notes = ModelFormats.render(ModelFormats.read(hidden, false), ModelFormats.Format.XMLBIF, "h").notes();
    assertThat(notes).anyMatch(n -> n.contains("no hidden flag: h")).anyMatch(n -> n.contains("dirichlet(2.0)"));
  }

  /** Same structure, CPTs to 1e-12, and names and labels when the format keeps them. */
  private static void assertSame(DagModel expected, DagModel actual, boolean named) {
    DagStructure e = expected.structure();
    DagStructure a = actual.structure();
    assertThat(a.size()).isEqualTo(e.size());
    for (int j = 0; j < e.size(); j++) {
      assertThat(a.parents(j)).isEqualTo(e.parents(j));
      assertThat(a.cardinality(j)).isEqualTo(e.cardinality(j));
      if (named) {
        assertThat(a.variable(j)).isEqualTo(e.variable(j));
      }
    }
    double[] te = expected.parameters().orElseThrow();
    double[] ta = actual.parameters().orElseThrow();
    assertThat(ta).hasSameSizeAs(te);
    for (int i = 0; i < te.length; i++) {
      assertThat(ta[i]).isCloseTo(te[i], within(1e-12));
    }
  }

  @Test
  void aFactorModelGoesThroughUaiUnchanged() throws IOException {
    SplittableRandom rng = new SplittableRandom(18);
    List<Variable> vars = List.of(Variable.withCount("x0", 2), Variable.withCount("x1", 3), Variable.withCount("x2", 2));
    List<FactorModel.Factor> factors = new ArrayList<>();
    for (int[] scope : new int[][] {{0}, {2, 1}, {1, 0, 2}, {}}) {
      int cells = 1;
      for (int q : scope) {
        cells *= vars.get(q).cardinality();
      }
      double[] t = new double[cells];
      for (int i = 0; i < cells; i++) {
        t[i] = rng.nextDouble(-3, 3);
      }
      if (scope.length == 3) {
        t[4] = Double.NEGATIVE_INFINITY;
      }
      factors.add(new FactorModel.Factor(scope, t));
    }
    FactorModel model = new FactorModel(vars, factors);
    Path uai = Files.writeString(dir.resolve("f.uai"), UaiFile.markov(model));
    FactorModel back = ((UaiFile.Markov) UaiFile.read(uai, false)).model();
    assertThat(back.variables()).isEqualTo(vars);
    assertSameFactors(model, back);
  }

  private static void assertSameFactors(FactorModel expected, FactorModel actual) {
    assertThat(actual.factors()).hasSameSizeAs(expected.factors());
    for (int f = 0; f < expected.factors().size(); f++) {
      assertThat(actual.factors().get(f).scope()).isEqualTo(expected.factors().get(f).scope());
      double[] e = expected.factors().get(f).logTable();
      double[] a = actual.factors().get(f).logTable();
      assertThat(a).hasSameSizeAs(e);
      for (int i = 0; i < e.length; i++) {
        if (e[i] == Double.NEGATIVE_INFINITY) {
          assertThat(a[i]).isEqualTo(Double.NEGATIVE_INFINITY);
        } else {
          assertThat(a[i]).isCloseTo(e[i], within(1e-12));
        }
      }
    }
  }

  @Test
  void aMarkovJsonGoesThroughUaiAndBack() throws IOException {
    Path json = write("mk.json", """
        {"type": "markov",
         "variables": [{"name": "A", "states": ["no", "yes"]}, {"name": "B", "states": 3}],
         "factors": [{"scope": ["A"], "logPotentials": [0, 0.25]},
                     {"scope": ["B", "A"], "logPotentials": [0.1, 0, -0.4, 0.3, null, 1.2]}],
         "prior": {"gaussian": {"sigma": 1.5}}}
        """);
    ModelFormats.Markov m = (ModelFormats.Markov) ModelFormats.read(json, false);
    assertThat(m.priorSigma()).isEqualTo(OptionalDouble.of(1.5));
    assertThat(m.model().factors().get(1).logTable()[4]).isEqualTo(Double.NEGATIVE_INFINITY);
    ModelFormats.Rendered uai = ModelFormats.render(m, ModelFormats.Format.UAI, "mk");
    assertThat(uai.kind()).isEqualTo("UAI MARKOV");
    assertThat(uai.notes()).anyMatch(n -> n.contains("no names or state labels")).anyMatch(n -> n.contains("sigma 1.5"));
    Path u = Files.writeString(dir.resolve("mk.uai"), uai.text());
    ModelFormats.Markov back = (ModelFormats.Markov) ModelFormats.read(u, false);
    assertSameFactors(m.model(), back.model());
    Path again = render(back, "again.json");
    assertSameFactors(m.model(), ((ModelFormats.Markov) ModelFormats.read(again, false)).model());
    // Occam JSON keeps the names, labels and prior
    ModelFormats.Markov kept = (ModelFormats.Markov) ModelFormats.read(render(m, "kept.json"), false);
    assertThat(kept.model().variables()).isEqualTo(m.model().variables());
    assertThat(kept.priorSigma()).isEqualTo(OptionalDouble.of(1.5));
  }

  @Test
  void aBoltzmannMachineBecomesNodeAndEdgeFactorsWithTheSamePotential() throws IOException {
    Path f = write("bm.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"b\"},"
        + " {\"name\": \"c\", \"states\": [\"off\", \"on\"]}], \"edges\": [[\"a\", \"b\"], [\"c\", \"b\"]],"
        + " \"parameters\": {\"bias\": {\"a\": 0.3, \"b\": -0.7, \"c\": 0.1}, \"weight\": [[\"a\", \"b\", 1.1],"
        + " [\"c\", \"b\", -0.4]]}}");
    BoltzmannMachine bm = BoltzmannModelFile.read(f, true).model().orElseThrow();
    FactorModel fm = ((ModelFormats.Markov) ModelFormats.read(f, false)).model();
    assertThat(fm.factors()).hasSize(5);
    assertThat(fm.variables().get(2).states()).containsExactly("off", "on");
    for (int x = 0; x < 8; x++) {
      int[] s = {x & 1, (x >> 1) & 1, (x >> 2) & 1};
      assertThat(fm.logPotential(s)).isCloseTo(bm.logPotential(s), within(1e-15));
    }
    Path hidden = write("bh.json", "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"a\"}, {\"name\": \"h\","
        + " \"hidden\": true}], \"edges\": [[\"a\", \"h\"]], \"parameters\": {\"bias\": {\"a\": 0.3, \"h\": 0},"
        + " \"weight\": [[\"a\", \"h\", 1]]}}");
    assertThat(ModelFormats.render(ModelFormats.read(hidden, false), ModelFormats.Format.JSON, "bh").notes())
        .containsExactly("Occam JSON has no hidden flag for a Markov network: h will read back as observed");
    assertThatThrownBy(() -> ModelFormats.render(ModelFormats.read(f, false), ModelFormats.Format.BIF, "bm"))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("not a DAG");
  }

  /**
   * Asia (Lauritzen and Spiegelhalter 1988), written in examples/asia.bif from the bnlearn definition:
   * P(dysp = yes) = 0.4360, the prior marginal quoted for this network (also what an enumeration
   * written apart from this code, in Python, gives: 0.4359706).
   */
  @Test
  void asiaFromBifGivesThePublishedDyspnoeaMarginal() {
    DagModel asia = ModelFormats.readDag(EXAMPLES.resolve("asia.bif"), false).model();
    DagStructure s = asia.structure();
    assertThat(s.size()).isEqualTo(8);
    assertThat(s.toString()).contains("either<-{lung,tub}").contains("dysp<-{bronc,either}");
    double[] theta = asia.parameters().orElseThrow();
    int either = s.indexOf("either");
    // the BIF table of the OR: either = no only when lung = no and tub = no (child slowest)
    assertThat(theta[s.offset(either) + 3 * 2]).isEqualTo(0.0);
    assertThat(theta[s.offset(either) + 1 * 2]).isEqualTo(1.0);
    assertThat(marginal(asia, s.indexOf("dysp"), 0)).isCloseTo(0.4360, within(5e-5));
    assertThat(marginal(asia, s.indexOf("dysp"), 0)).isCloseTo(0.4359706, within(1e-12));
  }

  /**
   * Sprinkler (Murphy 1998, "A Brief Introduction to Graphical Models and Bayesian Networks", which
   * gives p(W = 1) = 0.6471), written in examples/sprinkler.xml as XMLBIF.
   */
  @Test
  void sprinklerFromXmlbifGivesThePublishedWetGrassMarginal() throws IOException {
    DagModel sprinkler = ModelFormats.readDag(EXAMPLES.resolve("sprinkler.xml"), false).model();
    int w = sprinkler.structure().indexOf("WetGrass");
    assertThat(sprinkler.structure().variable(w).states()).containsExactly("F", "T");
    assertThat(marginal(sprinkler, w, 1)).isCloseTo(0.6471, within(1e-12));
    // the same number after BIF and UAI
    Path bif = render(ModelFormats.read(EXAMPLES.resolve("sprinkler.xml"), false), "s.bif");
    Path uai = render(ModelFormats.read(bif, false), "s.uai");
    assertThat(marginal(ModelFormats.readDag(uai, false).model(), w, 1)).isCloseTo(0.6471, within(1e-12));
  }

  /** P(x_v = state) by summing the joint Π_j θ_j(x_j | x_pa(j)) over every assignment. */
  static double marginal(DagModel m, int v, int state) {
    DagStructure s = m.structure();
    double[] theta = m.parameters().orElseThrow();
    int[] x = new int[s.size()];
    double total = 0;
    double hit = 0;
    while (true) {
      double p = 1;
      for (int j = 0; j < s.size(); j++) {
        p *= theta[s.flatIndex(j, x)];
      }
      total += p;
      hit += x[v] == state ? p : 0;
      int j = s.size() - 1;
      while (j >= 0 && ++x[j] == s.cardinality(j)) {
        x[j--] = 0;
      }
      if (j < 0) {
        break;
      }
    }
    assertThat(total).isCloseTo(1.0, within(1e-12));
    return hit;
  }

  private Path render(ModelFormats.Model m, String name) throws IOException {
    ModelFormats.Rendered r = ModelFormats.render(m, ModelFormats.Format.of(Path.of(name)), "net");
    return Files.writeString(dir.resolve(name), r.text());
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }
}
