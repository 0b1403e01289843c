package org.occam.math;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Independent tasks on a fixed pool of daemon threads, results returned in index order, so a
 * caller that gives each task its own random stream gets the same results with any thread count.
 * A task's runtime exception is rethrown as is; an interruption becomes an IllegalStateException.
 */
public final class Parallel {
  private Parallel() {}

  /** {@code [task(0), …, task(n − 1)]}, computed on {@code threads} threads in index order. */
  public static <T> List<T> map(int n, int threads, String threadName, IntFunction<T> task) {
    int[] order = new int[n];
    Arrays.setAll(order, i -> i);
    return map(order, threads, threadName, task);
  }

  /**
   * The same, with the tasks started in the given order (e.g. the longest first, so no thread idles
   * at the end); the results are still indexed by task.
   *
   * @param order a permutation of 0…n−1
   */
  public static <T> List<T> map(int[] order, int threads, String threadName, IntFunction<T> task) {
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
    int n = order.length;
    if (threads == 1 || n <= 1) {
      List<T> out = new ArrayList<>(java.util.Collections.nCopies(n, null));
      for (int i : order) {
        out.set(i, task.apply(i));
      }
      return out;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, n), r -> {
      Thread t = new Thread(r, threadName);
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<T>> futures = new ArrayList<>(java.util.Collections.nCopies(n, null));
      for (int i : order) {
        int index = i;
        futures.set(index, pool.submit(() -> task.apply(index)));
      }
      List<T> out = new ArrayList<>(n);
      for (Future<T> f : futures) {
        out.add(f.get());
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }
}
