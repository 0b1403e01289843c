/**
 * Work that fans out, as plain task records: shared inputs sent once, a list of small task
 * records (score this structure, this K, this instance at this size), each carrying its own seed
 * or random-stream state, and one function of the two. A {@link org.occam.task.TaskRunner} runs
 * them: {@link org.occam.task.LocalTaskRunner} on a thread pool here, or an engine found by
 * {@link org.occam.task.TaskRunners} on the class path (Spark, in the optional {@code occam-spark}
 * module), which must give the same results, since a task's numbers depend only on its record.
 */
package org.occam.task;
