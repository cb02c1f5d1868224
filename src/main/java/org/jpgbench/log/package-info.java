/** pgbench's diagnostic line shapes ({@link org.jpgbench.log.PgLog}), shared by every package. */
package org.jpgbench.log;
