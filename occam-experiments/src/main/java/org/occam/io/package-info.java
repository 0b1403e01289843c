/**
 * Model formats: the Occam JSON model files (DAGs, Boltzmann machines, Markov networks as factor
 * tables, CRFs), UAI ({@code MARKOV} and {@code BAYES}), BIF and XMLBIF, all read with line and
 * column locations for errors; {@link org.occam.io.ModelFormats} reads and writes any of them by
 * extension and converts between them. What the commands and experiments write (result JSON, CSV,
 * PNG, the --force rule) lives in {@link org.occam.report}.
 */
package org.occam.io;
