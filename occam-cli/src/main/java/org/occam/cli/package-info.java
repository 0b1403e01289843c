/**
 * The {@code occam} command: one picocli command class per subcommand, the error handling that
 * turns bad input into one-line messages with exit code 2, and progress display.
 */
package org.occam.cli;
