package org.occam.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The experiments' CSV outputs, read back for the tests that recompute them. */
public final class CsvRows {
  private CsvRows() {}

  /** The rows of a CSV with a header, as maps from column name to cell; every row has every column. */
  public static List<Map<String, String>> read(Path p) throws IOException {
    List<String> lines = Files.readAllLines(p);
    String[] header = lines.get(0).split(",", -1);
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      assertThat(cells).as(line).hasSize(header.length);
      Map<String, String> row = new HashMap<>();
      for (int c = 0; c < header.length; c++) {
        row.put(header[c], cells[c]);
      }
      rows.add(row);
    }
    return rows;
  }
}
