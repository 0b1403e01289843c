package org.occam.math;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
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

  /**
   * A pool of {@code threads − 1} daemon workers kept for many short parallel loops (one per step
   * of an iterative method), where {@link #map} would start and stop threads every step: PCD makes
   * 10,000 updates of about a millisecond each. Close it when done.
   *
   * @param threads the caller's thread plus the workers (≥ 1); 1 runs every loop on the caller
   */
  public static Workers workers(int threads, String threadName) {
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
    return new Workers(threads, threadName);
  }

  /**
   * Runs {@code task(0), …, task(n − 1)} for loops of independent tasks on the caller's thread and
   * a fixed set of workers; tasks are handed out one at a time, so which thread runs a task varies,
   * and a caller that wants the same numbers on any thread count has each task write only its own
   * slot (e.g. a partial sum per fixed chunk of rows) and combines the slots in index order. One
   * loop at a time (not for concurrent use by several callers).
   */
  public static final class Workers implements AutoCloseable {
    /**
     * How long a waiting thread spins before it parks: a loop of PCD is 0.1–1 ms, and waking a parked
     * thread takes tens of microseconds, as long as the work handed over.
     */
    private static final long SPIN_NANOS = 50_000;

    private final int threads;
    private final Thread[] helpers;
    // the current loop, published to the helpers by the write of generation
    private IntConsumer task;
    private int n;
    private Thread caller;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile int generation;
    private volatile boolean closed;

    private Workers(int threads, String threadName) {
      this.threads = threads;
      this.helpers = new Thread[threads - 1];
      for (int h = 0; h < helpers.length; h++) {
        helpers[h] = new Thread(this::help, threadName);
        helpers[h].setDaemon(true);
        helpers[h].start();
      }
    }

    /** The number of threads a loop runs on (the caller's included). */
    public int threads() {
      return threads;
    }

    /**
     * Runs {@code task(i)} for every i in 0…n−1 and returns when all are done. A task's runtime
     * exception (or error) is rethrown once every thread has stopped taking tasks.
     */
    public void forEach(int n, IntConsumer task) {
      if (closed) {
        throw new IllegalStateException("the workers are closed");
      }
      if (helpers.length == 0 || n <= 1) {
        for (int i = 0; i < n; i++) {
          task.accept(i);
        }
        return;
      }
      this.task = task;
      this.n = n;
      this.caller = Thread.currentThread();
      next.set(0);
      failure.set(null);
      running.set(helpers.length);
      generation++; // publishes the loop
      for (Thread h : helpers) {
        LockSupport.unpark(h);
      }
      drain();
      boolean interrupted = false;
      long deadline = System.nanoTime() + SPIN_NANOS;
      while (running.get() != 0) {
        if (System.nanoTime() < deadline) {
          Thread.onSpinWait();
        } else {
          LockSupport.park(this);
          interrupted |= Thread.interrupted();
        }
      }
      this.task = null;
      if (interrupted) {
        Thread.currentThread().interrupt();
        if (failure.get() == null) {
          throw new IllegalStateException("interrupted");
        }
      }
      Throwable f = failure.get();
      if (f instanceof RuntimeException re) {
        throw re;
      }
      if (f instanceof Error err) {
        throw err;
      }
      if (f != null) {
        throw new IllegalStateException(f);
      }
    }

    /** Takes the current loop's tasks until none is left; the first failure stops every thread taking more. */
    private void drain() {
      try {
        for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
          task.accept(i);
        }
      } catch (RuntimeException | Error e) {
        failure.compareAndSet(null, e);
        next.set(n);
      }
    }

    /** A helper's life: wait for a loop (spinning, then parked), take its tasks, report, repeat. */
    private void help() {
      int seen = 0;
      while (true) {
        long deadline = System.nanoTime() + SPIN_NANOS;
        int g;
        while ((g = generation) == seen && !closed) {
          if (System.nanoTime() < deadline) {
            Thread.onSpinWait();
          } else {
            LockSupport.park(this);
            Thread.interrupted(); // only close() stops a helper
          }
        }
        if (closed) {
          return;
        }
        seen = g;
        drain();
        Thread waiting = caller;
        if (running.decrementAndGet() == 0) {
          LockSupport.unpark(waiting);
        }
      }
    }

    /** Stops the workers. */
    @Override
    public void close() {
      closed = true;
      for (Thread h : helpers) {
        LockSupport.unpark(h);
      }
    }
  }
}
