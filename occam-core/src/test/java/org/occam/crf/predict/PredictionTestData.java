package org.occam.crf.predict;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfProblem;
import org.occam.crf.CrfSettings;
import org.occam.crf.CrfTestModels;
import org.occam.math.RandomStreams;

/** Small trained CRFs and FAQ-like documents for the predictor tests. */
final class PredictionTestData {
  private PredictionTestData() {}

  /** A problem with every template over 2 random inputs, trained on random sequences of these lengths. */
  static CrfProblem trainedRandom(long seed, int threads, int... lengths) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    CrfData train = CrfTestModels.randomData(rng, 2, lengths);
    CrfModel model = CrfModel.full(train.labelStates(), train.inputNames());
    return new CrfProblem(model, train, CrfSettings.defaults().withThreads(threads), seed);
  }

  /** Random test sequences over the same 2 inputs. */
  static CrfData randomTest(long seed, int... lengths) {
    return CrfTestModels.randomData(RandomStreams.fromSeed(seed ^ 0x5DEECE66DL), 2, lengths);
  }

  /**
   * FAQ-like documents: label 1 (question) runs of 1–2 lines, then label 0 (answer) runs of 2–8 lines;
   * {@code inputs} binary line features, each more often on for questions (0.7) than answers (0.2)
   * for the first half, the other way round for the second half.
   */
  static CrfData faqLike(UniformRandomProvider rng, int inputs, int documents, int lines) {
    List<String> names = new ArrayList<>();
    for (int a = 0; a < inputs; a++) {
      names.add("f" + a);
    }
    List<CrfData.Sequence> seqs = new ArrayList<>();
    for (int d = 0; d < documents; d++) {
      int[] labels = new int[lines];
      double[][] x = new double[lines][inputs];
      int i = 0;
      while (i < lines) {
        int q = 1 + rng.nextInt(2);
        for (int k = 0; k < q && i < lines; k++) {
          labels[i++] = 1;
        }
        int a = 2 + rng.nextInt(7);
        for (int k = 0; k < a && i < lines; k++) {
          labels[i++] = 0;
        }
      }
      for (i = 0; i < lines; i++) {
        for (int a = 0; a < inputs; a++) {
          boolean questionish = a < inputs / 2;
          double p = (labels[i] == 1) == questionish ? 0.7 : 0.2;
          x[i][a] = rng.nextDouble() < p ? 1 : 0;
        }
      }
      seqs.add(new CrfData.Sequence("doc" + d, labels, x));
    }
    return new CrfData(List.of("answer", "question"), names, seqs);
  }
}
