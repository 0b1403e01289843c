/**
 * Discrete data: variables with declared state labels, data sets held as distinct rows with
 * counts (every likelihood loop in Occam runs over these, never over raw rows), and the CSV
 * reader with its file/line/column error messages.
 */
package org.occam.data;
