package org.occam.spark;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.occam.cli.Occam;

/**
 * The main class for {@code spark-submit}: runs an Occam command line with {@code --engine spark}
 * added (unless given), on the master spark-submit gives. Only the commands that fan out take
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
    int code = Occam.execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true),
        line.toArray(String[]::new));
    System.exit(code);
  }
}
