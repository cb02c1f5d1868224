/**
 * The C library's number parsing and printf formatting as pgbench relies on them, written once for
 * every package: {@link org.jpgbench.cnum.CParse} (strtol, atoi, strtod/atof, pgbench's strtoint64
 * and is_an_int), {@link org.jpgbench.cnum.CFormat} (%.15g, %.Nf, widths, as PostgreSQL's snprintf
 * prints them) and {@link org.jpgbench.cnum.Decimal} (%lld straight into a byte buffer). A leaf
 * package. Depends on nothing of jpgbench's.
 */
package org.jpgbench.cnum;
