package org.occam.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DataFormatExceptionTest {
  @Test
  void aMessageEchoingACellThatSpansLinesStaysOneLine() {
    var e = DataFormatException.at(Path.of("d.csv"), 3, 2, "'a\r\nb' is not a state of x");
    assertThat(e.getMessage()).isEqualTo("d.csv:3:2: 'a\\r\\nb' is not a state of x").doesNotContain("\n", "\r");
    assertThat(new InvalidInputException("no column 'b\nc'").getMessage()).isEqualTo("no column 'b\\nc'");
  }

  @Test
  void aOneLineMessageIsKeptAsItIs() {
    assertThat(DataFormatException.at(Path.of("d.csv"), 0, 0, "no rows").getMessage()).isEqualTo("d.csv: no rows");
  }
}
