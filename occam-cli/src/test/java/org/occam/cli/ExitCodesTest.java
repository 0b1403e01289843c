package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** Bad input exits 2 with one line; a bug (any other exception) exits 1 and says it is one. */
class ExitCodesTest {
  @Command(name = "throw")
  static final class Thrower implements Callable<Integer> {
    @CommandLine.Parameters(index = "0")
    String kind;

    @Override
    public Integer call() {
      switch (kind) {
        case "data" -> throw DataFormatException.at(java.nio.file.Path.of("d.csv"), 3, 2, "state 'x' is not declared");
        case "input" -> throw new InvalidInputException("restarts must be >= 1, got 0");
        case "bug" -> throw new IllegalArgumentException("the data's statistics are for another graph");
        default -> throw new IllegalStateException("unreachable");
      }
    }
  }

  private record Run(int code, String err) {}

  private static Run run(String... args) {
    StringWriter err = new StringWriter();
    int code = Occam.execute(new CommandLine(new Thrower()), new PrintWriter(new StringWriter()), new PrintWriter(err),
        args);
    return new Run(code, err.toString());
  }

  @Test
  void badInputExitsTwoWithOneLine() {
    Run data = run("data");
    assertThat(data.code()).isEqualTo(2);
    assertThat(data.err()).isEqualTo("occam: d.csv:3:2: state 'x' is not declared" + System.lineSeparator());
    Run input = run("input");
    assertThat(input.code()).isEqualTo(2);
    assertThat(input.err().lines()).containsExactly("occam: restarts must be >= 1, got 0");
  }

  @Test
  void anyOtherExceptionIsReportedAsABugWithExitOne() {
    Run bug = run("bug");
    assertThat(bug.code()).isEqualTo(1);
    assertThat(bug.err().lines()).hasSize(1);
    assertThat(bug.err()).startsWith("occam: internal error: java.lang.IllegalArgumentException: the data's")
        .contains("please report it").contains("--debug");
    Run debug = run("bug", "--debug");
    assertThat(debug.code()).isEqualTo(1);
    assertThat(debug.err()).contains("at org.occam.cli.ExitCodesTest$Thrower.call");
  }

  @Test
  void aWrongOptionIsAUsageErrorOnTheRealCommandLine() {
    StringWriter err = new StringWriter();
    int code = Occam.execute(new PrintWriter(new StringWriter()), new PrintWriter(err), "dag", "score", "--nope");
    assertThat(code).isEqualTo(2);
  }
}
