package org.occam.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;

/**
 * The Bayesian Interchange Format (BIF 0.15, Cozman 1996) as used by the bnlearn repository:
 *
 * <pre>
 * network asia {
 * }
 * variable smoke {
 *   type discrete [ 2 ] { yes, no };
 * }
 * probability ( smoke ) {
 *   table 0.5, 0.5;
 * }
 * probability ( lung | smoke ) {
 *   (yes) 0.1, 0.9;
 *   (no) 0.01, 0.99;
 * }
 * </pre>
 *
 * <p>A probability block gives its rows one parent configuration at a time ({@code (p1, p2) …}, the
 * parents' labels in the order of the {@code |} list; {@code default …} fills the rows not given)
 * or as one {@code table}, which in BIF lists the child's first state for every parent
 * configuration, then its second…: the child slowest and the last parent fastest (the reading of
 * pgmpy's BIFReader and of the 0.15 examples). Numbers are separated by commas or blanks;
 * {@code property} statements and {@code //}, {@code /* *}{@code /} comments are skipped. A DAG read
 * from BIF gets the uniform Dirichlet prior λ = 1 (Beal's default) and no hidden variables.
 */
public final class BifFile {
  private static final String PUNCTUATION = "{}()[];,|";

  private record Declared(ModelText.Word at, List<String> labels) {}

  /** One line of a probability block: a {@code table}, a {@code default}, or a row for one parent configuration. */
  private record Entry(String kind, ModelText.Word at, List<ModelText.Word> labels, double[] values) {}

  private record Block(ModelText.Word child, List<ModelText.Word> parents, List<Entry> entries) {}

  private final ModelText in;
  private final Map<String, Declared> declared = new LinkedHashMap<>();
  private final Map<String, Block> blocks = new LinkedHashMap<>();

  private BifFile(ModelText in) {
    this.in = in;
  }

  /**
   * Reads a BIF file.
   *
   * @param renormalise divide each CPT row by its sum instead of rejecting rows off by more than
   *     {@link DagModel#ROW_SUM_TOLERANCE}
   * @throws org.occam.data.DataFormatException for anything malformed, in one line with its place
   */
  public static DagModel read(Path file, boolean renormalise) {
    BifFile f = new BifFile(new ModelText(file, PUNCTUATION, true));
    f.parse();
    return f.resolve(renormalise);
  }

  private void parse() {
    boolean any = false;
    while (!in.peek().isEnd()) {
      ModelText.Word w = in.next();
      if (w.is("network")) {
        while (!in.peek().is("{") && !in.peek().isEnd()) {
          in.next();
        }
        in.expect("{", "to open the network block");
        skipBlock();
      } else if (w.is("variable")) {
        variable();
        any = true;
      } else if (w.is("probability")) {
        probability();
      } else {
        throw in.error(w, "expected 'network', 'variable' or 'probability', found " + w.shown());
      }
    }
    if (!any) {
      throw in.error(in.peek(), "a BIF file declares its variables ('variable NAME { type discrete [ k ] { … }; }')");
    }
  }

  /** Skips to the '}' that closes a block whose '{' has been read (a network block's properties). */
  private void skipBlock() {
    int depth = 1;
    while (depth > 0) {
      ModelText.Word w = in.next();
      if (w.isEnd()) {
        throw in.error(w, "a block is not closed: expected '}', found the end of the file");
      }
      depth += w.is("{") ? 1 : w.is("}") ? -1 : 0;
    }
  }

  private void skipStatement() {
    while (!in.peek().is(";")) {
      if (in.peek().isEnd() || in.peek().is("}")) {
        throw in.error(in.peek(), "expected ';' to end the property, found " + in.peek().shown());
      }
      in.next();
    }
    in.next();
  }

  private void variable() {
    ModelText.Word name = in.name("a variable name");
    if (declared.containsKey(name.text())) {
      throw in.error(name, "variable '" + name.text() + "' is declared twice (first at line "
          + declared.get(name.text()).at().line() + ")");
    }
    in.expect("{", "after the variable's name");
    List<String> labels = null;
    while (!in.peek().is("}")) {
      ModelText.Word w = in.next();
      if (w.is("property")) {
        skipStatement();
      } else if (w.is("type")) {
        ModelText.Word kind = in.next();
        if (!kind.is("discrete")) {
          throw in.error(kind, "only discrete variables are supported: expected 'discrete', found " + kind.shown());
        }
        in.expect("[", "before the number of states");
        ModelText.Word countAt = in.peek();
        int k = in.count("the number of states of " + name.text(), 1, DagModelFile.MAX_STATES);
        in.expect("]", "after the number of states");
        in.expect("{", "before the state labels");
        labels = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (true) {
          ModelText.Word label = in.name("a state label of " + name.text());
          if (!seen.add(label.text())) {
            throw in.error(label, "duplicate state label '" + label.text() + "' for " + name.text());
          }
          labels.add(label.text());
          ModelText.Word sep = in.next();
          if (sep.is("}")) {
            break;
          }
          if (!sep.is(",")) {
            throw in.error(sep, "expected ',' or '}' in the state labels of " + name.text() + ", found " + sep.shown());
          }
        }
        if (labels.size() != k) {
          throw in.error(countAt, name.text() + " declares " + k + " states but lists " + labels.size() + " labels");
        }
        in.expect(";", "after the state labels");
      } else {
        throw in.error(w, "expected 'type' or 'property' in variable " + name.text() + ", found " + w.shown());
      }
    }
    in.next();
    if (labels == null) {
      throw in.error(name, "variable " + name.text() + " has no 'type discrete [ k ] { … };'");
    }
    declared.put(name.text(), new Declared(name, labels));
  }

  private void probability() {
    in.expect("(", "after 'probability'");
    ModelText.Word child = in.name("the variable of the probability block");
    List<ModelText.Word> parents = new ArrayList<>();
    ModelText.Word sep = in.next();
    if (sep.is("|")) {
      do {
        parents.add(in.name("a parent's name"));
        sep = in.next();
      } while (sep.is(","));
    }
    if (!sep.is(")")) {
      throw in.error(sep, "expected ')' to close 'probability ( " + child.text() + " | … )', found " + sep.shown());
    }
    in.expect("{", "to open the probability block of " + child.text());
    List<Entry> entries = new ArrayList<>();
    while (!in.peek().is("}")) {
      ModelText.Word w = in.next();
      if (w.is("property")) {
        skipStatement();
      } else if (w.is("table") || w.is("default")) {
        entries.add(new Entry(w.text(), w, List.of(), numbers(child.text())));
      } else if (w.is("(")) {
        List<ModelText.Word> labels = new ArrayList<>();
        ModelText.Word s;
        do {
          labels.add(in.name("a parent's state label"));
          s = in.next();
        } while (s.is(","));
        if (!s.is(")")) {
          throw in.error(s, "expected ',' or ')' in a row's parent states, found " + s.shown());
        }
        entries.add(new Entry("row", w, labels, numbers(child.text())));
      } else {
        throw in.error(w, "expected 'table', 'default', '(' or 'property' in the probability block of "
            + child.text() + ", found " + w.shown());
      }
    }
    in.next();
    if (blocks.containsKey(child.text())) {
      throw in.error(child, "a second probability block for " + child.text() + " (the first at line "
          + blocks.get(child.text()).child().line() + ")");
    }
    blocks.put(child.text(), new Block(child, parents, entries));
  }

  /** Numbers separated by commas or blanks, up to and including ';'. */
  private double[] numbers(String child) {
    List<Double> out = new ArrayList<>();
    while (true) {
      ModelText.Word w = in.peek();
      if (w.is(";")) {
        in.next();
        break;
      }
      if (w.is(",") && !out.isEmpty()) {
        in.next();
        continue;
      }
      out.add(in.nonNegative("a probability of " + child));
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private DagModel resolve(boolean renormalise) {
    List<String> names = new ArrayList<>(declared.keySet());
    Map<String, Integer> index = new java.util.HashMap<>();
    List<Variable> variables = new ArrayList<>();
    for (String n : names) {
      index.put(n, variables.size());
      variables.add(new Variable(n, declared.get(n).labels()));
    }
    for (Block b : blocks.values()) {
      if (!declared.containsKey(b.child().text())) {
        throw in.error(b.child(), "probability block for an undeclared variable '" + b.child().text() + "'");
      }
    }
    int[][] parents = new int[names.size()][];
    for (int j = 0; j < names.size(); j++) {
      Block b = blocks.get(names.get(j));
      if (b == null) {
        throw in.error(declared.get(names.get(j)).at(), "variable " + names.get(j) + " has no probability block");
      }
      parents[j] = new int[b.parents().size()];
      for (int a = 0; a < parents[j].length; a++) {
        ModelText.Word p = b.parents().get(a);
        int q = index.getOrDefault(p.text(), -1);
        if (q < 0) {
          throw in.error(p, "unknown parent '" + p.text() + "' of " + names.get(j) + " (variables: "
              + String.join(", ", names) + ")");
        }
        parents[j][a] = q;
      }
    }
    String tooBig = DagModelFile.tableSizeProblem(variables, parents);
    if (tooBig != null) {
      throw in.error(blocks.get(names.get(0)).child(), tooBig);
    }
    DagStructure s;
    try {
      s = DagStructure.of(variables, new boolean[names.size()], parents);
    } catch (InvalidInputException e) {
      throw in.error(blocks.get(names.get(0)).child(), e.getMessage());
    }
    double[] theta = new double[s.tableSize()];
    for (int j = 0; j < s.size(); j++) {
      fill(s, j, blocks.get(names.get(j)), theta, renormalise);
    }
    return new DagModel(s, DirichletPrior.uniform(s.size(), 1.0), theta);
  }

  /** Variable j's CPT from its block into θ, each row checked (or renormalised). */
  private void fill(DagStructure s, int j, Block b, double[] theta, boolean renormalise) {
    int k = s.cardinality(j);
    int rows = s.parentConfigurations(j);
    ModelText.Word[] rowAt = new ModelText.Word[rows];
    Entry fallback = null;
    for (Entry e : b.entries()) {
      switch (e.kind()) {
        case "table" -> {
          if (e.values().length != rows * k) {
            throw in.error(e.at(), "the table of " + s.name(j) + " needs " + rows * k + " probabilities (" + k
                + " states x " + rows + " parent configurations), got " + e.values().length);
          }
          for (int x = 0; x < k; x++) {
            for (int l = 0; l < rows; l++) {
              theta[s.offset(j) + l * k + x] = e.values()[x * rows + l];
            }
          }
          java.util.Arrays.fill(rowAt, e.at());
        }
        case "default" -> {
          checkRowLength(s, j, e);
          fallback = e;
        }
        default -> {
          int[] pa = s.parents(j);
          if (e.labels().size() != pa.length) {
            throw in.error(e.at(), "a row of " + s.name(j) + " names " + e.labels().size() + " parent state(s); "
                + s.name(j) + " has " + pa.length + " parent(s)");
          }
          int l = 0;
          for (int a = 0; a < pa.length; a++) {
            ModelText.Word label = e.labels().get(a);
            int x = s.variable(pa[a]).indexOf(label.text());
            if (x < 0) {
              throw in.error(label, "'" + label.text() + "' is not a state of " + s.name(pa[a]) + " (states: "
                  + String.join(", ", s.variable(pa[a]).states()) + ")");
            }
            l = l * s.cardinality(pa[a]) + x;
          }
          if (rowAt[l] != null) {
            throw in.error(e.at(), "the row (" + String.join(", ", e.labels().stream().map(ModelText.Word::text).toList())
                + ") of " + s.name(j) + " is given twice (first at line " + rowAt[l].line() + ")");
          }
          checkRowLength(s, j, e);
          System.arraycopy(e.values(), 0, theta, s.offset(j) + l * k, k);
          rowAt[l] = e.at();
        }
      }
    }
    for (int l = 0; l < rows; l++) {
      if (rowAt[l] == null) {
        if (fallback == null) {
          throw in.error(b.child(), "the probability block of " + s.name(j) + " gives no row for parent configuration "
              + (l + 1) + " of " + rows + " (and no 'default')");
        }
        System.arraycopy(fallback.values(), 0, theta, s.offset(j) + l * k, k);
        rowAt[l] = fallback.at();
      }
      double sum = 0;
      for (int x = 0; x < k; x++) {
        sum += theta[s.offset(j) + l * k + x];
      }
      if (!renormalise && Math.abs(sum - 1) > DagModel.ROW_SUM_TOLERANCE) {
        throw in.error(rowAt[l], "row " + (l + 1) + " of the CPT of " + s.name(j) + " sums to " + sum
            + ", not 1 (tolerance " + DagModel.ROW_SUM_TOLERANCE + ")");
      }
      if (!(sum > 0)) {
        throw in.error(rowAt[l], "row " + (l + 1) + " of the CPT of " + s.name(j) + " sums to 0");
      }
      for (int x = 0; x < k && renormalise; x++) {
        theta[s.offset(j) + l * k + x] /= sum;
      }
    }
  }

  private void checkRowLength(DagStructure s, int j, Entry e) {
    if (e.values().length != s.cardinality(j)) {
      throw in.error(e.at(), "a row of " + s.name(j) + " needs " + s.cardinality(j) + " probabilities, got "
          + e.values().length);
    }
  }

  /**
   * A DAG model with CPTs as BIF: roots as a {@code table}, other variables one row per parent
   * configuration (first parent slowest).
   *
   * @throws InvalidInputException when the model has no CPTs, or a name or label cannot be written
   */
  public static String write(DagModel model, String networkName) {
    DagStructure s = model.structure();
    double[] theta = model.parameters().orElseThrow(() -> new InvalidInputException(
        "the model has no CPTs; a BIF file needs a probability block for every variable"));
    StringBuilder b = new StringBuilder();
    b.append("network ").append(word(networkName)).append(" {\n}\n");
    for (int j = 0; j < s.size(); j++) {
      b.append("variable ").append(word(s.name(j))).append(" {\n  type discrete [ ").append(s.cardinality(j))
          .append(" ] { ").append(String.join(", ", s.variable(j).states().stream().map(BifFile::word).toList()))
          .append(" };\n}\n");
    }
    for (int j = 0; j < s.size(); j++) {
      int[] pa = s.parents(j);
      int k = s.cardinality(j);
      b.append("probability ( ").append(word(s.name(j)));
      for (int a = 0; a < pa.length; a++) {
        b.append(a == 0 ? " | " : ", ").append(word(s.name(pa[a])));
      }
      b.append(" ) {\n");
      int[] config = new int[pa.length];
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        if (pa.length == 0) {
          b.append("  table ");
        } else {
          b.append("  (");
          for (int a = 0; a < pa.length; a++) {
            b.append(a > 0 ? ", " : "").append(word(s.variable(pa[a]).states().get(config[a])));
          }
          b.append(") ");
        }
        for (int x = 0; x < k; x++) {
          b.append(x > 0 ? ", " : "").append(UaiFile.number(theta[s.offset(j) + l * k + x]));
        }
        b.append(";\n");
        for (int a = pa.length - 1; a >= 0; a--) {
          if (++config[a] < s.cardinality(pa[a])) {
            break;
          }
          config[a] = 0;
        }
      }
      b.append("}\n");
    }
    return b.toString();
  }

  /** A name or label as a BIF word: as it is, or in double quotes when it holds blanks or punctuation. */
  static String word(String s) {
    if (s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
      throw new InvalidInputException("the name or label '" + s.replace("\n", "\\n").replace("\r", "\\r")
          + "' cannot be written in BIF (it holds a double quote or a line break)");
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c) || PUNCTUATION.indexOf(c) >= 0 || c == '/') {
        return "\"" + s + "\"";
      }
    }
    return s.isEmpty() ? "\"\"" : s;
  }
}
