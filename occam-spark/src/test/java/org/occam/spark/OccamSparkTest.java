package org.occam.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The look at the command line that lets {@link OccamSpark} start the Spark context before parsing it. */
class OccamSparkTest {
  @Test
  void anOptionsValueIsFoundInEitherSpelling() {
    assertThat(OccamSpark.argument(List.of("dag", "rank", "--master", "local[2]", "d.csv"), "--master"))
        .isEqualTo("local[2]");
    assertThat(OccamSpark.argument(List.of("dag", "rank", "--master=local[2,4]"), "--master")).isEqualTo("local[2,4]");
    assertThat(OccamSpark.argument(List.of("experiment", "beal", "--engine", "spark"), "--engine")).isEqualTo("spark");
  }

  @Test
  void anAbsentOptionIsEmptyAndAnUnclearOneIsNotGuessed() {
    assertThat(OccamSpark.argument(List.of("experiment", "beal", "--quick"), "--master")).isEmpty();
    assertThat(OccamSpark.argument(List.of("beal", "--master", "local[2]", "--master=local[1]"), "--master")).isNull();
    assertThat(OccamSpark.argument(List.of("beal", "--master"), "--master")).isNull();
    assertThat(OccamSpark.argument(List.of("beal", "--masters", "x"), "--master")).isEmpty();
  }
}
