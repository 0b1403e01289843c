/**
 * Files the command line reads and writes: model files (JSON, with line/column locations for
 * errors), data files via the core CSV reader, result JSON/CSV, and the rule that nothing the user
 * gave is overwritten without {@code --force}.
 */
package org.occam.cli.io;
