package org.occam.report;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A child process for {@link OutputFilesKillTest}: writes {@code chunks} numbered lines of 1 KB to a
 * file through {@link OutputFiles}, slowly, saying on standard output how far it has come, so that
 * the test can kill it in the middle of the write.
 */
public final class SlowOutputWriter {
  private SlowOutputWriter() {}

  /** The full content the child writes, for the test to compare against. */
  static String content(int chunks) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < chunks; i++) {
      b.append(line(i));
    }
    return b.toString();
  }

  private static String line(int i) {
    String head = String.format("%08d,", i);
    return head + "x".repeat(1023 - head.length()) + "\n";
  }

  public static void main(String[] args) {
    Path out = Path.of(args[0]);
    int chunks = Integer.parseInt(args[1]);
    long pauseMillis = Long.parseLong(args[2]);
    OutputFiles.checkWritable(out, true);
    OutputFiles.write(out, s -> {
      for (int i = 0; i < chunks; i++) {
        s.write(line(i).getBytes(StandardCharsets.US_ASCII));
        if (i % 64 == 63) {
          s.flush(); // the bytes reach the temporary file: a kill now leaves a real partial file behind
          System.out.println("wrote " + (i + 1));
          System.out.flush();
          try {
            Thread.sleep(pauseMillis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
      }
    });
    System.out.println("done");
  }
}
