package org.occam.search;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.Parallel;

/**
 * Selection of a model order — the number of hidden units of an RBM (Chen &amp; Welling 2013,
 * section 4), the number of states of a latent class variable (Beal 2003, section 6.5) — by
 * scoring every order of a range with one or more methods and taking, per method, the order with
 * the highest score. A score's curve that is still rising at the largest order tried (or falling
 * towards the smallest, when smaller orders exist) means the range was too narrow; the choice says
 * so, and {@link #extend} scores further orders without redoing the ones already scored.
 *
 * <p>Methods whose best score carries a standard error (cross-validation, AIS) also get the
 * one-standard-error choice: the smallest order whose score is within one standard error of the
 * best (Hastie, Tibshirani &amp; Friedman 2009, section 7.10), the guard Chen &amp; Welling set
 * beside cross-validation's tendency to pick too many hidden units.
 *
 * <p>The scorer is called once per order, possibly from several threads at once, and must make
 * its randomness from the order alone (not from the order's position in the range), so that a
 * run extended to more orders gives the same numbers as one run over the union of the ranges.
 *
 * <pre>{@code
 * var selection = new OrderSelection<List<EvidenceEstimate>>(1, k -> scoreWithKStates(k),
 *     OrderSelection::scoresOf, 2);
 * var result = selection.run(OrderRange.parse("1..6", 1, "--hidden-states"));
 * result.choice("vb").best();          // the order with the highest VB bound
 * result.choice("vb").atUpperEdge();   // true: try a larger range
 * var more = selection.extend(result, OrderRange.parse("7..9", 1, "--hidden-states"));
 * }</pre>
 *
 * @param <T> what the scorer returns for one order (its estimates, with their diagnostics)
 */
public final class OrderSelection<T> {
  private final int smallestOrder;
  private final IntFunction<T> scorer;
  private final Function<T, List<Score>> scores;
  private final int threads;

  /**
   * One method's score of one order.
   *
   * @param method the method's name
   * @param value the score (higher is better); non-finite values never win
   * @param stdError its standard error, for methods that have one
   */
  public record Score(String method, double value, OptionalDouble stdError) {
    public Score {
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(stdError, "stdError");
    }

    /** The score of an evidence estimate: its (alias-corrected) log evidence and standard error. */
    public static Score of(EvidenceEstimate e) {
      return new Score(e.method(), e.logEvidence(), e.stdError());
    }
  }

  /**
   * One order, what its scorer returned, and its scores.
   *
   * @param scores one per method, in the same method order for every order of a selection
   */
  public record Scored<T>(int order, T result, List<Score> scores) {
    public Scored {
      scores = List.copyOf(scores);
    }

    /** The score of a method. */
    public Score score(String method) {
      for (Score s : scores) {
        if (s.method().equals(method)) {
          return s;
        }
      }
      throw new IllegalArgumentException("order " + order + " has no score by " + method);
    }
  }

  /**
   * The choice of one method.
   *
   * @param method the method's name
   * @param best the order with the highest finite score (the smallest on a tie); empty when no
   *     score is finite
   * @param withinOneStandardError the smallest order whose score is at least the best minus the
   *     best's standard error; present when the best has a standard error
   * @param atLowerEdge the best is the smallest order tried while smaller orders exist: the curve
   *     may still rise below the range
   * @param atUpperEdge the best is the largest order tried: the curve may still rise above it
   */
  public record Choice(String method, OptionalInt best, OptionalInt withinOneStandardError, boolean atLowerEdge,
      boolean atUpperEdge) {
    /** Whether the best is at either edge of the range searched. */
    public boolean atEdge() {
      return atLowerEdge || atUpperEdge;
    }
  }

  /**
   * The outcome of a selection.
   *
   * @param smallestOrder the smallest order that exists (lower-edge warnings only above it)
   * @param scored every order scored, ascending
   * @param choices one per method, in the methods' order
   */
  public record Result<T>(int smallestOrder, List<Scored<T>> scored, List<Choice> choices) {
    public Result {
      scored = List.copyOf(scored);
      choices = List.copyOf(choices);
    }

    /** The orders scored, ascending. */
    public int[] orders() {
      return scored.stream().mapToInt(Scored::order).toArray();
    }

    /** The methods' names, in order. */
    public List<String> methods() {
      return choices.stream().map(Choice::method).toList();
    }

    /** A method's scores, one per order of {@link #orders()}. */
    public double[] curve(String method) {
      return scored.stream().mapToDouble(s -> s.score(method).value()).toArray();
    }

    /** The choice of a method. */
    public Choice choice(String method) {
      return choices.stream().filter(c -> c.method().equals(method)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("no method " + method + " in this selection"));
    }

    /** Per method, the best order (or null when no score was finite), in the methods' order. */
    public Map<String, Integer> bestOrders() {
      Map<String, Integer> m = new LinkedHashMap<>();
      for (Choice c : choices) {
        m.put(c.method(), c.best().isPresent() ? c.best().getAsInt() : null);
      }
      return m;
    }
  }

  /**
   * @param smallestOrder the smallest order that exists (e.g. 1 hidden state)
   * @param scorer the work of one order; thread-safe, its randomness a function of the order only
   * @param scores the methods' scores of a scorer's result, in a fixed method order
   * @param threads how many orders are scored at once (≥ 1); 1 when the scorer is itself parallel
   */
  public OrderSelection(int smallestOrder, IntFunction<T> scorer, Function<T, List<Score>> scores, int threads) {
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
    this.smallestOrder = smallestOrder;
    this.scorer = Objects.requireNonNull(scorer, "scorer");
    this.scores = Objects.requireNonNull(scores, "scores");
    this.threads = threads;
  }

  /** The scores of a list of evidence estimates, in their order: a {@code scores} function. */
  public static List<Score> scoresOf(List<EvidenceEstimate> estimates) {
    return estimates.stream().map(Score::of).toList();
  }

  /**
   * Scores every order and chooses.
   *
   * @param orders the orders to score (distinct, any order, each ≥ the smallest order)
   */
  public Result<T> run(int[] orders) {
    return choose(scoreAll(checked(orders)), smallestOrder);
  }

  /**
   * Continues a finished selection: scores only the orders not scored before and chooses over the
   * union. With a scorer whose randomness depends on the order alone, the result equals
   * {@code run(union of the orders)}.
   *
   * @param previous an earlier result (from this selection, or rebuilt from its saved scores)
   * @param orders the orders wanted now; those already in {@code previous} are kept, not redone
   * @throws IllegalArgumentException if {@code previous} has another smallest order
   */
  public Result<T> extend(Result<T> previous, int[] orders) {
    if (previous.smallestOrder() != smallestOrder) {
      throw new InvalidInputException("the previous selection starts its orders at " + previous.smallestOrder()
          + ", this one at " + smallestOrder);
    }
    int[] done = previous.orders();
    int[] fresh = Arrays.stream(checked(orders)).filter(k -> Arrays.binarySearch(done, k) < 0).toArray();
    List<Scored<T>> all = new ArrayList<>(previous.scored());
    all.addAll(scoreAll(fresh));
    all.sort((a, b) -> Integer.compare(a.order(), b.order()));
    return choose(all, smallestOrder);
  }

  /**
   * Chooses per method from scores already made.
   *
   * @param scored at least one order, distinct orders in any order, every one with the same
   *     methods in the same order
   * @param smallestOrder the smallest order that exists
   * @throws IllegalArgumentException on no orders, a repeated order, or differing methods
   */
  public static <T> Result<T> choose(List<Scored<T>> scored, int smallestOrder) {
    if (scored.isEmpty()) {
      throw new InvalidInputException("a selection needs at least one order");
    }
    List<Scored<T>> sorted = new ArrayList<>(scored);
    sorted.sort((a, b) -> Integer.compare(a.order(), b.order()));
    List<String> methods = sorted.get(0).scores().stream().map(Score::method).toList();
    for (int i = 0; i < sorted.size(); i++) {
      Scored<T> s = sorted.get(i);
      if (i > 0 && s.order() == sorted.get(i - 1).order()) {
        throw new InvalidInputException("order " + s.order() + " is scored twice");
      }
      if (s.order() < smallestOrder) {
        throw new InvalidInputException("order " + s.order() + " is below the smallest order " + smallestOrder);
      }
      List<String> these = s.scores().stream().map(Score::method).toList();
      if (!these.equals(methods)) {
        throw new InvalidInputException("order " + s.order() + " has scores by " + these + ", order "
            + sorted.get(0).order() + " by " + methods);
      }
    }
    int lowest = sorted.get(0).order();
    int highest = sorted.get(sorted.size() - 1).order();
    List<Choice> choices = new ArrayList<>();
    for (int m = 0; m < methods.size(); m++) {
      Scored<T> best = null;
      for (Scored<T> s : sorted) {
        double v = s.scores().get(m).value();
        if (Double.isFinite(v) && (best == null || v > best.scores().get(m).value())) {
          best = s;
        }
      }
      if (best == null) {
        choices.add(new Choice(methods.get(m), OptionalInt.empty(), OptionalInt.empty(), false, false));
        continue;
      }
      Score top = best.scores().get(m);
      OptionalInt oneStandardError = OptionalInt.empty();
      if (top.stdError().isPresent() && Double.isFinite(top.stdError().getAsDouble())) {
        double threshold = top.value() - top.stdError().getAsDouble();
        for (Scored<T> s : sorted) {
          double v = s.scores().get(m).value();
          if (Double.isFinite(v) && v >= threshold) {
            oneStandardError = OptionalInt.of(s.order());
            break;
          }
        }
      }
      choices.add(new Choice(methods.get(m), OptionalInt.of(best.order()), oneStandardError,
          best.order() == lowest && lowest > smallestOrder, best.order() == highest));
    }
    return new Result<>(smallestOrder, sorted, choices);
  }

  private int[] checked(int[] orders) {
    int[] sorted = orders.clone();
    Arrays.sort(sorted);
    for (int i = 0; i < sorted.length; i++) {
      if (sorted[i] < smallestOrder) {
        throw new InvalidInputException("order " + sorted[i] + " is below the smallest order " + smallestOrder);
      }
      if (i > 0 && sorted[i] == sorted[i - 1]) {
        throw new InvalidInputException("order " + sorted[i] + " is given twice");
      }
    }
    return sorted;
  }

  /** Scores the orders, the largest first (usually the slowest), results in ascending order. */
  private List<Scored<T>> scoreAll(int[] ascending) {
    int n = ascending.length;
    int[] start = new int[n];
    for (int i = 0; i < n; i++) {
      start[i] = n - 1 - i;
    }
    return Parallel.map(start, threads, "occam-select", i -> {
      T result = scorer.apply(ascending[i]);
      return new Scored<>(ascending[i], result, scores.apply(result));
    });
  }
}
