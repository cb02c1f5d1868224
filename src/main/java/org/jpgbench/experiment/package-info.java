/**
 * Experiments: many benchmarks and what they say together.
 *
 * <ul>
 *   <li>{@link org.jpgbench.experiment.CompareCommand}: runs' JSON reports ({@code RunReport}, read
 *       with jackson-jr) on two sides, checked for {@code Comparability}, compared metric by metric
 *       ({@code Comparison}: {@code Welch} over runs, or {@code BlockBootstrap} over one run's -P
 *       series) into a {@code Change} with its interval and a {@code Verdict}; printed by {@code
 *       CompareText}, written by {@code ExperimentJson}.
 * </ul>
 *
 * <p>Depends on {@code run} (each point and round is a run), {@code init} (ab -i's rounds are
 * initializations), {@code report}, {@code report.json}, {@code report.html}, {@code config},
 * {@code db}, {@code script}, {@code expr}, {@code sigint} and {@code log}; used by {@code cli}.
 */
package org.jpgbench.experiment;
