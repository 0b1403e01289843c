package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interrupted write leaves the old file or the complete new one: a child JVM writing through
 * {@link OutputFiles} is killed with SIGKILL (no shutdown hook runs) at several points of the write.
 */
class OutputFilesKillTest {
  private static final int CHUNKS = 1024; // 1 MB in 16 steps of 64 KB

  @TempDir
  Path dir;

  private static Process start(Path out, long pauseMillis) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(java, "-XX:+UseSerialGC", "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
        SlowOutputWriter.class.getName(), out.toString(), Integer.toString(CHUNKS), Long.toString(pauseMillis))
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
  }

  @Test
  void aKillMidWriteLeavesTheOldFileAndACompleteRunTheNewOne() throws Exception {
    Path out = dir.resolve("big.csv");
    String old = "the user's old results\n";
    Files.writeString(out, old);
    String full = SlowOutputWriter.content(CHUNKS);
    // killed after 1, 5 and 12 of the 16 steps: the target holds the old content or the complete new one
    int midWrite = 0;
    for (int killAfter : new int[] {1, 5, 12}) {
      Process child = start(out, 150);
      try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        for (int step = 0; step < killAfter; step++) {
          assertThat(r.readLine()).startsWith("wrote ");
        }
        child.destroyForcibly();
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
      }
      String now = Files.readString(out);
      List<Path> temps = temporaries();
      if (now.equals(old)) {
        midWrite++;
        assertThat(temps).hasSize(1); // what kill -9 leaves: a partial hidden sibling, not a partial target
        long partial = Files.size(temps.get(0)); // at least what the child said it wrote (it may have gone on)
        assertThat(partial).isGreaterThanOrEqualTo(killAfter * 64 * 1024L).isLessThan(full.length());
        assertThat(full).startsWith(Files.readString(temps.get(0)));
        Files.delete(temps.get(0));
      } else {
        // a machine so busy that the child finished before the kill: then the file is complete
        assertThat(now).isEqualTo(full);
        assertThat(temps).isEmpty();
        Files.writeString(out, old);
      }
    }
    assertThat(midWrite).as("kills that landed in the middle of the write").isPositive();
    Process child = start(out, 0);
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).isZero();
    assertThat(Files.readString(out)).isEqualTo(full);
    assertThat(temporaries()).isEmpty();
  }

  private List<Path> temporaries() throws IOException {
    try (var s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
    }
  }
}
