package org.occam.cli;

import java.io.PrintWriter;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The {@code occam} command: Bayesian evidence (log marginal likelihood) for discrete graphical
 * models. Bad input ({@link DataFormatException}, {@link InvalidInputException}) ends with one line
 * on stderr and exit code 2; any other exception is a bug and ends with one line saying so and exit
 * code 1; {@code --debug} adds the stack trace.
 */
@Command(name = "occam", mixinStandardHelpOptions = true, versionProvider = Occam.Version.class,
    subcommands = {DagCommand.class, MrfCommand.class, RbmCommand.class, CrfCommand.class, ConvertCommand.class,
        org.occam.cli.experiment.ExperimentCommand.class, DemoCommand.class,
        HelpCommand.class},
    description = {
        "Bayesian evidence ln p(D | m) for discrete graphical models, to choose structures and model orders.",
        "",
        "Model families: dag, mrf and rbm (below); convert changes a model file's format (Occam JSON, BIF, XMLBIF,"
            + " UAI); experiment reruns the papers' studies.",
        "Every result says how it was made: method, settings, seed, time and diagnostics."},
    footer = {"", "Exit codes: 0 success, 2 bad input or usage, 1 internal error, 3 tasks of a job failed.",
        "Run 'occam demo' for a quick tour, 'occam dag --help' (mrf, rbm, experiment) for each family's commands."})
public final class Occam implements Runnable {
  /** Exit code for bad input: a file, option or model the library refuses. */
  public static final int BAD_INPUT = 2;
  /** Exit code for an internal error (a bug). */
  public static final int INTERNAL_ERROR = 1;
  /** Exit code when tasks of a job failed ({@code --fail-fast}, or reported beside the others' results). */
  public static final int TASKS_FAILED = 3;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
  }

  /** Runs the command line with the given streams and returns the exit code (for tests too). */
  public static int execute(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = new CommandLine(new Occam());
    // the help writes enum values in lower case (--map-basis simplex): accept them as written
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    MethodHelp.install(cl);
    return execute(cl, out, err, args);
  }

  /** Runs a command line with occam's exit codes and error lines (a test's own commands too). */
  static int execute(CommandLine cl, PrintWriter out, PrintWriter err, String... args) {
    boolean debug = java.util.Arrays.asList(args).contains("--debug");
    String[] rest = java.util.Arrays.stream(args).filter(a -> !a.equals("--debug")).toArray(String[]::new);
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((ex, line, parsed) -> {
      if (ex instanceof DataFormatException || ex instanceof InvalidInputException
          || ex instanceof CommandLine.ParameterException) {
        err.println("occam: " + oneLine(ex.getMessage()));
        if (debug) {
          ex.printStackTrace(err);
        }
        return BAD_INPUT;
      }
      if (ex instanceof org.occam.task.TaskFailedException) {
        err.println("occam: " + oneLine(ex.getMessage()));
        if (debug) {
          ex.printStackTrace(err);
        }
        return TASKS_FAILED;
      }
      // anything else is a bug in occam, not the user's input: say so, and how to report it
      err.println("occam: internal error: " + oneLine(String.valueOf(ex)) + "; please report it with the command"
          + " line" + (debug ? " and this stack trace" : " and the output of the same command with --debug"));
      if (debug) {
        ex.printStackTrace(err);
      }
      return INTERNAL_ERROR;
    });
    int code = cl.execute(rest);
    out.flush();
    err.flush();
    return code;
  }

  private static String oneLine(String s) {
    if (s == null) {
      return "invalid input";
    }
    return s.replace('\n', ' ').replace('\r', ' ');
  }

  /** The version from the jar manifest, or "dev". */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Occam.class.getPackage().getImplementationVersion();
      return new String[] {"occam " + (v == null ? "0.1.0-SNAPSHOT" : v)};
    }
  }
}
