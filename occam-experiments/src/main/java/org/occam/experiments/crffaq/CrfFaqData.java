package org.occam.experiments.crffaq;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.occam.crf.CrfCsvReader;
import org.occam.crf.CrfData;
import org.occam.crf.CrfReadOptions;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;

/**
 * The FAQ documents of the experiment: the sed FAQ's and then the lsof FAQ's question and answer
 * lines (head lines dropped, as the papers binarise the problem), each FAQ cut into documents of
 * {@value #LINES} lines (a shorter last one kept), with the 24 binary line features of McCallum et
 * al. (2000) as inputs. The labels are derived by rules from the FAQs' layout, not hand-labelled
 * (data/SOURCES.md). Label state 0 (spin −1) is {@code question}, 1 (spin +1) is {@code answer}.
 *
 * @param documents every document, sed's then lsof's
 * @param faqs the FAQ each document comes from (its file name without {@code .tsv})
 * @param order a seeded permutation of the documents: its first {@code N} are the training set of
 *     size N (nested), the rest held out; Figure 5's documents are its first two
 */
record CrfFaqData(CrfData documents, List<String> faqs, int[] order) {
  /** The FAQ files, in the order their documents are listed. */
  static final List<String> FILES = List.of("faq_sed_lines.tsv", "faq_lsof_lines.tsv");
  /** Lines per document (the papers truncate their files at 100 lines). */
  static final int LINES = 100;
  static final List<String> LABELS = List.of("question", "answer");

  /** Refuses a folder without both FAQ files (one-line InvalidInputException). */
  static void check(Path dir) {
    for (String f : FILES) {
      Path p = dir.resolve(f);
      if (!Files.isRegularFile(p)) {
        throw new InvalidInputException(p + ": no such file (--data names the folder holding " + String.join(" and ",
            FILES) + ")");
      }
    }
  }

  /** Reads both FAQs from {@code dir} and shuffles the documents with {@code seed}. */
  static CrfFaqData load(Path dir, long seed) {
    check(dir);
    List<CrfData.Sequence> docs = new ArrayList<>();
    List<String> faqs = new ArrayList<>();
    List<String> inputs = null;
    CrfReadOptions o = CrfReadOptions.defaults().withKeepLabels(LABELS).withIgnoreColumns(List.of("text"))
        .withChunk(LINES);
    for (String f : FILES) {
      Path p = dir.resolve(f);
      CrfData d = CrfCsvReader.read(p, o);
      if (inputs != null && !inputs.equals(d.inputNames())) {
        throw new InvalidInputException(p + ": its input columns differ from " + FILES.get(0) + "'s");
      }
      inputs = d.inputNames();
      String faq = f.substring(0, f.length() - ".tsv".length());
      for (CrfData.Sequence s : d.sequences()) {
        docs.add(new CrfData.Sequence(faq + "#" + s.id(), s.labels(), s.inputs()));
        faqs.add(faq);
      }
    }
    CrfData all = new CrfData(LABELS, inputs, docs);
    return new CrfFaqData(all, List.copyOf(faqs), shuffle(all.size(), RandomStreams.taskSeed(seed, 0)));
  }

  /** A uniformly random permutation of 0…n−1 (Fisher–Yates). */
  static int[] shuffle(int n, long seed) {
    return RandomStreams.permutation(n, RandomStreams.fromSeed(seed));
  }

  int size() {
    return documents.size();
  }

  /** The first {@code n} documents of the seeded order. */
  CrfData first(int n) {
    return documents.subset(indices(0, n));
  }

  /** The documents of the seeded order from position {@code from}, at most {@code limit} (0: all). */
  CrfData heldOut(int from, int limit) {
    int to = limit == 0 ? size() : Math.min(size(), from + limit);
    return documents.subset(indices(from, to));
  }

  private List<Integer> indices(int from, int to) {
    List<Integer> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      out.add(order[i]);
    }
    return out;
  }

  /** The name of the document at this position of the seeded order. */
  String name(int position) {
    return documents.sequences().get(order[position]).id();
  }

  long documentsOf(String faq) {
    return faqs.stream().filter(faq::equals).count();
  }
}
