package org.occam.experiments.parisewelling;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.math.RandomStreams;

/**
 * The design of one {@link PariseWellingExperiment} run (Parise &amp; Welling 2006, section 4.1):
 * the random structures' masks, the models (structure × strength), the model the nested sequences
 * run through, the sequences, the AIS base seed, and the (structure, data) pairs the figures need,
 * each once (the first {@code sequenceTasks} those of Figures 1–2), and the true structures at the
 * strongest d at every N (Figure 3 again, where the BP bias is largest).
 */
record PariseWellingTasks(int[] masks, List<PariseWellingDesign.Model> models, int picked, int[][] seqs,
    long aisSeed, List<PariseWellingScoring.Task> tasks, int sequenceTasks) {
  PariseWellingDesign.Model pickedModel() {
    return models.get(picked);
  }

  /**
   * The design from {@code seed}: one stream per structure, per model and per sequence, split in a
   * fixed order.
   *
   * @param ds the edge strengths d times 4, ascending
   * @param seqStrength the index in {@code ds} of the models the sequences and Figure 3 use
   * @param ns the data set sizes, ascending
   */
  static PariseWellingTasks of(long seed, int nStructures, List<Double> ds, int seqStrength, List<Integer> ns,
      int nSequences, int trueEdges) {
    int nMax = ns.get(ns.size() - 1);
    List<SplittableUniformRandomProvider> streams = RandomStreams.split(RandomStreams.fromSeed(seed), 4);
    int[] masks = new int[nStructures];
    List<SplittableUniformRandomProvider> structureStreams = RandomStreams.split(streams.get(0), nStructures);
    for (int s = 0; s < nStructures; s++) {
      masks[s] = PariseWellingDesign.randomStructure(structureStreams.get(s));
    }
    List<SplittableUniformRandomProvider> modelStreams = RandomStreams.split(streams.get(1), nStructures * ds.size());
    List<PariseWellingDesign.Model> models = new ArrayList<>();
    for (int s = 0; s < nStructures; s++) {
      for (int di = 0; di < ds.size(); di++) {
        int index = s * ds.size() + di;
        models.add(new PariseWellingDesign.Model(index, s, di, ds.get(di), masks[s], nMax, modelStreams.get(index)));
      }
    }
    int picked = pickModel(masks, trueEdges) * ds.size() + seqStrength;
    int[][] seqs = new int[nSequences][];
    List<SplittableUniformRandomProvider> sequenceStreams = RandomStreams.split(streams.get(2), nSequences);
    for (int q = 0; q < nSequences; q++) {
      seqs[q] = PariseWellingDesign.nestedSequence(models.get(picked).mask(), sequenceStreams.get(q));
    }
    long aisSeed = streams.get(3).nextLong();
    LinkedHashSet<PariseWellingScoring.Task> wanted = new LinkedHashSet<>();
    for (int n : List.of(ns.get(0), nMax)) {
      for (int[] seq : seqs) {
        for (int mask : seq) {
          wanted.add(new PariseWellingScoring.Task(picked, mask, n));
        }
      }
    }
    int sequenceTasks = wanted.size();
    for (int s = 0; s < nStructures; s++) {
      for (int n : ns) {
        wanted.add(new PariseWellingScoring.Task(s * ds.size() + seqStrength, masks[s], n));
      }
    }
    for (int s = 0; s < nStructures; s++) {
      for (int di = 0; di < ds.size(); di++) {
        wanted.add(new PariseWellingScoring.Task(s * ds.size() + di, masks[s], nMax));
      }
    }
    // Figure 3 again at the strongest d, where the BP bias in λMP reaches the posterior's standard
    // deviation within the sizes run: the regime of the paper's conjectured breakdown
    for (int s = 0; s < nStructures; s++) {
      for (int n : ns) {
        wanted.add(new PariseWellingScoring.Task(s * ds.size() + ds.size() - 1, masks[s], n));
      }
    }
    return new PariseWellingTasks(masks, models, picked, seqs, aisSeed, List.copyOf(wanted), sequenceTasks);
  }

  /** The first structure with {@code edges} edges, else the closest (lowest index on ties). */
  static int pickModel(int[] masks, int edges) {
    int best = 0;
    for (int s = 1; s < masks.length; s++) {
      if (Math.abs(Integer.bitCount(masks[s]) - edges) < Math.abs(Integer.bitCount(masks[best]) - edges)) {
        best = s;
      }
    }
    return best;
  }
}
