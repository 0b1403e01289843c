/**
 * Discrete data: variables with declared state labels, data sets held as distinct rows with
 * counts (every likelihood loop in Occam runs over these, never over raw rows), and the CSV
 * readers: {@link org.occam.data.CsvRecordReader} streams records with their line numbers,
 * {@link org.occam.data.CsvDatasetReader} maps cells to states by each column's
 * {@link org.occam.data.ColumnSpec} (the same rules in every command) into distinct rows, with
 * the missing-cell markers of {@link org.occam.data.ReadSettings}, and reports every problem as
 * file:line:column.
 */
package org.occam.data;
