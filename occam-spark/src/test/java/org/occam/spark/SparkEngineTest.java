package org.occam.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.Serializable;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.cli.Occam;
import org.occam.task.LocalTaskRunner;
import org.occam.task.TaskFailedException;
import org.occam.task.TaskJob;
import org.occam.task.TaskListener;
import org.occam.task.TaskOutcome;
import org.occam.task.TaskRunners;

/**
 * The Spark engine in local mode (two cores, each task tried at most twice, the driver on
 * 127.0.0.1) gives the local engine's results bit for bit, timings aside: {@code dag rank} and
 * {@code experiment beal --quick} and {@code rbm select} through the command line; a failed task is reported with its key
 * and the others' results kept, or stops the job with --fail-fast; a first attempt lost on the
 * executor is retried with the same record and gives the same numbers.
 */
class SparkEngineTest {
  /** Every test shares this JVM's one Spark context. */
  static final String MASTER = "local[2,2]";

  @TempDir
  static Path dir;

  static Path data;

  @BeforeAll
  static void sample() throws Exception {
    data = dir.resolve("d.csv");
    Path model = Path.of("..", "examples", "beal-true.json");
    run(0, "dag", "sample", "--model", model.toString(), "--rows", "160", "--seed", "5", "--out", data.toString());
  }

  @Test
  void theEngineIsFoundOnTheClassPathAndSaysWhereItRuns() {
    var runner = TaskRunners.of("spark", MASTER, 1, false);
    assertThat(runner).isInstanceOf(SparkTaskRunner.class);
    assertThat(runner.description()).isEqualTo("spark " + MASTER);
    assertThat(runner.parallelism()).isEqualTo(2);
  }

  @Test
  void dagRankGivesTheLocalEnginesNumbersBitForBit() throws Exception {
    Path local = dir.resolve("rank-local.json");
    Path spark = dir.resolve("rank-spark.json");
    List<String> common = List.of("dag", "rank", "--data", data.toString(), "--true", "../examples/beal-true.json",
        "--methods", "map,bic,bicp,cs,vb", "--seed", "11", "--posterior");
    run(0, concat(common, "--threads", "2", "--json", local.toString()));
    String err = run(0, concat(common, "--engine", "spark", "--master", MASTER, "--json", spark.toString()));
    assertThat(err).contains("(spark " + MASTER + ")");
    JsonNode a = withoutTimings(Files.readString(local));
    JsonNode b = withoutTimings(Files.readString(spark));
    assertThat(b.path("structures").size()).isEqualTo(136);
    assertThat(b).isEqualTo(a);
  }

  @Test
  void experimentBealQuickGivesTheLocalEnginesOutputsBitForBit() throws Exception {
    Path local = dir.resolve("beal-local");
    Path spark = dir.resolve("beal-spark");
    List<String> common = List.of("experiment", "beal", "--quick", "--seed", "3");
    run(0, concat(common, "--threads", "2", "--out", local.toString()));
    run(0, concat(common, "--engine", "spark", "--master", MASTER, "--out", spark.toString()));
    List<String> files;
    try (Stream<Path> s = Files.list(local)) {
      files = s.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".csv") || f.endsWith(".json")).sorted()
          .toList();
    }
    assertThat(files).contains("summary.json", "scores.csv");
    for (String f : files) {
      if (f.endsWith(".json")) {
        assertThat(withoutTimings(Files.readString(spark.resolve(f)))).as(f)
            .isEqualTo(withoutTimings(Files.readString(local.resolve(f))));
      } else {
        assertThat(csvWithoutTimings(Files.readString(spark.resolve(f)))).as(f)
            .isEqualTo(csvWithoutTimings(Files.readString(local.resolve(f))));
      }
    }
  }

  @Test
  void rbmSelectGivesTheLocalEnginesNumbersBitForBit() throws Exception {
    Path local = dir.resolve("select-local.json");
    Path spark = dir.resolve("select-spark.json");
    List<String> common = List.of("rbm", "select", "--data", "../data/sotu_chunks100_w100.csv", "--most-frequent", "5",
        "--rows", "60", "--hidden", "1..3", "--methods", "laplace,ml-bic,cv", "--folds", "2", "--pcd-iterations",
        "300", "--seed", "9");
    run(0, concat(common, "--threads", "2", "--json", local.toString()));
    run(0, concat(common, "--engine", "spark", "--master", MASTER, "--json", spark.toString()));
    JsonNode a = withoutTimings(Files.readString(local));
    JsonNode b = withoutTimings(Files.readString(spark));
    assertThat(b.path("models").size()).isEqualTo(3);
    assertThat(b).isEqualTo(a);
  }

  /** Shared: numbers that fail; task: a number; result: its square plus an offset. */
  record Shared(long offset, List<Integer> failOn) implements Serializable {}

  static Long square(Shared s, Integer x) {
    if (s.failOn().contains(x)) {
      throw new IllegalStateException("cannot square " + x);
    }
    return s.offset() + (long) x * x;
  }

  static TaskJob<Shared, Integer, Long> job(int n, List<Integer> failOn) {
    List<Integer> tasks = IntStream.range(0, n).boxed().toList();
    return new TaskJob<>("squares", new Shared(7, failOn), tasks, tasks.stream().map(i -> "number " + i).toList(),
        IntStream.range(0, n).map(i -> n - 1 - i).toArray(), SparkEngineTest::square);
  }

  @Test
  void aFailedTaskIsReportedWithItsKeyAndTheOthersAreKeptOrTheJobStops() {
    var context = SparkEngine.context(MASTER);
    List<Integer> progress = java.util.Collections.synchronizedList(new ArrayList<>());
    var out = new SparkTaskRunner(context, false).run(job(30, List.of(4, 17)), new TaskListener<>() {
      @Override
      public void progress(int done) {
        progress.add(done);
      }
    });
    var local = LocalTaskRunner.of(2).run(job(30, List.of(4, 17)), TaskListener.none());
    assertThat(out).isEqualTo(local);
    assertThat(out.stream().filter(TaskOutcome::failed).map(TaskOutcome::describeFailure))
        .containsExactly("number 4: IllegalStateException: cannot square 4",
            "number 17: IllegalStateException: cannot square 17");
    assertThatThrownBy(() -> new SparkTaskRunner(context, true).run(job(30, List.of(17)), TaskListener.none()))
        .isInstanceOf(TaskFailedException.class).hasMessageContaining("task number 17 failed")
        .hasMessageContaining("cannot square 17");
  }

  @Test
  void aLostFirstAttemptIsRetriedWithTheSameRecordAndGivesTheSameNumbers() {
    var context = SparkEngine.context(MASTER);
    SparkTaskRunner.BeforeTask loseFirstAttemptOfTask5 = (task, attempt) -> {
      if (task == 5 && attempt == 0) {
        throw new IllegalStateException("executor lost (injected)");
      }
    };
    var out = new SparkTaskRunner(context, false, loseFirstAttemptOfTask5).run(job(12, List.of()),
        TaskListener.none());
    assertThat(out).isEqualTo(LocalTaskRunner.of(1).run(job(12, List.of()), TaskListener.none()));
    assertThat(out.stream().noneMatch(TaskOutcome::failed)).isTrue();
  }

  @Test
  void tasksAreDealtInASnakeInTheStartOrder() {
    var dealt = SparkTaskRunner.deal(new int[] {9, 8, 7, 6, 5, 4, 3}, 3);
    assertThat(dealt).hasSize(3);
    assertThat(dealt.get(0)).containsExactly(9, 4, 3);
    assertThat(dealt.get(1)).containsExactly(8, 5);
    assertThat(dealt.get(2)).containsExactly(7, 6);
  }

  @Test
  void theSnakeBalancesTasksGivenLongestFirst() {
    // tasks 0..135 taking 136 - i seconds, longest first, as the structure rankings start them: with
    // 8 partitions the loads differ by less than the longest task (round-robin: by 17 rounds × 7)
    int[] order = java.util.stream.IntStream.range(0, 136).toArray();
    var dealt = SparkTaskRunner.deal(order, 8);
    int[] load = dealt.stream().mapToInt(p -> java.util.Arrays.stream(p).map(i -> 136 - i).sum()).toArray();
    int spread = java.util.Arrays.stream(load).max().getAsInt() - java.util.Arrays.stream(load).min().getAsInt();
    assertThat(spread).isLessThanOrEqualTo(8);
    assertThat(dealt.stream().flatMapToInt(java.util.Arrays::stream).sorted().toArray()).isEqualTo(order);
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The JSON without what depends on where and how fast it ran: seconds, engine, threads. */
  static JsonNode withoutTimings(String text) throws Exception {
    JsonNode root = JSON.readTree(text);
    strip(root);
    return root;
  }

  private static void strip(JsonNode node) {
    if (node instanceof ObjectNode o) {
      List<String> drop = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext();) {
        String k = it.next().getKey();
        String lower = k.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("seconds") || lower.equals("engine") || lower.equals("threads") || lower.contains("time")) {
          drop.add(k);
        }
      }
      drop.forEach(o::remove);
    }
    node.forEach(SparkEngineTest::strip);
  }

  /** A CSV without its columns named for seconds or time. */
  static List<List<String>> csvWithoutTimings(String text) {
    List<String> lines = text.lines().toList();
    if (lines.isEmpty()) {
      return List.of();
    }
    String[] header = lines.get(0).split(",", -1);
    List<Integer> keep = new ArrayList<>();
    for (int c = 0; c < header.length; c++) {
      String h = header[c].toLowerCase(java.util.Locale.ROOT);
      if (!h.contains("second") && !h.contains("time")) {
        keep.add(c);
      }
    }
    List<List<String>> out = new ArrayList<>();
    for (String line : lines) {
      String[] cells = line.split(",", -1);
      out.add(keep.stream().map(c -> c < cells.length ? cells[c] : "").toList());
    }
    return out;
  }

  private static List<String> concat(List<String> a, String... b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(List.of(b));
    return out;
  }

  private static String run(int expected, List<String> args) {
    return run(expected, args.toArray(String[]::new));
  }

  /** Runs the command line and returns its stderr, checking the exit code. */
  private static String run(int expected, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Occam.execute(new PrintWriter(out), new PrintWriter(err), args);
    assertThat(code).as("exit code of %s; stderr: %s", String.join(" ", args), err).isEqualTo(expected);
    return err.toString();
  }
}
