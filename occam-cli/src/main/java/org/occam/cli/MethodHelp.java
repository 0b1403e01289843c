package org.occam.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.occam.crf.methods.CrfMethods;
import org.occam.crf.posterior.CrfPosteriorSamplers;
import org.occam.crf.predict.CrfPredictors;
import org.occam.dag.methods.DagMethods;
import org.occam.evidence.MethodRegistry;
import org.occam.mrf.methods.MrfMethods;
import org.occam.rbm.methods.RbmMethods;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * Help texts generated from the method registries: in an option's description, the token
 * {@value #TOKEN} becomes the family's method names, and the command's help ends with one line per
 * method (name, description, what kind of number it is). A new method in a registry thus appears
 * in every command of its family without a change to the commands.
 */
final class MethodHelp {
  /** The token replaced by the family's method names. */
  static final String TOKEN = "{methods}";

  private static final Map<String, MethodRegistry<?>> REGISTRIES = Map.of(
      "dag", DagMethods.REGISTRY, "mrf", MrfMethods.REGISTRY, "rbm", RbmMethods.REGISTRY, "crf", CrfMethods.REGISTRY);

  private MethodHelp() {}

  /** Fills in the tokens of every family's commands. */
  static void install(CommandLine root) {
    REGISTRIES.forEach((family, registry) -> {
      CommandLine familyCommand = root.getSubcommands().get(family);
      if (familyCommand != null) {
        for (CommandLine sub : familyCommand.getSubcommands().values()) {
          install(sub.getCommandSpec(), registry);
        }
      }
    });
    CommandLine mrf = root.getSubcommands().get("mrf");
    if (mrf != null) {
      for (String name : List.of("score", "rank", "search")) {
        CommandLine sub = mrf.getSubcommands().get(name);
        if (sub != null) {
          registryFooter(sub.getCommandSpec(), org.occam.mrf.loglinear.LogLinearMethods.REGISTRY, "Log-linear MRF"
              + " methods (--generators, Markov network files, columns with more than two values):");
        }
      }
    }
    CommandLine crf = root.getSubcommands().get("crf");
    if (crf != null) {
      footer(crf.getSubcommands().get("predict"), "CRF prediction methods:", CrfPredictors.all().stream()
          .map(p -> new String[] {p.name(), p.description()}).toList());
      footer(crf.getSubcommands().get("posterior"), "CRF posterior samplers:", CrfPosteriorSamplers.all().stream()
          .map(p -> new String[] {p.name(), p.description()}).toList());
    }
  }

  /** Ends a command's help with one line per method of a list that is not an evidence registry. */
  private static void footer(CommandLine command, String title, List<String[]> methods) {
    if (command == null) {
      return;
    }
    CommandSpec spec = command.getCommandSpec();
    int width = methods.stream().mapToInt(m -> m[0].length()).max().orElse(0);
    List<String> footer = new ArrayList<>(List.of(spec.usageMessage().footer()));
    footer.add("");
    footer.add(title + (methods.isEmpty() ? " (none registered)" : ""));
    for (String[] m : methods) {
      footer.addAll(wrap(String.format(java.util.Locale.ROOT, "  %-" + width + "s  %s", m[0], m[1]), WIDTH));
    }
    spec.usageMessage().footer(footer.toArray(String[]::new));
  }

  private static void install(CommandSpec spec, MethodRegistry<?> registry) {
    List<OptionSpec> options = new ArrayList<>(spec.options());
    boolean any = options.stream().anyMatch(o -> String.join(" ", o.description()).contains(TOKEN));
    if (!any) {
      return;
    }
    // options cannot be edited in place: take them all out and put them back in order, rewritten
    for (OptionSpec o : options) {
      spec.remove(o);
    }
    for (OptionSpec o : options) {
      String[] description = o.description().clone();
      for (int i = 0; i < description.length; i++) {
        description[i] = description[i].replace(TOKEN, registry.names());
      }
      spec.addOption(OptionSpec.builder(o).description(description).build());
    }
    registryFooter(spec, registry, registry.family() + " methods:");
  }

  /** Ends a command's help with a registry's methods, one (wrapped) line each, under a title. */
  private static void registryFooter(CommandSpec spec, MethodRegistry<?> registry, String title) {
    List<String> footer = new ArrayList<>(List.of(spec.usageMessage().footer()));
    footer.add("");
    footer.add(title);
    for (String line : registry.helpLines()) {
      footer.addAll(wrap(line, WIDTH));
    }
    spec.usageMessage().footer(footer.toArray(String[]::new));
  }

  /** Help is wrapped at this width (picocli's default usage width). */
  private static final int WIDTH = 80;

  /** Breaks a {@code "  name  text"} line at spaces, continuation lines indented under the text. */
  static List<String> wrap(String line, int width) {
    int indent = 2;
    while (indent < line.length() && line.charAt(indent) != ' ') {
      indent++;
    }
    while (indent < line.length() && line.charAt(indent) == ' ') {
      indent++;
    }
    List<String> out = new ArrayList<>();
    String rest = line;
    String pad = " ".repeat(indent);
    while (rest.length() > width) {
      int cut = rest.lastIndexOf(' ', width);
      if (cut <= indent) {
        break;
      }
      out.add(rest.substring(0, cut));
      rest = pad + rest.substring(cut + 1);
    }
    out.add(rest);
    return out;
  }
}
