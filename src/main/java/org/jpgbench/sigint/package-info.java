/**
 * Ctrl-C, once for the whole program: {@link org.jpgbench.sigint.CtrlC#during} hands the first
 * SIGINT to the phase that runs (the benchmark stops its clients and reports what ran; the
 * initialization cancels its statements) and ends the process with status 130 at the second. Used
 * by {@code cli} (init mode) and {@code run}. Depends on nothing of jpgbench's.
 */
package org.jpgbench.sigint;
