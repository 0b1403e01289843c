/**
 * Files the command line reads: model files (JSON, with line/column locations for errors) and
 * data files via the core CSV reader. What it writes (result JSON, CSV, PNG, the --force rule)
 * lives in {@code org.occam.report} of occam-experiments.
 */
package org.occam.cli.io;
