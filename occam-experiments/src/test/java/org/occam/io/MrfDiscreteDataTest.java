package org.occam.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.ReadSettings;

class MrfDiscreteDataTest {
  @TempDir
  Path dir;

  @Test
  void readsAnyNumberOfStatesWithWeightsAndDescribesThem() throws IOException {
    Path csv = dir.resolve("d.csv");
    Files.writeString(csv, "a,b,n\n2,lo,3\n10,hi,2\n1,mid,1\n");
    Dataset d = MrfDiscreteData.read(csv, "n", ReadSettings.defaults()).data();
    assertThat(d.size()).isEqualTo(6.0);
    assertThat(d.variables().get(0).states()).containsExactly("1", "2", "10");
    assertThat(MrfDiscreteData.describe(csv, d)).endsWith("n = 6, 3 distinct rows, 2 variables, states: a 3 (1/2/10),"
        + " b 3 (lo/hi/mid)");
  }

  @Test
  void refusesAMissingCellNamingItsPlaceAndASingleColumn() throws IOException {
    Path holes = dir.resolve("holes.csv");
    Files.writeString(holes, "a,b\n1,2\n3,NA\n");
    assertThatThrownBy(() -> MrfDiscreteData.read(holes, null, ReadSettings.defaults()))
        .isInstanceOf(DataFormatException.class).hasMessageContaining("holes.csv").hasMessageContaining("holes.csv:3:2")
        .hasMessageContaining("--complete-cases");
    assertThat(MrfDiscreteData.read(holes, null, new ReadSettings(ReadSettings.parseMissing("NA,"), true)).data()
        .size()).isEqualTo(1.0);
    Path one = dir.resolve("one.csv");
    Files.writeString(one, "a\n1\n2\n");
    assertThatThrownBy(() -> MrfDiscreteData.read(one, null, ReadSettings.defaults()))
        .isInstanceOf(DataFormatException.class).hasMessageContaining("at least two columns");
  }
}
