package org.occam.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, acceptance 4: the commands whose work grows combinatorially count it before any work,
 * say so on stderr, refuse past a limit naming the option that raises it and the alternative, and
 * run when the option is raised. No assertion reads a clock.
 */
class CostBeforeWorkTest {
  private static final Path HAIR_EYE = Path.of("..", "data", "HairEyeColor.csv");
  private static final Path SOTU = Path.of("..", "data", "sotu_chunks100_w100.csv");

  @TempDir
  Path dir;

  /** n rows of v binary columns x0..x{v-1}, every pattern of the first columns in turn. */
  private Path binary(int v, int n) throws IOException {
    List<String> lines = new ArrayList<>();
    List<String> header = new ArrayList<>();
    for (int j = 0; j < v; j++) {
      header.add("x" + j);
    }
    lines.add(String.join(",", header));
    for (int r = 0; r < n; r++) {
      StringBuilder row = new StringBuilder();
      for (int j = 0; j < v; j++) {
        row.append(j == 0 ? "" : ",").append(((r * 7 + j * 3) / (j + 1)) % 2);
      }
      lines.add(row.toString());
    }
    Path p = dir.resolve("bin" + v + ".csv");
    Files.write(p, lines);
    return p;
  }

  @Test
  void dagRankCountsTheClassRefusesPastTheLimitAndRunsWhenRaised() {
    Path json = dir.resolve("rank.json");
    // 2 binary hidden variables over 3 observed: C(2^3 + 1, 2) = 36 structures
    var refused = CliRunner.run("dag", "rank", "--data", HAIR_EYE.toString(), "--weight-column", "Freq", "--hidden",
        "2", "--max-structures", "35", "--json", json.toString());
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains("dag rank: 36 structures", "the limit is 35 (--max-structures)",
        "use `occam dag search`");
    assertThat(refused.err().lines().filter(l -> l.startsWith("occam: dag rank"))).hasSize(1);
    assertThat(json).doesNotExist();

    var ran = CliRunner.run("dag", "rank", "--data", HAIR_EYE.toString(), "--weight-column", "Freq", "--hidden",
        "2", "--max-structures", "36", "--methods", "bic", "--restarts", "1", "--threads", "1", "--json",
        json.toString());
    assertThat(ran.exitCode()).as(ran.err()).isZero();
    assertThat(ran.err()).contains("dag rank: 36 structures x 1 method(s) (1 EM restarts each) on 32 distinct rows"
        + " (local, 1 thread); an EM iteration sums up to 128 configurations");
    // the estimate, timed on the 4 structures after the first 4 (a fifth of the job), with how it was made
    assertThat(ran.err()).containsPattern("dag rank: about .* in all, .* to go \\(.* per structure, timed on"
        + " numbers 5 to 8 of 36, after 4 to warm up\\)");
    assertThat(ran.out()).contains("of 36 structures");
    assertThat(json).exists();
  }

  @Test
  void theIssuesClassOfHouseVotesIsRefusedAtOnce() throws IOException {
    // one hidden variable over 17 binary columns: 2^17 structures, refused before any scoring
    var r = CliRunner.run("dag", "rank", "--data", binary(17, 20).toString(), "--hidden", "1");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("dag rank: 131,072 structures", "the limit is 20,000 (--max-structures)",
        "occam dag search");
  }

  @Test
  void aHiddenVariableWithManyStatesIsCountedAndRefusedPastTheLimit() {
    // 32 distinct rows (4 x 4 x 2 colours and sexes), no missing cells: 32 x 5000 configurations per EM iteration
    var r = CliRunner.run("dag", "select", "--data", HAIR_EYE.toString(), "--weight-column", "Freq",
        "--hidden-states", "5000", "--max-em-configurations", "100000");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("an EM iteration would sum 160,000 configurations", "(--max-em-configurations)",
        "fewer hidden states");
    var rank = CliRunner.run("dag", "rank", "--data", HAIR_EYE.toString(), "--weight-column", "Freq",
        "--hidden", "1", "--hidden-states", "5000", "--max-em-configurations", "100000");
    assertThat(rank.exitCode()).isEqualTo(2);
    assertThat(rank.err()).contains("(--max-em-configurations)");

    var ran = CliRunner.run("dag", "select", "--data", HAIR_EYE.toString(), "--weight-column", "Freq",
        "--hidden-states", "1..3", "--methods", "bic", "--restarts", "1");
    assertThat(ran.exitCode()).as(ran.err()).isZero();
    // 3 states: 32 x 3 = 96 configurations; the bound names its cost model
    assertThat(ran.err()).contains("dag select: 3 model(s) x 1 method(s) (1 EM restarts each) on 32 distinct rows;"
        + " an EM iteration sums up to 96 configurations", "cost model");
    assertThat(ran.err()).containsPattern("dag select: about .* in all, .* to go \\(.* for the first model, the rest"
        + " scaled by the configurations an EM iteration sums\\)");
  }

  @Test
  void mrfRankRefusesFortyColumnsNamingSearchAndBpLr() throws IOException {
    Path forty = binary(40, 30);
    var r = CliRunner.run("mrf", "rank", "--data", forty.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    // E = 780 pairs: 1 + 780 * 781 / 2 criterion scores and 782 ranked graphs
    assertThat(r.err()).contains("mrf rank: " + String.format("%,d", 1 + 780 * 781 / 2 + 782) + " graphs",
        "(--max-structures)", "occam mrf search");
    var raised = CliRunner.run("mrf", "rank", "--data", forty.toString(), "--max-structures", "1000000");
    assertThat(raised.exitCode()).isEqualTo(2);
    assertThat(raised.err()).contains("laplace-exact need exact inference on the complete graph of 40 variables with"
        + " a largest clique of 40 variables (2^40 states); the limit is 2^20 (--max-clique-states); use bp-lr");
  }

  @Test
  void mrfRankCountsThePathAndRunsWithinTheLimits() throws IOException {
    Path three = binary(3, 40);
    Path json = dir.resolve("path.json");
    // 3 pairs: 1 + 3 + 2 + 1 = 7 criterion scores, then empty, chain and 3 path graphs: 12
    var over = CliRunner.run("mrf", "rank", "--data", three.toString(), "--max-structures", "11", "--json",
        json.toString());
    assertThat(over.exitCode()).isEqualTo(2);
    assertThat(over.err()).contains("mrf rank: 12 graphs", "the limit is 11 (--max-structures)");
    var narrow = CliRunner.run("mrf", "rank", "--data", three.toString(), "--max-clique-states", "4");
    assertThat(narrow.exitCode()).isEqualTo(2);
    assertThat(narrow.err()).contains("a largest clique of 3 variables (2^3 states); the limit is 2^2"
        + " (--max-clique-states); use bp-lr");
    assertThat(json).doesNotExist();
    // bp-lr needs no exact inference, so the same limit lets it run
    var bp = CliRunner.run("mrf", "rank", "--data", three.toString(), "--max-clique-states", "4", "--criterion",
        "bp-lr", "--methods", "bp-lr", "--json", json.toString());
    assertThat(bp.exitCode()).as(bp.err()).isZero();
    assertThat(bp.err()).contains("mrf rank: 12 graphs on 3 variables, the greedy path by bp-lr then 5 graphs by"
        + " every method");
    assertThat(bp.err()).containsPattern("mrf rank: about .* timed on the first 4 of 12\\)");
    assertThat(json).exists();

    var all = CliRunner.run("mrf", "rank", "--data", three.toString(), "--class", "all", "--methods", "bic-ml",
        "--max-structures", "7");
    assertThat(all.exitCode()).isEqualTo(2);
    assertThat(all.err()).contains("mrf rank: 8 graphs on 3 variables (2^3); the limit is 7 (--max-structures);"
        + " use a search instead (`occam mrf search`)");
  }

  @Test
  void mrfScoreAndSearchRefuseExactInferencePastTheCliqueLimit() throws IOException {
    Path model = dir.resolve("triangle.json");
    Files.writeString(model, "{\"type\": \"boltzmann\", \"variables\": [{\"name\": \"x0\"}, {\"name\": \"x1\"},"
        + " {\"name\": \"x2\"}], \"edges\": [[\"x0\", \"x1\"], [\"x1\", \"x2\"], [\"x0\", \"x2\"]]}");
    Path data = binary(3, 40);
    var refused = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        "bic-ml,laplace-exact", "--max-clique-states", "4");
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).isEqualTo("occam: mrf score: bic-ml, laplace-exact need exact inference with a largest"
        + " clique of 3 variables (2^3 states); the limit is 2^2 (--max-clique-states); use bp-lr"
        + System.lineSeparator());
    var raised = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        "bic-ml,laplace-exact", "--max-clique-states", "8");
    assertThat(raised.exitCode()).as(raised.err()).isZero();
    var bp = CliRunner.run("mrf", "score", "--model", model.toString(), "--data", data.toString(), "--methods",
        "bp-lr", "--max-clique-states", "4");
    assertThat(bp.exitCode()).as(bp.err()).isZero();

    var search = CliRunner.run("mrf", "search", "--data", data.toString(), "--start", "full",
        "--max-clique-states", "4");
    assertThat(search.exitCode()).isEqualTo(2);
    assertThat(search.err()).contains("laplace-exact needs exact inference on the start graph", "--max-clique-states",
        "--score bp-lr");
    var climbs = CliRunner.run("mrf", "search", "--data", data.toString(), "--restarts", "1", "--score", "bic-ml");
    assertThat(climbs.exitCode()).as(climbs.err()).isZero();
    assertThat(climbs.err()).contains("mrf search: 2 run(s) (--restarts 1) of at most 10,000 steps, each step scoring"
        + " up to 3 graphs");
    assertThat(climbs.err()).containsPattern("mrf search: about .* per run, timed on the first 1 of 2\\)");
  }

  @Test
  void dagSearchSaysWhatAStepCosts() {
    var r = CliRunner.run("dag", "search", "--data", HAIR_EYE.toString(), "--weight-column", "Freq", "--hidden", "2",
        "--score", "bic", "--restarts", "1", "--em-restarts", "1");
    assertThat(r.exitCode()).as(r.err()).isZero();
    // bipartite: 2 hidden x 3 observed arcs
    assertThat(r.err()).contains("dag search: 2 climb(s) (--restarts 1) of at most 1,000 steps, each step scoring up"
        + " to 6 one-arc moves by bic");
    assertThat(r.err()).containsPattern("dag search: about .* per climb, timed on the first 1 of 2\\)");
  }

  @Test
  void rbmCommandsSayWhatIsComing() {
    String[] cheap = {"--data", SOTU.toString(), "--most-frequent", "4", "--rows", "60", "--pcd-iterations", "200",
        "--pcd-chains", "5", "--gibbs-chains", "5", "--samples-per-chain", "10", "--burn-in", "10", "--threads", "1"};
    List<String> args = new ArrayList<>(List.of("rbm", "select", "--hidden", "1..2", "--methods", "map"));
    args.addAll(List.of(cheap));
    var r = CliRunner.run(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    // F = (V+1)(K+1) - 1 = 5 * 3 - 1 = 14 at K = 2
    assertThat(r.err()).contains("rbm select: 2 order(s) K in [1, 2] x map on 60 rows x 4 visible units; up to 14"
        + " parameters (K = 2)");
    assertThat(r.err()).containsPattern("rbm select: about .* \\(.* for the first K, the rest scaled by the number of"
        + " parameters \\(V\\+1\\)\\(K\\+1\\)-1\\)");
    List<String> score = new ArrayList<>(List.of("rbm", "score", "--hidden", "3", "--methods", "map"));
    score.addAll(List.of(cheap));
    var s = CliRunner.run(score.toArray(String[]::new));
    assertThat(s.exitCode()).as(s.err()).isZero();
    assertThat(s.err()).contains("rbm score: K = 3 on 60 rows x 4 visible units, 19 parameters; log Z exact, 2^3"
        + " states per evaluation");
  }
}
