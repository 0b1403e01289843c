package org.occam.fuzz;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;

/**
 * What every reader of a user's file promises, checked on arbitrary bytes: it returns a value, or
 * it throws {@link DataFormatException} or {@link InvalidInputException} whose message is one line,
 * starts with the file's name and, when the file is non-empty UTF-8 text, goes on with the line
 * number ({@code file:line[:column]: message}). Any other exception or error, a multi-line message
 * or one that does not say where, is a finding: the fuzz test fails with an {@link AssertionError}
 * that says which rule was broken.
 */
final class ReaderContract {
  private ReaderContract() {}

  /**
   * The fuzz tests' input layout: the first byte's bits choose the reader's options, the rest is the
   * file, checked as by {@link #check(byte[], Function)}; an empty input is skipped.
   *
   * @param reader the reader for the options byte (0–255) and the file
   */
  static void checkWithOptions(byte[] input, BiFunction<Integer, Path, ?> reader) {
    if (input.length == 0) {
      return;
    }
    int options = input[0] & 0xff;
    check(Arrays.copyOfRange(input, 1, input.length), f -> reader.apply(options, f));
  }

  /**
   * Writes {@code content} to a fresh temp file, runs {@code reader} on it and checks the contract.
   *
   * @return the reader's value, or null when it refused the file as it should
   */
  static <T> T check(byte[] content, Function<Path, T> reader) {
    Path dir;
    try {
      dir = Files.createTempDirectory("occam-fuzz");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    Path file = dir.resolve("input.txt");
    try {
      Files.write(file, content);
      try {
        return reader.apply(file);
      } catch (DataFormatException | InvalidInputException e) {
        checkMessage(file, content, e);
        return null;
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } finally {
      try {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
      } catch (IOException e) {
        // a temp file left behind is no finding
      }
    }
  }

  private static void checkMessage(Path file, byte[] content, RuntimeException e) {
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      throw new AssertionError("empty message from " + e.getClass().getSimpleName(), e);
    }
    if (m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0) {
      throw new AssertionError("multi-line message: " + m, e);
    }
    String name = file.toString();
    if (!m.startsWith(name + ":")) {
      throw new AssertionError("message does not start with the file name: " + m, e);
    }
    if (content.length > 0 && isUtf8(content)
        && !Pattern.compile(Pattern.quote(name) + ":[1-9][0-9]*[:]").matcher(m).lookingAt()) {
      throw new AssertionError("message on a text file without a line number: " + m, e);
    }
  }

  static boolean isUtf8(byte[] content) {
    try {
      StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(content));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }
}
