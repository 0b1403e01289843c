package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.occam.data.DataFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFilesTest {
  @TempDir
  Path dir;

  private List<String> names() throws IOException {
    try (var s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void anEmptyNameAndAFileUsedAsAFolderAreNamedForWhatTheyAre() throws IOException {
    // were ": is a directory" and "folder … does not exist" (review findings)
    assertThatThrownBy(() -> OutputFiles.checkWritable(Path.of(""), false)).isInstanceOf(DataFormatException.class)
        .hasMessage("an output was given an empty file name");
    Path file = Files.writeString(dir.resolve("file.csv"), "x");
    assertThatThrownBy(() -> OutputFiles.checkWritable(file.resolve("out.json"), false))
        .isInstanceOf(DataFormatException.class).hasMessage(file.resolve("out.json") + ": " + file
            + " is a file, not a folder");
  }

  @Test
  void aNewFileGetsTheUmaskLikeAnyNewFileNot0600() throws IOException {
    Path plain = Files.createFile(dir.resolve("plain"));
    Path out = dir.resolve("out.json");
    OutputFiles.checkWritable(out, false);
    OutputFiles.write(out, "{}");
    assertThat(Files.getPosixFilePermissions(out)).isEqualTo(Files.getPosixFilePermissions(plain));
    // under the usual umasks (022, 002) that is readable by others, which 0600 is not
    assertThat(Files.readString(out)).isEqualTo("{}");
    assertThat(names()).containsExactly("out.json", "plain");
  }

  @Test
  void aReplacedFileKeepsItsPermissionsAndAnExistingFileNeedsForce() throws IOException {
    Path out = dir.resolve("out.csv");
    Files.writeString(out, "old");
    Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-r-----"));
    assertThatThrownBy(() -> OutputFiles.checkWritable(out, false)).isInstanceOf(DataFormatException.class)
        .hasMessage(out + ": exists; pass --force to overwrite it");
    OutputFiles.checkWritable(out, true);
    OutputFiles.write(out, "new");
    assertThat(Files.readString(out)).isEqualTo("new");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out))).isEqualTo("rw-r-----");
  }

  @Test
  void throughASymlinkTheTargetIsReplacedAndTheLinkKept() throws IOException {
    Path sub = Files.createDirectory(dir.resolve("sub"));
    Path target = sub.resolve("real.json");
    Files.writeString(target, "old");
    Path link = dir.resolve("link.json");
    Files.createSymbolicLink(link, Path.of("sub", "real.json")); // relative, as ln -s makes them
    Path link2 = dir.resolve("link2.json");
    Files.createSymbolicLink(link2, link); // a chain of two links

    assertThatThrownBy(() -> OutputFiles.checkWritable(link2, false)).hasMessageContaining("exists; pass --force");
    OutputFiles.checkWritable(link2, true);
    OutputFiles.write(link2, "new");
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.isSymbolicLink(link2)).isTrue();
    assertThat(Files.readString(target)).isEqualTo("new");
    assertThat(names()).containsExactly("link.json", "link2.json", "sub");
    try (var s = Files.list(sub)) {
      assertThat(s.toList()).containsExactly(target); // the temporary file lived in the target's folder
    }
  }

  @Test
  void aDanglingSymlinkCreatesItsTargetAndStaysALink() throws IOException {
    Path link = dir.resolve("link.json");
    Files.createSymbolicLink(link, dir.resolve("made.json"));
    OutputFiles.checkWritable(link, false); // nothing exists to overwrite
    OutputFiles.write(link, "x");
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readString(dir.resolve("made.json"))).isEqualTo("x");
  }

  @Test
  void twoOutputsOnOneFileAreRefusedAlsoThroughALink() throws IOException {
    Path a = dir.resolve("a.json");
    Path link = dir.resolve("b.json");
    Files.createSymbolicLink(link, a);
    assertThatThrownBy(() -> OutputFiles.checkWritable(false, a, dir.resolve("x/../a.json")))
        .hasMessageContaining("given for two outputs");
    assertThatThrownBy(() -> OutputFiles.checkWritable(false, a, link)).hasMessage(link
        + ": given for two outputs; each output needs a file of its own");
    assertThatThrownBy(() -> OutputFiles.checkWritable(false, Path.of("-"), null, Path.of("-")))
        .hasMessage("'-' (standard output) given for two outputs; at most one output can be -");
    OutputFiles.checkWritable(false, a, null, Path.of("-"));
  }

  @Test
  void devNullIsWrittenInPlaceWithoutForceAndStaysADevice() {
    Path devNull = Path.of("/dev/null");
    assumeTrue(Files.exists(devNull));
    OutputFiles.checkWritable(devNull, false);
    OutputFiles.write(devNull, "discarded");
    assertThat(Files.exists(devNull)).isTrue();
    assertThat(Files.isRegularFile(devNull)).isFalse();
  }

  @Test
  void aMissingFileUnderDevIsNotCreated() {
    assertThatThrownBy(() -> OutputFiles.checkWritable(Path.of("/dev/occam-no-such-device"), true))
        .hasMessage("/dev/occam-no-such-device: does not exist; under /dev and /proc only existing files are written");
  }

  @Test
  void aFullDeviceFailsWithOneLineNamingIt() {
    Path full = Path.of("/dev/full");
    assumeTrue(Files.exists(full));
    assertThatThrownBy(() -> OutputFiles.write(full, "x".repeat(100_000))).isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith("/dev/full: cannot write").hasMessageNotContaining("\n").hasMessageNotContaining(".tmp");
    assertThat(Files.isRegularFile(full)).isFalse();
  }

  @Test
  void aFifoIsWrittenInPlaceAndStaysAFifo() throws Exception {
    Path fifo = dir.resolve("pipe");
    Process mk;
    try {
      mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
    } catch (IOException e) {
      assumeTrue(false, "mkfifo is not available");
      return;
    }
    assumeTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo failed");
    String text = "a,b\n".repeat(50_000); // more than a pipe buffer holds
    CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
      try (InputStream in = Files.newInputStream(fifo)) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    });
    OutputFiles.checkWritable(fifo, false); // must not open it (that would block) and needs no --force
    OutputFiles.write(fifo, text);
    assertThat(reader.get(30, TimeUnit.SECONDS)).isEqualTo(text);
    assertThat(Files.isRegularFile(fifo)).isFalse();
    assertThat(Files.exists(fifo)).isTrue();
    assertThat(names()).containsExactly("pipe");
  }

  @Test
  void anUnwritableFolderIsRefusedAtTheCheckNamingThePathNotATempFile() throws IOException {
    // /sys refuses new files even to root
    Path sys = Path.of("/sys/occam-output-test.json");
    assumeTrue(Files.isDirectory(sys.getParent()));
    assertThatThrownBy(() -> OutputFiles.checkWritable(sys, false)).isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith(sys + ": cannot write in folder /sys (").hasMessageNotContaining(".tmp");
  }

  @Test
  void aFolderWithoutWritePermissionIsRefusedAtTheCheck() throws IOException {
    Path ro = Files.createDirectory(dir.resolve("ro"));
    Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      boolean rootBypasses;
      try {
        Files.delete(Files.createFile(ro.resolve("probe")));
        rootBypasses = true;
      } catch (IOException e) {
        rootBypasses = false;
      }
      assumeTrue(!rootBypasses, "running as root: permissions do not stop writes");
      Path out = ro.resolve("out.json");
      assertThatThrownBy(() -> OutputFiles.checkWritable(out, false))
          .hasMessage(out + ": cannot write in folder " + ro.toRealPath() + " (permission denied)");
    } finally {
      Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void aMissingFolderAndADirectoryAreRefused() throws IOException {
    Path missing = dir.resolve("no/such/out.json");
    assertThatThrownBy(() -> OutputFiles.checkWritable(missing, false)).hasMessageContaining("does not exist");
    assertThatThrownBy(() -> OutputFiles.checkWritable(dir, true)).hasMessage(dir + ": is a directory, expected a file name");
  }

  @Test
  void aFailureWhileProducingKeepsTheOldFileAndLeavesNoTemporary() throws IOException {
    Path out = dir.resolve("out.json");
    Files.writeString(out, "old");
    assertThatThrownBy(() -> OutputFiles.write(out, s -> {
      s.write(new byte[100_000]);
      throw new IOException("disk on fire");
    })).isInstanceOf(DataFormatException.class).hasMessage(out + ": cannot write (disk on fire)");
    assertThat(Files.readString(out)).isEqualTo("old");
    assertThat(names()).containsExactly("out.json");
  }

  @Test
  void anOutputFolderIsCheckedForWritingWhenPrepared() throws IOException {
    Path sysDir = Path.of("/sys/occam-output-test");
    assumeTrue(Files.isDirectory(sysDir.getParent()));
    assertThatThrownBy(() -> OutputFiles.prepareFolder(sysDir, false)).isInstanceOf(DataFormatException.class)
        .hasMessageStartingWith(sysDir + ": cannot create the folder (");
    Path made = OutputFiles.prepareFolder(dir.resolve("run"), false);
    assertThat(Files.isDirectory(made)).isTrue();
    try (var s = Files.list(made)) {
      assertThat(s.toList()).isEmpty(); // the probe is gone
    }
    assertThatThrownBy(() -> OutputFiles.prepareFolder(Path.of("-"), false)).hasMessageContaining("single files");
  }
}
