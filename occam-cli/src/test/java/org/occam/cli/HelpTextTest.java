package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every command's help as picocli lays it out: no line wider than the usage width, and no
 * description broken by hand inside a sentence (picocli wraps each description element itself, so
 * a sentence split over two elements shows a short line in the middle of a paragraph).
 */
class HelpTextTest {
  private static List<CommandLine> commands() {
    CommandLine root = new CommandLine(new Occam());
    MethodHelp.install(root);
    List<CommandLine> all = new ArrayList<>();
    collect(root, all);
    return all;
  }

  private static void collect(CommandLine c, List<CommandLine> all) {
    all.add(c);
    for (CommandLine sub : c.getSubcommands().values()) {
      if (!all.contains(sub)) {
        collect(sub, all);
      }
    }
  }

  @Test
  void noHelpLineIsWiderThanTheUsageWidth() {
    List<CommandLine> all = commands();
    assertThat(all).hasSizeGreaterThan(15);
    for (CommandLine c : all) {
      int width = c.getUsageHelpWidth();
      String usage = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
      for (String line : usage.split("\\R")) {
        assertThat(line.length()).as(c.getCommandSpec().qualifiedName() + ": " + line).isLessThanOrEqualTo(width);
      }
    }
  }

  @Test
  void noDescriptionIsBrokenInsideASentence() {
    List<String> broken = new ArrayList<>();
    for (CommandLine c : commands()) {
      CommandSpec spec = c.getCommandSpec();
      String name = spec.qualifiedName();
      checkParagraphs(name + " description", spec.usageMessage().description(), broken);
      checkParagraphs(name + " header", spec.usageMessage().header(), broken);
      checkParagraphs(name + " footer", spec.usageMessage().footer(), broken);
      for (OptionSpec o : spec.options()) {
        checkParagraphs(name + " " + o.longestName(), o.description(), broken);
      }
    }
    assertThat(broken).as("descriptions broken inside a sentence").isEmpty();
  }

  /**
   * Each element that another non-empty element follows must end a sentence (or a heading); indented
   * elements are laid out by hand on purpose (the method tables of {@link MethodHelp}).
   */
  private static void checkParagraphs(String where, String[] elements, List<String> broken) {
    for (int i = 0; i + 1 < elements.length; i++) {
      String here = elements[i].strip();
      String next = elements[i + 1].strip();
      boolean indented = elements[i].startsWith(" ") || elements[i + 1].startsWith(" ");
      if (!indented && !here.isEmpty() && !next.isEmpty() && !here.matches("(?s).*[.:!?)]")) {
        broken.add(where + ": \"…" + tail(here) + "\" / \"" + next + "\"");
      }
    }
    for (String e : elements) {
      if (e.contains("\n") || e.matches("(?s).*%n(?!$|%n).*")) {
        broken.add(where + ": a hand-made line break in \"" + e + "\"");
      }
    }
  }

  private static String tail(String s) {
    return s.length() <= 40 ? s : s.substring(s.length() - 40);
  }
}
