package org.occam.experiments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One finding of a paper, checked against an experiment's own numbers, as the reports print it
 * and their JSON records it.
 *
 * @param title the finding in a few words
 * @param paper what the paper says, quoted or paraphrased
 * @param verdict {@code agrees}, {@code partly agrees}, {@code disagrees} or {@code not checked}
 * @param evidence the sentence giving the numbers behind the verdict
 * @param numbers those numbers by name, for the JSON
 */
public record PaperClaim(String title, String paper, String verdict, String evidence, Map<String, Object> numbers) {
  /** The claim as the summary JSON writes it. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("claim", title);
    m.put("paper", paper);
    m.put("verdict", verdict);
    m.put("evidence", evidence);
    m.put("numbers", numbers);
    return m;
  }

  /** Every claim as the summary JSON writes it, in order. */
  public static List<Object> toJson(List<PaperClaim> claims) {
    List<Object> out = new ArrayList<>();
    for (PaperClaim c : claims) {
      out.add(c.toMap());
    }
    return out;
  }
}
