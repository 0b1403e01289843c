package org.occam.task;

import java.io.Serializable;

/**
 * What a task computes from the shared inputs and its own record. Serializable, so that an engine
 * can ship it to other processes; it must not capture anything that is not (write it as a static
 * method reference or a lambda over serializable values).
 *
 * @param <S> the shared inputs (the data, the settings)
 * @param <T> one task's record
 * @param <R> one task's result
 */
@FunctionalInterface
public interface TaskFunction<S, T, R> extends Serializable {
  R apply(S shared, T task);
}
