package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.occam.math.LogSpace;

/**
 * The number S of aliases of a DAG's parameter posterior: parameter settings with the same
 * likelihood and prior obtained by relabelling hidden variables (Beal 2003, section 6.3.2).
 *
 * <p>Two symmetries produce aliases. Relabelling the states of a hidden variable j that affects
 * the likelihood (has an observed descendant) gives |s_j|! of them. Permuting hidden variables
 * gives more only when the permutation maps the structure onto itself (same cardinalities, and
 * every parent set maps to a parent set); permuting hidden variables whose children differ turns
 * the parameters into those of a different labelled structure, not into a second mode of this
 * one. So
 *
 * <pre>  S = Π_{hidden j with an observed descendant} |s_j|! × |Aut|</pre>
 *
 * <p>where |Aut| counts the distinct ways such structure-preserving permutations of the hidden
 * variables move those that affect the likelihood.
 * Beal's example (three hidden parents of one observed variable, cardinalities 3, 3, 4) has
 * |Aut| = 2 and S = 2!·3!·3!·4! = 1728.
 *
 * @param count S
 * @param log ln S, the correction added to a score when the aliases are well separated
 * @param statePermutations Π |s_j|!
 * @param automorphisms |Aut|
 */
public record AliasCount(BigInteger count, double log, BigInteger statePermutations, long automorphisms) {

  /** The most hidden variables whose permutations are enumerated. */
  private static final int MAX_GROUP = 10;

  /** Counts the aliases of a structure. */
  public static AliasCount of(DagStructure s) {
    List<Integer> relevant = relevantHidden(s);
    BigInteger states = BigInteger.ONE;
    double logStates = 0;
    for (int j : relevant) {
      for (int i = 2; i <= s.cardinality(j); i++) {
        states = states.multiply(BigInteger.valueOf(i));
      }
      logStates += LogSpace.logFactorial(s.cardinality(j));
    }
    long aut = automorphisms(s, relevant).size();
    return new AliasCount(states.multiply(BigInteger.valueOf(aut)), logStates + Math.log(aut), states, aut);
  }

  /**
   * The number of distinct actions on the likelihood-relevant hidden variables of the permutations
   * π of all hidden variables (fixing observed ones, preserving cardinalities) with
   * π(pa(v)) = pa(π(v)) for every v. Hidden variables without observed descendants may have to move
   * along with their parents for the graph to map onto itself, but moving them alone makes no new
   * mode, so only the restriction to the relevant ones is counted.
   */
  private static java.util.Set<List<Integer>> automorphisms(DagStructure s, List<Integer> relevant) {
    int[] hidden = s.hiddenVariables();
    if (hidden.length > MAX_GROUP) {
      throw new InvalidInputException("alias counting enumerates permutations of at most " + MAX_GROUP
          + " hidden variables, got " + hidden.length);
    }
    int[] image = new int[s.size()];
    for (int v = 0; v < image.length; v++) {
      image[v] = v;
    }
    java.util.Set<List<Integer>> actions = new java.util.LinkedHashSet<>();
    collect(s, hidden, relevant, 0, new boolean[hidden.length], image, actions);
    return actions;
  }

  /**
   * The distinct structure-preserving permutations of the likelihood-relevant hidden variables (the
   * |Aut| of {@link #of}), each as the image of every variable ({@code image[v] = v} for observed and
   * irrelevant hidden variables); the identity first.
   */
  public static List<int[]> relevantAutomorphisms(DagStructure s) {
    List<Integer> relevant = relevantHidden(s);
    List<int[]> out = new ArrayList<>();
    for (List<Integer> action : automorphisms(s, relevant)) {
      int[] image = new int[s.size()];
      for (int v = 0; v < image.length; v++) {
        image[v] = v;
      }
      for (int i = 0; i < relevant.size(); i++) {
        image[relevant.get(i)] = action.get(i);
      }
      out.add(image);
    }
    return out;
  }

  /** The hidden variables with an observed descendant (those whose relabelling makes aliases), ascending. */
  public static List<Integer> relevantHidden(DagStructure s) {
    List<Integer> relevant = new ArrayList<>();
    for (int j : s.hiddenVariables()) {
      if (s.hasObservedDescendant(j)) {
        relevant.add(j);
      }
    }
    return relevant;
  }

  private static void collect(DagStructure s, int[] hidden, List<Integer> relevant, int at, boolean[] used,
      int[] image, java.util.Set<List<Integer>> actions) {
    if (at == hidden.length) {
      if (preservesStructure(s, image)) {
        actions.add(relevant.stream().map(j -> image[j]).toList());
      }
      return;
    }
    for (int t = 0; t < hidden.length; t++) {
      if (!used[t] && s.cardinality(hidden[t]) == s.cardinality(hidden[at])) {
        used[t] = true;
        image[hidden[at]] = hidden[t];
        collect(s, hidden, relevant, at + 1, used, image, actions);
        image[hidden[at]] = hidden[at];
        used[t] = false;
      }
    }
  }

  private static boolean preservesStructure(DagStructure s, int[] image) {
    for (int v = 0; v < s.size(); v++) {
      int[] mapped = Arrays.stream(s.parentsView(v)).map(q -> image[q]).sorted().toArray();
      int[] target = s.parents(image[v]);
      Arrays.sort(target);
      if (!Arrays.equals(mapped, target)) {
        return false;
      }
    }
    return true;
  }
}
