package org.occam.search;

import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * An estimate of a job whose units differ in cost by a known model: each unit has a weight (its
 * cost in the model's terms, e.g. the hidden configurations an EM iteration sums over), and once
 * the first unit is done the time so far is scaled by total weight / weight done. Used where the
 * units are few and unlike (orders of a model), so timing a batch of equal units is not possible.
 * The line names the model, so a reader knows what the forecast assumes; it is made once.
 *
 * <p>Not a {@link WorkEstimate} with weights: that one times a rate on equal units after a warm-up
 * batch, which needs many alike units; this one scales the first unit's time by the cost model,
 * which needs none alike. They share the line's form ({@code WorkEstimate.forecast}).
 *
 * <pre>{@code
 * ScaledWorkEstimate eta = new ScaledWorkEstimate("rbm select", 2 * 2 + 3 * 3, "K", "(K+1)^2", System::nanoTime);
 * eta.observe(4).ifPresent(err::println); // after K = 1
 * }</pre>
 */
public final class ScaledWorkEstimate {
  private final String command;
  private final double totalWeight;
  private final String unit;
  private final String model;
  private final LongSupplier nanoClock;
  private final long start;
  private double doneWeight;
  private int doneUnits;
  private boolean said;

  /**
   * Starts the clock now.
   *
   * @param totalWeight the weights of all units, &gt; 0
   * @param unit a unit's name, e.g. {@code "model"}
   * @param model the cost model in words, e.g. {@code "hidden configurations x distinct rows"}
   */
  public ScaledWorkEstimate(String command, double totalWeight, String unit, String model, LongSupplier nanoClock) {
    this.command = command;
    this.totalWeight = totalWeight;
    this.unit = unit;
    this.model = model;
    this.nanoClock = nanoClock;
    this.start = nanoClock.getAsLong();
  }

  /**
   * Records a finished unit of that weight; the first time, if work remains, returns the line
   * "rbm select: about 4.0 min in all, 3.8 min to go (12 s for the first K, the rest scaled by (K+1)^2)".
   */
  public synchronized Optional<String> observe(double weight) {
    doneWeight += weight;
    doneUnits++;
    if (said || doneWeight >= totalWeight || !(doneWeight > 0)) {
      return Optional.empty();
    }
    said = true;
    double elapsed = (nanoClock.getAsLong() - start) * 1e-9;
    double all = elapsed * totalWeight / doneWeight;
    return Optional.of(WorkEstimate.forecast(command, all, elapsed, WorkEstimate.duration(elapsed) + " for the first "
        + (doneUnits == 1 ? unit : doneUnits + " " + unit + "s") + ", the rest scaled by " + model));
  }
}
