package org.occam.task;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.occam.data.InvalidInputException;

/** The runner a command asks for by engine name: {@code local} (the default) or one on the class path. */
public final class TaskRunners {
  private TaskRunners() {}

  /** The default engine. */
  public static final String LOCAL = "local";

  /**
   * The runner of an engine.
   *
   * @param engine {@code local} or the name of an engine on the class path ({@code spark})
   * @param master the engine's master URL (not for {@code local}), or null
   * @param threads the local pool's threads
   */
  public static TaskRunner of(String engine, String master, int threads, boolean failFast) {
    if (engine == null || engine.equals(LOCAL)) {
      if (master != null) {
        throw new InvalidInputException("--master is for --engine spark; the local engine runs on --threads");
      }
      return new LocalTaskRunner(threads, failFast);
    }
    List<String> found = new ArrayList<>();
    for (TaskEngine e : ServiceLoader.load(TaskEngine.class)) {
      if (e.name().equals(engine)) {
        return e.runner(master, failFast);
      }
      found.add(e.name());
    }
    throw new InvalidInputException("--engine " + engine + ": no such engine on the class path (found: local"
        + (found.isEmpty() ? "" : ", " + String.join(", ", found)) + ")"
        + (engine.equals("spark") ? "; build the optional module with `mvn -B -Pspark -DskipTests package` and run"
            + " ./occam again (it then puts occam-spark and Spark on the class path)" : ""));
  }
}
