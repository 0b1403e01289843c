package org.occam.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DataFormatExceptionTest {
  private final Path file = Path.of("d.csv");

  @Test
  void readingNamesTheFileAndWhatWentWrongOnOneLine() {
    assertThat(DataFormatException.reading(file, new NoSuchFileException("d.csv")))
        .hasMessage("d.csv: no such file");
    assertThat(DataFormatException.reading(file, new MalformedInputException(1)))
        .hasMessage("d.csv: is not UTF-8 text");
    assertThat(DataFormatException.reading(file, new IOException("Is a directory\nsecond line")))
        .hasMessage("d.csv: cannot read: Is a directory");
    assertThat(DataFormatException.reading(file, new IOException()))
        .hasMessage("d.csv: cannot read: unknown error");
  }

  @Test
  void atLeavesOutUnknownPartsAndEscapesLineBreaks() {
    assertThat(DataFormatException.at(file, 3, 2, "bad")).hasMessage("d.csv:3:2: bad");
    assertThat(DataFormatException.at(file, 3, 0, "bad")).hasMessage("d.csv:3: bad");
    assertThat(DataFormatException.at(null, 0, 5, "a\nb")).hasMessage("<input>: a\\nb");
  }
}
