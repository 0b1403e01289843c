package org.occam.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.mrf.loglinear.FactorModel;

/**
 * The UAI inference-competition model format (UAI 2008–2014 evaluations), both kinds:
 *
 * <pre>
 * MARKOV            (or BAYES)
 * 3                 the number of variables
 * 2 2 3             their cardinalities
 * 2                 the number of factors
 * 1 0               each factor's scope: its size, then variable indices
 * 2 1 2
 *
 * 2                 each factor's table: its length, then the entries,
 *  0.4 0.6          row-major over the scope, the last variable fastest
 * 6
 *  0.2 0.3 0.5  0.1 0.1 0.8
 * </pre>
 *
 * <p>A {@code MARKOV} file is a {@link FactorModel}: its tables are potentials, read as log
 * potentials (a zero becomes −∞) and written back as {@code exp}. A {@code BAYES} file is a
 * {@link DagModel}: one factor per variable, its scope the parents then the variable itself
 * (last, fastest), its table that variable's CPT, each row summing to 1. The format has no names:
 * variables read as {@code x0, x1, …} with states {@code 0 … k−1}, and written names and labels are
 * lost. A DAG read from UAI gets the uniform Dirichlet prior λ = 1 (Beal's default).
 */
public final class UaiFile {
  /** At most this many variables or factors (the table-size cap of {@link DagModelFile} bounds them anyway). */
  private static final int MAX_COUNT = (int) DagModelFile.MAX_TABLE_ENTRIES;

  /**
   * At most this many states over all variables (each state is a label in memory; 2^22 of them, far
   * beyond any model that exact methods can handle, already take some hundred megabytes).
   */
  static final long MAX_TOTAL_STATES = 1L << 22;

  /** A UAI file as read: a Markov network or a Bayesian network. */
  public sealed interface Read permits Markov, Bayes {}

  /** A {@code MARKOV} file. */
  public record Markov(FactorModel model) implements Read {}

  /** A {@code BAYES} file. */
  public record Bayes(DagModel model) implements Read {}

  private UaiFile() {}

  /**
   * Reads a UAI file.
   *
   * @param renormalise for {@code BAYES}: divide each CPT row by its sum instead of rejecting rows
   *     off by more than {@link DagModel#ROW_SUM_TOLERANCE}
   * @throws org.occam.data.DataFormatException for anything malformed, in one line with its place
   */
  public static Read read(Path file, boolean renormalise) {
    ModelText in = new ModelText(file, "", false);
    ModelText.Word kind = in.next();
    boolean bayes;
    if (kind.text() != null && kind.text().equalsIgnoreCase("MARKOV")) {
      bayes = false;
    } else if (kind.text() != null && kind.text().equalsIgnoreCase("BAYES")) {
      bayes = true;
    } else {
      throw in.error(kind, "a UAI file starts with MARKOV or BAYES, found " + kind.shown());
    }
    int n = in.count("the number of variables", 1, MAX_COUNT);
    List<Variable> variables = new ArrayList<>();
    long states = 0;
    for (int i = 0; i < n; i++) {
      ModelText.Word at = in.peek();
      int k = in.count("the cardinality of x" + i, 1, DagModelFile.MAX_STATES);
      states += k;
      if (states > MAX_TOTAL_STATES) {
        throw in.error(at, "the variables would have more than " + MAX_TOTAL_STATES + " states in all");
      }
      variables.add(Variable.withCount("x" + i, k));
    }
    ModelText.Word countAt = in.peek();
    int factors = in.count("the number of factors", 0, MAX_COUNT);
    if (bayes && factors != n) {
      throw in.error(countAt, "a BAYES file has one factor per variable: expected " + n + " factors, got " + factors);
    }
    int[][] scopes = new int[factors][];
    long[] sizes = new long[factors];
    long total = 0;
    for (int f = 0; f < factors; f++) {
      ModelText.Word at = in.peek();
      int size = in.count("the scope size of factor " + f, bayes ? 1 : 0, n);
      scopes[f] = new int[size];
      java.util.Set<Integer> seen = new java.util.HashSet<>();
      sizes[f] = 1;
      for (int a = 0; a < size; a++) {
        ModelText.Word v = in.peek();
        int q = in.count("a variable index of factor " + f, 0, n - 1);
        if (!seen.add(q)) {
          throw in.error(v, "factor " + f + " names variable " + q + " twice");
        }
        scopes[f][a] = q;
        sizes[f] *= variables.get(q).cardinality();
        if (sizes[f] > DagModelFile.MAX_TABLE_ENTRIES) {
          throw in.error(at, "factor " + f + "'s table would have more than " + DagModelFile.MAX_TABLE_ENTRIES
              + " entries; use fewer states or a smaller scope");
        }
      }
      total += sizes[f];
      if (total > DagModelFile.MAX_TABLE_ENTRIES) {
        throw in.error(at, "the tables would have more than " + DagModelFile.MAX_TABLE_ENTRIES + " entries in all");
      }
    }
    return bayes ? readBayes(in, kind, countAt, variables, scopes, renormalise) : readMarkov(in, variables, scopes, sizes);
  }

  private static Read readMarkov(ModelText in, List<Variable> variables, int[][] scopes, long[] sizes) {
    List<FactorModel.Factor> factors = new ArrayList<>();
    for (int f = 0; f < scopes.length; f++) {
      double[] table = new double[tableLength(in, f, sizes[f], variables, scopes[f])];
      for (int i = 0; i < table.length; i++) {
        table[i] = Math.log(in.nonNegative("entry " + (i + 1) + " of factor " + f + "'s table"));
      }
      factors.add(new FactorModel.Factor(scopes[f], table));
    }
    end(in);
    return new Markov(new FactorModel(variables, factors));
  }

  private static Read readBayes(ModelText in, ModelText.Word kind, ModelText.Word countAt, List<Variable> variables,
      int[][] scopes, boolean renormalise) {
    int n = variables.size();
    int[] factorOf = new int[n];
    java.util.Arrays.fill(factorOf, -1);
    int[][] parents = new int[n][];
    for (int f = 0; f < scopes.length; f++) {
      int child = scopes[f][scopes[f].length - 1];
      if (factorOf[child] >= 0) {
        throw in.error(countAt, "factors " + factorOf[child] + " and " + f + " both end with x" + child
            + ": a BAYES file has one factor per variable, its scope the parents then the variable");
      }
      factorOf[child] = f;
      parents[child] = java.util.Arrays.copyOf(scopes[f], scopes[f].length - 1);
    }
    DagStructure s;
    try {
      s = DagStructure.of(variables, new boolean[n], parents);
    } catch (InvalidInputException e) {
      throw in.error(kind, e.getMessage());
    }
    double[] theta = new double[s.tableSize()];
    double[][] tables = new double[scopes.length][];
    ModelText.Word[][] rowStarts = new ModelText.Word[scopes.length][];
    for (int f = 0; f < scopes.length; f++) {
      int child = scopes[f][scopes[f].length - 1];
      int k = s.cardinality(child);
      tables[f] = new double[tableLength(in, f, (long) s.parentConfigurations(child) * k, variables, scopes[f])];
      rowStarts[f] = new ModelText.Word[s.parentConfigurations(child)];
      for (int i = 0; i < tables[f].length; i++) {
        if (i % k == 0) {
          rowStarts[f][i / k] = in.peek();
        }
        tables[f][i] = in.nonNegative("entry " + (i + 1) + " of factor " + f + "'s table");
      }
    }
    end(in);
    for (int f = 0; f < scopes.length; f++) {
      int child = scopes[f][scopes[f].length - 1];
      int k = s.cardinality(child);
      for (int l = 0; l < s.parentConfigurations(child); l++) {
        double sum = 0;
        for (int x = 0; x < k; x++) {
          sum += tables[f][l * k + x];
        }
        if (!renormalise && Math.abs(sum - 1) > DagModel.ROW_SUM_TOLERANCE) {
          throw in.error(rowStarts[f][l], "row " + (l + 1) + " of the CPT of x" + child + " (factor " + f + ") sums to "
              + sum + ", not 1 (tolerance " + DagModel.ROW_SUM_TOLERANCE + ")");
        }
        if (!(sum > 0)) {
          throw in.error(rowStarts[f][l], "row " + (l + 1) + " of the CPT of x" + child + " (factor " + f
              + ") sums to 0 and cannot be renormalised");
        }
        for (int x = 0; x < k; x++) {
          theta[s.offset(child) + l * k + x] = renormalise ? tables[f][l * k + x] / sum : tables[f][l * k + x];
        }
      }
    }
    return new Bayes(new DagModel(s, DirichletPrior.uniform(n, 1.0), theta));
  }

  private static int tableLength(ModelText in, int f, long expected, List<Variable> variables, int[] scope) {
    ModelText.Word at = in.peek();
    int length = in.count("the table length of factor " + f, 0, MAX_COUNT);
    if (length != expected) {
      List<String> over = new ArrayList<>();
      for (int q : scope) {
        over.add("x" + q + ":" + variables.get(q).cardinality());
      }
      throw in.error(at, "factor " + f + "'s table over " + over + " needs " + expected + " entries, got " + length);
    }
    return length;
  }

  private static void end(ModelText in) {
    ModelText.Word w = in.next();
    if (!w.isEnd()) {
      throw in.error(w, "expected the end of the file after the last table, found " + w.shown());
    }
  }

  /** A Markov network as a UAI {@code MARKOV} file (potentials are {@code exp} of the log potentials). */
  public static String markov(FactorModel model) {
    StringBuilder b = new StringBuilder("MARKOV\n");
    preamble(b, model.variables(), model.factors().stream().map(FactorModel.Factor::scope).toList());
    for (FactorModel.Factor f : model.factors()) {
      double[] t = f.logTable();
      double[] p = new double[t.length];
      for (int i = 0; i < t.length; i++) {
        p[i] = Math.exp(t[i]);
        if (Double.isInfinite(p[i])) {
          throw new InvalidInputException("a log potential of " + t[i] + " is too large for a UAI potential (exp overflows)");
        }
      }
      table(b, p, 0, p.length, f.scope().length == 0 ? 1 : model.variables().get(f.scope()[f.scope().length - 1]).cardinality());
    }
    return b.toString();
  }

  /**
   * A DAG model with CPTs as a UAI {@code BAYES} file: factor j is variable j's CPT, its scope j's
   * parents then j.
   *
   * @throws InvalidInputException when the model has no CPTs
   */
  public static String bayes(DagModel model) {
    DagStructure s = model.structure();
    double[] theta = model.parameters().orElseThrow(() -> new InvalidInputException(
        "the model has no CPTs; a UAI BAYES file needs a table for every variable"));
    List<int[]> scopes = new ArrayList<>();
    for (int j = 0; j < s.size(); j++) {
      int[] pa = s.parents(j);
      int[] scope = java.util.Arrays.copyOf(pa, pa.length + 1);
      scope[pa.length] = j;
      scopes.add(scope);
    }
    StringBuilder b = new StringBuilder("BAYES\n");
    preamble(b, s.variables(), scopes);
    for (int j = 0; j < s.size(); j++) {
      table(b, theta, s.offset(j), s.parentConfigurations(j) * s.cardinality(j), s.cardinality(j));
    }
    return b.toString();
  }

  private static void preamble(StringBuilder b, List<Variable> variables, List<int[]> scopes) {
    b.append(variables.size()).append('\n');
    for (int i = 0; i < variables.size(); i++) {
      b.append(i > 0 ? " " : "").append(variables.get(i).cardinality());
    }
    b.append('\n').append(scopes.size()).append('\n');
    for (int[] scope : scopes) {
      b.append(scope.length);
      for (int q : scope) {
        b.append(' ').append(q);
      }
      b.append('\n');
    }
  }

  /** One table: a blank line, its length, then rows of {@code rowLength} entries. */
  private static void table(StringBuilder b, double[] values, int from, int length, int rowLength) {
    b.append('\n').append(length).append('\n');
    for (int i = 0; i < length; i++) {
      b.append(' ').append(number(values[from + i]));
      if ((i + 1) % rowLength == 0 || i == length - 1) {
        b.append('\n');
      }
    }
  }

  /** A number as the shortest decimal that reads back to the same double. */
  static String number(double v) {
    String s = Double.toString(v);
    return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s.toLowerCase(Locale.ROOT);
  }
}
