/**
 * Model formats: the Occam JSON model files for DAGs and Boltzmann machines, read with line and
 * column locations for errors. What the commands and experiments write (result JSON, CSV, PNG,
 * the --force rule) lives in {@link org.occam.report}.
 */
package org.occam.io;
