package org.occam.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.data.ColumnSpec;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.mrf.loglinear.FactorModel;
import org.occam.report.ModelJson;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;

/**
 * Every model format in one place: reads a model file of any format, chosen by its extension
 * ({@code .json} Occam JSON, {@code .uai} UAI, {@code .bif} BIF, {@code .xml} or {@code .xmlbif}
 * XMLBIF), as a DAG or a Markov network; writes one in any format that can hold it; and converts
 * between them ({@code occam convert}), saying what a format could not keep.
 */
public final class ModelFormats {
  private ModelFormats() {}

  /** A model file format. */
  public enum Format {
    JSON("Occam JSON"), UAI("UAI"), BIF("BIF"), XMLBIF("XMLBIF");

    private final String title;

    Format(String title) {
      this.title = title;
    }

    public String title() {
      return title;
    }

    /**
     * The format of a file, by its extension.
     *
     * @throws InvalidInputException for any other extension, in one line naming the file
     */
    public static Format of(Path file) {
      String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
      if (name.endsWith(".json")) {
        return JSON;
      } else if (name.endsWith(".uai")) {
        return UAI;
      } else if (name.endsWith(".bif")) {
        return BIF;
      } else if (name.endsWith(".xml") || name.endsWith(".xmlbif")) {
        return XMLBIF;
      }
      throw new InvalidInputException(file + ": unknown model format; the extension says which: .json (Occam JSON),"
          + " .uai (UAI), .bif (BIF), .xml or .xmlbif (XMLBIF)");
    }
  }

  /** A model as read: a DAG or a Markov network. */
  public sealed interface Model permits Dag, Markov {}

  /** A DAG model, with how its observed variables' columns are read. */
  public record Dag(DagModelFile.Loaded loaded) implements Model {}

  /**
   * A Markov network, with the file's Gaussian prior σ0 when it gives one, and the names of the
   * variables it marked hidden (a Boltzmann-machine file can; the factor-table formats cannot say so).
   */
  public record Markov(FactorModel model, OptionalDouble priorSigma, List<String> hidden) implements Model {
    public Markov {
      hidden = List.copyOf(hidden);
    }

    /** A Markov network with no hidden variable. */
    public Markov(FactorModel model, OptionalDouble priorSigma) {
      this(model, priorSigma, List.of());
    }
  }

  /**
   * A model in one format: the text, what it is ({@code "UAI BAYES"}), its counts and the notes
   * on what the format did not keep.
   */
  public record Rendered(String text, String kind, int variables, int tables, String tableWord, List<String> notes) {
    public Rendered {
      notes = List.copyOf(notes);
    }
  }

  /** What {@link #convert} wrote. */
  public record Converted(Path out, Rendered rendered) {
    /** One line, e.g. {@code wrote asia.uai (UAI BAYES): 8 variables, 8 CPTs}. */
    public String summary() {
      String word = rendered.tables() == 1 ? rendered.tableWord().replaceFirst("s\\b", "") : rendered.tableWord();
      return "wrote " + out + " (" + rendered.kind() + "): " + rendered.variables() + " variable"
          + (rendered.variables() == 1 ? "" : "s") + ", " + (rendered.tables() == 0 ? "no" : rendered.tables()) + " " + word;
    }
  }

  /**
   * Reads a model file of any format.
   *
   * @param renormalise divide each CPT row of a DAG by its sum instead of rejecting rows that do not sum to 1
   * @throws DataFormatException for a malformed file, in one line with its place
   * @throws InvalidInputException for an unknown extension
   */
  public static Model read(Path file, boolean renormalise) {
    switch (Format.of(file)) {
      case JSON -> {
        JsonSource source = JsonSource.read(file);
        JsonNode root = source.root();
        JsonNode type = root != null && root.isObject() ? root.get("type") : null;
        String t = type != null && type.isTextual() ? type.asText() : "dag";
        return switch (t) {
          case "dag" -> new Dag(DagModelFile.read(file, renormalise));
          case "markov" -> {
            MarkovModelFile.Loaded m = MarkovModelFile.read(file);
            yield new Markov(m.model(), m.priorSigma());
          }
          case "boltzmann" -> {
            BoltzmannModelFile.Loaded b = BoltzmannModelFile.read(file, false, true);
            yield new Markov(MarkovModelFile.fromBoltzmann(file, b), b.priorSigma(), b.hiddenNames());
          }
          default -> throw source.error("/type", "a model of type \"" + t + "\" has no other format; the model"
              + " formats hold DAGs (\"dag\") and Markov networks (\"markov\", \"boltzmann\" with parameters)");
        };
      }
      case UAI -> {
        UaiFile.Read r = UaiFile.read(file, renormalise);
        if (r instanceof UaiFile.Bayes b) {
          return new Dag(loaded(b.model()));
        }
        return new Markov(((UaiFile.Markov) r).model(), OptionalDouble.empty());
      }
      case BIF -> {
        return new Dag(loaded(BifFile.read(file, renormalise)));
      }
      default -> {
        return new Dag(loaded(XmlBifFile.read(file, renormalise)));
      }
    }
  }

  /**
   * The Markov network of a model file that holds one as factor tables — UAI {@code MARKOV} or an
   * Occam JSON {@code "markov"} — else empty (a {@code "boltzmann"} file is read by the Boltzmann
   * machine's own reader).
   *
   * @throws DataFormatException for a malformed file, or a DAG ("use the dag commands")
   */
  public static java.util.Optional<Markov> markov(Path file) {
    Format f = Format.of(file);
    if (f == Format.JSON) {
      JsonSource source = JsonSource.read(file);
      JsonNode root = source.root();
      JsonNode type = root != null && root.isObject() ? root.get("type") : null;
      if (type == null || !type.isTextual() || !type.asText().equals("markov")) {
        return java.util.Optional.empty();
      }
    }
    Model m = read(file, false);
    if (m instanceof Markov markov) {
      return java.util.Optional.of(markov);
    }
    throw new InvalidInputException(file + ": the model is a DAG (Bayes net); use the dag commands");
  }

  /**
   * Reads a DAG model file of any format (the {@code --model} of the {@code dag} commands). Occam
   * JSON is read by {@link DagModelFile}, with its messages.
   *
   * @throws DataFormatException for a malformed file or a Markov network
   */
  public static DagModelFile.Loaded readDag(Path file, boolean renormalise) {
    if (Format.of(file) == Format.JSON) {
      return DagModelFile.read(file, renormalise);
    }
    Model m = read(file, renormalise);
    if (m instanceof Dag d) {
      return d.loaded();
    }
    throw DataFormatException.at(file, 1, 1, "is a Markov network (UAI MARKOV); this command needs a DAG model"
        + " (UAI BAYES, BIF, XMLBIF or Occam JSON of type \"dag\")");
  }

  /** A DAG read from a format without hidden flags: every variable observed, its column read by its states. */
  static DagModelFile.Loaded loaded(DagModel m) {
    List<ColumnSpec> columns = new ArrayList<>();
    for (Variable v : m.structure().variables()) {
      columns.add(v.equals(Variable.withCount(v.name(), v.cardinality())) ? ColumnSpec.count(v.name(), v.cardinality())
          : ColumnSpec.of(v));
    }
    return new DagModelFile.Loaded(m, columns);
  }

  /**
   * A model in a format.
   *
   * @param networkName the network's name, for BIF and XMLBIF
   * @throws InvalidInputException for a Markov network in BIF or XMLBIF, or a DAG without CPTs in
   *     a format that needs them
   */
  public static Rendered render(Model model, Format format, String networkName) {
    if (model instanceof Dag d) {
      DagModel m = d.loaded().model();
      DagStructure s = m.structure();
      List<String> notes = new ArrayList<>();
      if (format != Format.JSON) {
        dagNotes(m, format, notes);
      }
      String text = switch (format) {
        case JSON -> ResultJson.write(ModelJson.dag(m));
        case UAI -> UaiFile.bayes(m);
        case BIF -> BifFile.write(m, networkName);
        case XMLBIF -> XmlBifFile.write(m, networkName);
      };
      String kind = switch (format) {
        case JSON -> "Occam JSON, type \"dag\"";
        case UAI -> "UAI BAYES";
        default -> format.title();
      };
      return new Rendered(text, kind, s.size(), m.parameters().isPresent() ? s.size() : 0, "CPTs", notes);
    }
    Markov mk = (Markov) model;
    FactorModel f = mk.model();
    List<String> notes = new ArrayList<>();
    if (!mk.hidden().isEmpty()) {
      notes.add(format.title() + " has no hidden flag for a Markov network: " + String.join(", ", mk.hidden())
          + " will read back as observed");
    }
    String text;
    String kind;
    switch (format) {
      case JSON -> {
        text = ResultJson.write(MarkovModelFile.json(f, mk.priorSigma()));
        kind = "Occam JSON, type \"markov\"";
      }
      case UAI -> {
        text = UaiFile.markov(f);
        kind = "UAI MARKOV";
        namesNote(f.variables(), notes);
        if (mk.priorSigma().isPresent()) {
          notes.add("UAI has no prior: the Gaussian prior (sigma " + mk.priorSigma().getAsDouble() + ") is not kept");
        }
      }
      default -> throw new InvalidInputException("a Markov network is not a DAG: " + format.title() + " holds DAGs"
          + " only; write it as .uai (UAI MARKOV) or .json (type \"markov\")");
    }
    return new Rendered(text, kind, f.variables().size(), f.factors().size(), "factors", notes);
  }

  private static void dagNotes(DagModel m, Format format, List<String> notes) {
    DagStructure s = m.structure();
    if (format == Format.UAI) {
      namesNote(s.variables(), notes);
    }
    List<String> hidden = new ArrayList<>();
    for (int j : s.hiddenVariables()) {
      hidden.add(s.name(j));
    }
    if (!hidden.isEmpty()) {
      notes.add(format.title() + " has no hidden flag: " + String.join(", ", hidden) + " will read back as observed");
    }
    if (!(m.prior().isScalar() && m.prior().lambda(0) == 1.0)) {
      notes.add(format.title() + " has no prior: the Dirichlet prior " + m.prior() + " is not kept (it reads back as"
          + " dirichlet(1.0))");
    }
  }

  private static void namesNote(List<Variable> variables, List<String> notes) {
    boolean names = false;
    boolean labels = false;
    for (int i = 0; i < variables.size(); i++) {
      Variable v = variables.get(i);
      names |= !v.name().equals("x" + i);
      labels |= !v.equals(Variable.withCount(v.name(), v.cardinality()));
    }
    if (names || labels) {
      notes.add("UAI keeps no " + (names && labels ? "names or state labels" : names ? "names" : "state labels")
          + ": the variables read back as x0.." + "x" + (variables.size() - 1) + " with states 0..k-1");
    }
  }

  /**
   * Converts a model file to another format: the output's extension chooses it. Nothing is written
   * when anything fails, and an existing output is replaced only with {@code force}.
   */
  public static Converted convert(Path in, Path out, boolean force) {
    Format to = Format.of(out);
    if (OutputFiles.isStdout(out)) {
      throw new InvalidInputException("convert writes a file whose extension names the format, not standard output");
    }
    OutputFiles.checkWritable(out, force);
    Model model = read(in, false);
    String stem = out.getFileName().toString();
    int dot = stem.lastIndexOf('.');
    Rendered r;
    try {
      r = render(model, to, dot > 0 ? stem.substring(0, dot) : stem);
    } catch (InvalidInputException e) {
      throw new InvalidInputException(out + ": cannot write " + in + ": " + e.getMessage());
    }
    OutputFiles.write(out, r.text());
    return new Converted(out, r);
  }
}
