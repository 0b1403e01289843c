package org.occam.io;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * XMLBIF 0.3 (Cozman 1998), the XML form of the Bayesian Interchange Format written by JavaBayes,
 * Weka and pgmpy:
 *
 * <pre>{@code
 * <BIF VERSION="0.3"><NETWORK><NAME>sprinkler</NAME>
 *   <VARIABLE TYPE="nature"><NAME>Cloudy</NAME><OUTCOME>F</OUTCOME><OUTCOME>T</OUTCOME></VARIABLE>
 *   …
 *   <DEFINITION><FOR>Rain</FOR><GIVEN>Cloudy</GIVEN><TABLE>0.8 0.2 0.2 0.8</TABLE></DEFINITION>
 * </NETWORK></BIF>
 * }</pre>
 *
 * <p>A {@code TABLE} lists the {@code FOR} variable's distribution for each configuration of the
 * {@code GIVEN} variables, the first {@code GIVEN} slowest and the {@code FOR} variable fastest
 * (the layout of {@link DagStructure}). {@code PROPERTY} elements are skipped. The JDK's SAX parser
 * reads the file with document type declarations refused (no external entities). A DAG read from
 * XMLBIF gets the uniform Dirichlet prior λ = 1 (Beal's default) and no hidden variables.
 */
public final class XmlBifFile {
  /** An element as read, with where its start tag ends. */
  private record Element(String name, Map<String, String> attributes, StringBuilder text, List<Element> children,
      int line, int column) {
    List<Element> all(String tag) {
      return children.stream().filter(c -> c.name.equalsIgnoreCase(tag)).toList();
    }

    String content() {
      return text.toString().strip();
    }
  }

  private final Path file;

  private XmlBifFile(Path file) {
    this.file = file;
  }

  private DataFormatException error(Element at, String message) {
    return DataFormatException.at(file, at.line(), at.column(), message);
  }

  /**
   * Reads an XMLBIF file.
   *
   * @param renormalise divide each CPT row by its sum instead of rejecting rows off by more than
   *     {@link DagModel#ROW_SUM_TOLERANCE}
   * @throws DataFormatException for malformed XML or a network that breaks a rule, in one line with its place
   */
  public static DagModel read(Path file, boolean renormalise) {
    XmlBifFile f = new XmlBifFile(file);
    return f.model(f.parse(JsonSource.readText(file)), renormalise);
  }

  private Element parse(String text) {
    List<Element> stack = new ArrayList<>();
    Element[] root = new Element[1];
    DefaultHandler handler = new DefaultHandler() {
      private Locator locator;

      @Override
      public void setDocumentLocator(Locator l) {
        locator = l;
      }

      @Override
      public void startElement(String uri, String local, String qName, Attributes attrs) {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i < attrs.getLength(); i++) {
          a.put(attrs.getQName(i), attrs.getValue(i));
        }
        Element e = new Element(qName, a, new StringBuilder(), new ArrayList<>(),
            locator == null ? 1 : locator.getLineNumber(), locator == null ? 0 : locator.getColumnNumber());
        if (stack.isEmpty()) {
          root[0] = e;
        } else {
          stack.get(stack.size() - 1).children().add(e);
        }
        stack.add(e);
      }

      @Override
      public void endElement(String uri, String local, String qName) {
        stack.remove(stack.size() - 1);
      }

      @Override
      public void characters(char[] ch, int start, int length) {
        if (!stack.isEmpty()) {
          stack.get(stack.size() - 1).text().append(ch, start, length);
        }
      }

      @Override
      public void fatalError(SAXParseException e) throws SAXException {
        throw e;
      }
    };
    try {
      SAXParserFactory factory = SAXParserFactory.newInstance();
      factory.setNamespaceAware(false);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.newSAXParser().parse(new InputSource(new StringReader(text)), handler);
    } catch (SAXParseException e) {
      throw DataFormatException.at(file, Math.max(1, e.getLineNumber()), Math.max(0, e.getColumnNumber()),
          "malformed XML: " + String.valueOf(e.getMessage()).replace('\n', ' ').replace('\r', ' '));
    } catch (SAXException | ParserConfigurationException | IOException e) {
      throw DataFormatException.at(file, 1, 0, "cannot parse the XML: " + e.getMessage());
    }
    return root[0];
  }

  private Element one(Element parent, String tag, String what) {
    List<Element> found = parent.all(tag);
    if (found.size() != 1) {
      throw error(found.size() > 1 ? found.get(1) : parent, "<" + parent.name() + "> needs exactly one <" + tag + "> ("
          + what + "), found " + found.size());
    }
    return found.get(0);
  }

  private DagModel model(Element root, boolean renormalise) {
    if (!root.name().equalsIgnoreCase("BIF")) {
      throw error(root, "an XMLBIF file's root element is <BIF>, found <" + root.name() + ">");
    }
    Element network = one(root, "NETWORK", "the network");
    List<Variable> variables = new ArrayList<>();
    List<Element> variableAt = new ArrayList<>();
    List<String> names = new ArrayList<>();
    Map<String, Integer> index = new java.util.HashMap<>();
    for (Element v : network.all("VARIABLE")) {
      String type = v.attributes().getOrDefault("TYPE", "nature");
      if (!type.equalsIgnoreCase("nature")) {
        throw error(v, "only chance variables (TYPE=\"nature\") are supported, found TYPE=\"" + type + "\"");
      }
      String name = one(v, "NAME", "the variable's name").content();
      if (name.isEmpty()) {
        throw error(v, "a variable's <NAME> is empty");
      }
      if (index.containsKey(name)) {
        throw error(v, "variable '" + name + "' is declared twice");
      }
      List<String> outcomes = new ArrayList<>();
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (Element o : v.all("OUTCOME")) {
        if (!seen.add(o.content())) {
          throw error(o, "duplicate outcome '" + o.content() + "' for " + name);
        }
        outcomes.add(o.content());
      }
      if (outcomes.isEmpty()) {
        throw error(v, "variable " + name + " has no <OUTCOME>");
      }
      if (outcomes.size() > DagModelFile.MAX_STATES) {
        throw error(v, "variable " + name + " has more than " + DagModelFile.MAX_STATES + " outcomes");
      }
      index.put(name, names.size());
      names.add(name);
      variables.add(new Variable(name, outcomes));
      variableAt.add(v);
    }
    if (variables.isEmpty()) {
      throw error(network, "the network declares no <VARIABLE>");
    }
    Element[] definitionOf = new Element[names.size()];
    int[][] parents = new int[names.size()][];
    List<Element> definitions = new ArrayList<>(network.all("DEFINITION"));
    definitions.addAll(network.all("PROBABILITY"));
    for (Element d : definitions) {
      Element forElement = one(d, "FOR", "the variable it defines");
      int j = index.getOrDefault(forElement.content(), -1);
      if (j < 0) {
        throw error(forElement, "<FOR> names an undeclared variable '" + forElement.content() + "'");
      }
      if (definitionOf[j] != null) {
        throw error(d, "a second <DEFINITION> for " + names.get(j) + " (the first at line " + definitionOf[j].line() + ")");
      }
      definitionOf[j] = d;
      List<Element> given = d.all("GIVEN");
      parents[j] = new int[given.size()];
      for (int a = 0; a < given.size(); a++) {
        int q = index.getOrDefault(given.get(a).content(), -1);
        if (q < 0) {
          throw error(given.get(a), "unknown parent '" + given.get(a).content() + "' of " + names.get(j)
              + " (variables: " + String.join(", ", names) + ")");
        }
        parents[j][a] = q;
      }
    }
    for (int j = 0; j < names.size(); j++) {
      if (definitionOf[j] == null) {
        throw error(variableAt.get(j), "variable " + names.get(j) + " has no <DEFINITION>");
      }
    }
    String tooBig = DagModelFile.tableSizeProblem(variables, parents);
    if (tooBig != null) {
      throw error(network, tooBig);
    }
    DagStructure s;
    try {
      s = DagStructure.of(variables, new boolean[names.size()], parents);
    } catch (InvalidInputException e) {
      throw error(network, e.getMessage());
    }
    double[] theta = new double[s.tableSize()];
    for (int j = 0; j < s.size(); j++) {
      table(s, j, one(definitionOf[j], "TABLE", "the probabilities"), theta, renormalise);
    }
    return new DagModel(s, DirichletPrior.uniform(s.size(), 1.0), theta);
  }

  private void table(DagStructure s, int j, Element table, double[] theta, boolean renormalise) {
    String[] words = table.content().isEmpty() ? new String[0] : table.content().split("\\s+");
    int k = s.cardinality(j);
    int need = s.parentConfigurations(j) * k;
    if (words.length != need) {
      throw error(table, "the <TABLE> of " + s.name(j) + " needs " + need + " probabilities (" + k + " states x "
          + s.parentConfigurations(j) + " parent configurations), got " + words.length);
    }
    for (int i = 0; i < need; i++) {
      ModelText.Word w = new ModelText.Word(words[i], table.line(), table.column(), false);
      double v = ModelText.isNumber(w) ? Double.parseDouble(words[i]) : Double.NaN;
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw error(table, "entry " + (i + 1) + " of the <TABLE> of " + s.name(j) + " is '" + words[i]
            + "'; expected a finite probability >= 0");
      }
      theta[s.offset(j) + i] = v;
    }
    for (int l = 0; l < s.parentConfigurations(j); l++) {
      double sum = 0;
      for (int x = 0; x < k; x++) {
        sum += theta[s.offset(j) + l * k + x];
      }
      if (!renormalise && Math.abs(sum - 1) > DagModel.ROW_SUM_TOLERANCE) {
        throw error(table, "row " + (l + 1) + " of the <TABLE> of " + s.name(j) + " sums to " + sum + ", not 1"
            + " (tolerance " + DagModel.ROW_SUM_TOLERANCE + "; the FOR variable varies fastest)");
      }
      if (!(sum > 0)) {
        throw error(table, "row " + (l + 1) + " of the <TABLE> of " + s.name(j) + " sums to 0");
      }
      for (int x = 0; x < k && renormalise; x++) {
        theta[s.offset(j) + l * k + x] /= sum;
      }
    }
  }

  /**
   * A DAG model with CPTs as XMLBIF 0.3.
   *
   * @throws InvalidInputException when the model has no CPTs
   */
  public static String write(DagModel model, String networkName) {
    DagStructure s = model.structure();
    double[] theta = model.parameters().orElseThrow(() -> new InvalidInputException(
        "the model has no CPTs; an XMLBIF file needs a table for every variable"));
    StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<BIF VERSION=\"0.3\">\n<NETWORK>\n");
    b.append("<NAME>").append(escape(networkName)).append("</NAME>\n");
    for (int j = 0; j < s.size(); j++) {
      b.append("<VARIABLE TYPE=\"nature\">\n  <NAME>").append(escape(s.name(j))).append("</NAME>\n");
      for (String o : s.variable(j).states()) {
        b.append("  <OUTCOME>").append(escape(o)).append("</OUTCOME>\n");
      }
      b.append("</VARIABLE>\n");
    }
    for (int j = 0; j < s.size(); j++) {
      b.append("<DEFINITION>\n  <FOR>").append(escape(s.name(j))).append("</FOR>\n");
      for (int q : s.parents(j)) {
        b.append("  <GIVEN>").append(escape(s.name(q))).append("</GIVEN>\n");
      }
      b.append("  <TABLE>");
      int k = s.cardinality(j);
      for (int i = 0; i < s.parentConfigurations(j) * k; i++) {
        b.append(i == 0 ? "" : i % k == 0 ? "  " : " ").append(UaiFile.number(theta[s.offset(j) + i]));
      }
      b.append("</TABLE>\n</DEFINITION>\n");
    }
    return b.append("</NETWORK>\n</BIF>\n").toString();
  }

  private static String escape(String s) {
    if (!s.equals(s.strip()) || s.isEmpty()) {
      throw new InvalidInputException("the name or label '" + s + "' cannot be written in XMLBIF (its blanks at either"
          + " end would be lost)");
    }
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
