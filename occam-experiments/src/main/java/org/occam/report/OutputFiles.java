package org.occam.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.occam.data.DataFormatException;

/**
 * Writing results without destroying what the user has.
 *
 * <ul>
 *   <li>An existing file is replaced only with {@code --force}, and read-only files are never
 *       replaced.
 *   <li>A regular file is written to a temporary file in its own folder (created with the user's
 *       umask, like any new file), flushed to disk and renamed over the target in one step: a run
 *       that is killed or fails leaves either the old file or the complete new one, never a part.
 *       A leftover {@code .NAME.*.tmp} file is all a {@code kill -9} can leave behind.
 *   <li>Through a symbolic link the link's final target is replaced (its temporary file sits in
 *       the target's folder) and the link is kept; a replaced file keeps its permissions (not its
 *       owner, nor its other hard links, which keep the old content, as with any atomic replace).
 *   <li>Special files are <em>written in place</em>, never replaced: a FIFO, a character or block
 *       device ({@code /dev/null}, a terminal) and anything under {@code /dev/} or {@code /proc/}
 *       receive the bytes as a stream (appended, as {@code >>} would; for a FIFO or device that is
 *       the same as {@code >}), and need no {@code --force}
 *       (nothing is overwritten). A FIFO blocks until a reader opens it.
 *   <li>Every output is checked before any work: the folder must exist and accept a new file
 *       (tried by creating and removing a temporary file, so a read-only mount or a folder without
 *       write permission is refused naming the path given), and no two outputs may be the same
 *       file (also through links).
 * </ul>
 *
 * <p>{@value #STDOUT} as a path means standard output; writing it is the caller's business (this
 * class works on files), see {@link #isStdout(Path)}.
 */
public final class OutputFiles {
  /** The path that means standard output on the command line. */
  public static final String STDOUT = "-";

  private static final int MAX_LINKS = 40;

  private OutputFiles() {}

  /** Produces an output's bytes into a stream (which the caller of {@link #write} closes). */
  @FunctionalInterface
  public interface Content {
    /** Writes the content to {@code out}. */
    void writeTo(OutputStream out) throws IOException;
  }

  /** Whether {@code out} is {@value #STDOUT}, standard output. */
  public static boolean isStdout(Path out) {
    return out != null && out.toString().equals(STDOUT);
  }

  /**
   * Fails with a one-line message naming {@code out} if it cannot be written: an existing file
   * without {@code force}, a read-only file, a directory, a missing or unwritable folder.
   * {@value #STDOUT} always passes.
   */
  public static void checkWritable(Path out, boolean force) {
    checkWritable(force, out);
  }

  /**
   * Checks every output a command was given (null ones are not asked for) before any work: each
   * as {@link #checkWritable(Path, boolean)}, no two of them the same file (which would leave only
   * the last one written) and at most one of them standard output.
   *
   * @throws DataFormatException naming the file given twice, or the first that cannot be written
   */
  public static void checkWritable(boolean force, Path... outputs) {
    Set<Path> seen = new HashSet<>();
    boolean stdout = false;
    for (Path out : outputs) {
      if (out == null) {
        continue;
      }
      if (isStdout(out)) {
        if (stdout) {
          throw new DataFormatException("'-' (standard output) given for two outputs; at most one output can be -");
        }
        stdout = true;
        continue;
      }
      Path key = checkOne(out, force);
      if (!seen.add(key)) {
        throw new DataFormatException(out + ": given for two outputs; each output needs a file of its own");
      }
    }
  }

  /** Checks one file output and returns the file it will really write (for finding duplicates). */
  private static Path checkOne(Path out, boolean force) {
    if (out.toString().isEmpty()) {
      throw new DataFormatException("an output was given an empty file name");
    }
    Path abs = out.toAbsolutePath().normalize();
    if (Files.isDirectory(abs)) {
      throw new DataFormatException(out + ": is a directory, expected a file name");
    }
    if (isSpecial(abs)) {
      if (!Files.exists(abs)) {
        throw new DataFormatException(out + ": does not exist; under /dev and /proc only existing files are written");
      }
      if (!Files.isWritable(abs)) {
        throw new DataFormatException(out + ": cannot write to this special file (permission denied)");
      }
      return abs;
    }
    Path target = target(out, abs);
    String via = target.equals(abs) ? "" : " (link to " + target + ")";
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      if (!force) {
        throw new DataFormatException(out + via + ": exists; pass --force to overwrite it");
      }
      if (!Files.isWritable(target)) {
        throw new DataFormatException(out + via + ": is read-only; it is not replaced, even with --force");
      }
    }
    Path parent = target.getParent();
    if (parent != null && Files.exists(parent) && !Files.isDirectory(parent)) {
      throw new DataFormatException(out + via + ": " + parent + " is a file, not a folder");
    }
    if (parent == null || !Files.isDirectory(parent)) {
      throw new DataFormatException(out + via + ": folder " + parent + " does not exist");
    }
    try {
      Files.delete(createTemp(parent, target.getFileName().toString()));
    } catch (IOException e) {
      throw new DataFormatException(out + via + ": cannot write in folder " + parent + " (" + reason(e) + ")");
    }
    return target;
  }

  /**
   * Makes {@code dir} ready to receive a run's outputs: created if missing; an existing folder must
   * be empty unless {@code force}; the folder must accept new files (checked by creating one).
   */
  public static Path prepareFolder(Path dir, boolean force) {
    if (isStdout(dir)) {
      throw new DataFormatException("'-' (standard output) is for single files; this output is a folder");
    }
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
      throw new DataFormatException(dir + ": cannot create the folder (" + reason(e) + ")");
    }
    try {
      Files.delete(createTemp(dir, "probe"));
    } catch (IOException e) {
      throw new DataFormatException(dir + ": cannot write in the folder (" + reason(e) + ")");
    }
    return dir;
  }

  /** Writes text as UTF-8, safely as the class says (after {@link #checkWritable}). */
  public static void write(Path out, String text) {
    write(out, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes bytes, safely as the class says (after {@link #checkWritable}). */
  public static void write(Path out, byte[] bytes) {
    write(out, s -> s.write(bytes));
  }

  /**
   * Writes what {@code content} produces, safely as the class says, without holding it all in
   * memory (after {@link #checkWritable}).
   *
   * @throws DataFormatException naming {@code out} if the file cannot be written
   */
  public static void write(Path out, Content content) {
    if (isStdout(out)) {
      throw new IllegalArgumentException("standard output is written by the caller, not as a file");
    }
    Path abs = out.toAbsolutePath().normalize();
    try {
      if (isSpecial(abs)) {
        try (OutputStream s = new BufferedOutputStream(Files.newOutputStream(abs, StandardOpenOption.WRITE,
            StandardOpenOption.APPEND))) {
          content.writeTo(s);
        }
        return;
      }
      Path target = target(out, abs);
      Path tmp = createTemp(target.getParent(), target.getFileName().toString());
      try {
        try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
          OutputStream s = new BufferedOutputStream(Channels.newOutputStream(channel));
          content.writeTo(s);
          s.flush();
          channel.force(true);
        }
        keepPermissions(target, tmp);
        try {
          Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new DataFormatException(out + ": cannot write (" + reason(e) + ")");
    }
  }

  /**
   * Whether {@code abs} is written in place: an existing file that is neither regular nor a
   * folder (FIFO, device, socket), or anything under {@code /dev/} or {@code /proc/}.
   */
  static boolean isSpecial(Path abs) {
    String s = abs.toString();
    if (s.startsWith("/dev/") || s.startsWith("/proc/")) {
      return true;
    }
    return Files.exists(abs) && !Files.isRegularFile(abs) && !Files.isDirectory(abs);
  }

  /** The file a write to {@code abs} replaces: the end of its chain of symbolic links. */
  private static Path target(Path out, Path abs) {
    Path p = abs;
    for (int i = 0; Files.isSymbolicLink(p); i++) {
      if (i == MAX_LINKS) {
        throw new DataFormatException(out + ": too many levels of symbolic links");
      }
      try {
        p = p.getParent().resolve(Files.readSymbolicLink(p)).normalize();
      } catch (IOException e) {
        throw new DataFormatException(out + ": cannot read the symbolic link (" + reason(e) + ")");
      }
    }
    // a folder on the way may itself be a link: name the file in the real folder
    Path parent = p.getParent();
    if (parent != null && Files.isDirectory(parent)) {
      try {
        p = parent.toRealPath().resolve(p.getFileName());
      } catch (IOException e) {
        // keep p: the check that follows names the problem
      }
    }
    return p;
  }

  /**
   * A new empty file beside the output, with a random name and default permissions (the umask
   * applies, unlike {@link Files#createTempFile}, which makes it 0600).
   */
  private static Path createTemp(Path dir, String name) throws IOException {
    for (int attempt = 0; ; attempt++) {
      Path tmp = dir.resolve("." + name + "." + UUID.randomUUID().toString().substring(0, 8) + ".tmp");
      try {
        Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        return tmp;
      } catch (FileAlreadyExistsException e) {
        if (attempt == 10) {
          throw e;
        }
      }
    }
  }

  /** A replaced file keeps its permissions (the new one would otherwise get the umask's). */
  private static void keepPermissions(Path target, Path tmp) {
    if (!Files.isRegularFile(target)) {
      return;
    }
    PosixFileAttributeView view = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
    if (view == null) {
      return;
    }
    try {
      view.setPermissions(Files.getPosixFilePermissions(target));
    } catch (IOException | UnsupportedOperationException e) {
      // the umask's permissions are a fine fallback
    }
  }

  private static String reason(IOException e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or folder";
    }
    if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return String.valueOf(e.getMessage());
  }
}
