package org.occam.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.occam.data.DataFormatException;

/**
 * Writing results without destroying what the user has: an existing file is replaced only with
 * {@code --force}, and files are written to a temporary sibling first and moved into place, so a
 * failed run never leaves a half-written result.
 */
public final class OutputFiles {
  private OutputFiles() {}

  /** Fails with a one-line message if {@code out} exists and {@code force} is off. */
  public static void checkWritable(Path out, boolean force) {
    checkOne(out, force);
  }

  /**
   * Checks every output a command was given (null ones are not asked for) before any work: each
   * as {@link #checkWritable(Path, boolean)}, and no two of them the same file, which would leave
   * only the last one written.
   *
   * @throws DataFormatException naming the file given twice, or the first that cannot be written
   */
  public static void checkWritable(boolean force, Path... outputs) {
    java.util.Set<Path> seen = new java.util.HashSet<>();
    for (Path out : outputs) {
      if (out == null) {
        continue;
      }
      if (!seen.add(out.toAbsolutePath().normalize())) {
        throw new DataFormatException(out + ": given for two outputs; each output needs a file of its own");
      }
      checkOne(out, force);
    }
  }

  private static void checkOne(Path out, boolean force) {
    if (Files.isDirectory(out)) {
      throw new DataFormatException(out + ": is a directory, expected a file name");
    }
    if (Files.exists(out) && !force) {
      throw new DataFormatException(out + ": exists; pass --force to overwrite it");
    }
    Path parent = out.toAbsolutePath().getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw new DataFormatException(out + ": folder " + parent + " does not exist");
    }
  }

  /**
   * Makes {@code dir} ready to receive a run's outputs: created if missing; an existing folder must
   * be empty unless {@code force}.
   */
  public static Path prepareFolder(Path dir, boolean force) {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new DataFormatException(dir + ": exists and is not a folder");
    }
    try {
      if (Files.isDirectory(dir) && !force) {
        try (var list = Files.list(dir)) {
          if (list.findAny().isPresent()) {
            throw new DataFormatException(dir + ": folder is not empty; pass --force to write into it");
          }
        }
      }
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new DataFormatException(dir + ": cannot create the folder: " + e.getMessage());
    }
    return dir;
  }

  /** Writes text atomically (after {@link #checkWritable}). */
  public static void write(Path out, String text) {
    write(out, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes bytes atomically. */
  public static void write(Path out, byte[] bytes) {
    Path abs = out.toAbsolutePath();
    try {
      Path tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".tmp");
      try {
        Files.write(tmp, bytes);
        try {
          Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new DataFormatException(out + ": cannot write: " + e.getMessage());
    }
  }
}
