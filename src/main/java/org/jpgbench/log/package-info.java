/**
 * pgbench's diagnostic line shapes ({@link org.jpgbench.log.PgLog}), shared by every package.
 *
 * <p>Depends on nothing of jpgbench's.
 */
package org.jpgbench.log;
