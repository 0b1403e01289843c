package org.occam.spark;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.occam.cli.Occam;

/**
 * The main class for {@code spark-submit} and for {@code ./occam --engine spark}: runs an Occam
 * command line with {@code --engine spark} added (unless given), on the master spark-submit gives
 * (or {@code --master}). The Spark context starts in the background at once, while the command
 * line is parsed and the command starts. Only the commands that fan out take
 * {@code --engine}: {@code dag rank}, {@code rbm select}, {@code experiment beal}.
 *
 * <pre>
 * spark-submit --class org.occam.spark.OccamSpark occam-spark/target/occam-spark.jar \
 *     experiment beal --quick --out runs/beal
 * </pre>
 */
public final class OccamSpark {
  private OccamSpark() {}

  public static void main(String[] args) {
    List<String> line = new ArrayList<>(Arrays.asList(args));
    if (!line.contains("--engine") && line.stream().noneMatch(a -> a.startsWith("--engine="))) {
      line.add("--engine");
      line.add("spark");
    }
    if ("spark".equals(argument(line, "--engine"))) {
      // the context starts while the JVM warms up and the command line is read (a second or two)
      String master = argument(line, "--master");
      if (master != null) {
        SparkEngine.startEarly(SparkEngine.master(master.isEmpty() ? null : master));
      }
    }
    int code = Occam.execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true),
        line.toArray(String[]::new));
    System.exit(code);
  }

  /**
   * The value of the one {@code option} in the line ("" when there is none), or null when it
   * cannot be told without parsing (given twice, or last with no value). A look before the
   * command line is parsed, wrong only where the option's name is another option's value.
   */
  static String argument(List<String> line, String option) {
    String found = "";
    int seen = 0;
    for (int i = 0; i < line.size(); i++) {
      String a = line.get(i);
      if (a.equals(option)) {
        if (i + 1 == line.size()) {
          return null;
        }
        found = line.get(++i);
        seen++;
      } else if (a.startsWith(option + "=")) {
        found = a.substring(option.length() + 1);
        seen++;
      }
    }
    return seen > 1 ? null : found;
  }
}
