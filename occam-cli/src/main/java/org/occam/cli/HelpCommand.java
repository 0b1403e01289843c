package org.occam.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code occam help [COMMAND…]}: the help of a command at any depth ({@code occam help dag score}),
 * where picocli's own help command stops at the first word.
 */
@Command(name = "help", helpCommand = true, mixinStandardHelpOptions = false,
    description = "Show the help of a command, e.g. 'occam help dag score'.")
final class HelpCommand implements CommandLine.IHelpCommandInitializable2, Runnable {
  @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command and its subcommands.")
  String[] commands = {};

  private CommandLine self;
  private PrintWriter out;
  private CommandLine.Help.ColorScheme colors;

  @Override
  public void init(CommandLine helpCommandLine, CommandLine.Help.ColorScheme colorScheme, PrintWriter outWriter,
      PrintWriter errWriter) {
    this.self = helpCommandLine;
    this.colors = colorScheme;
    this.out = outWriter;
  }

  @Override
  public void run() {
    CommandLine current = self.getParent();
    for (String name : commands) {
      CommandLine next = current.getSubcommands().get(name);
      if (next == null) {
        throw new CommandLine.ParameterException(self, "unknown command '" + name + "' under '"
            + current.getCommandSpec().qualifiedName() + "' (known: "
            + String.join(", ", current.getSubcommands().keySet()) + ")");
      }
      current = next;
    }
    current.usage(out, colors);
  }
}
