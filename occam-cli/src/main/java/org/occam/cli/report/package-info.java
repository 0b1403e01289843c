/** What people look at: ranking tables on the terminal and PNG plots of scores. */
package org.occam.cli.report;
