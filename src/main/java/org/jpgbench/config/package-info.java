/**
 * {@link org.jpgbench.config.Options}: everything the command line says, validated once by {@code
 * cli} and immutable afterwards, grouped by concern: {@link org.jpgbench.config.Options.Connection}
 * (libpq's settings), {@link org.jpgbench.config.Options.Init} (-i), {@link
 * org.jpgbench.config.Options.Run} (the benchmark) and {@link org.jpgbench.config.Options.Outputs}
 * (progress, logs, reports); filled by the option parser through {@link
 * org.jpgbench.config.OptionsBuilder}. {@link org.jpgbench.config.QueryMode} says what each -M
 * means for the protocol. The one thing {@code run} and {@code init} are given; what follows from
 * it for a run is decided once more, in {@code run.RunPlan}. Depends on nothing of jpgbench's.
 */
package org.jpgbench.config;
