/**
 * The command line: pgbench's options, checks, help and version, and the choice of mode.
 *
 * <ul>
 *   <li>{@link org.jpgbench.cli.Main}: wires the process's streams, arguments and exit status;
 *       {@link org.jpgbench.cli.Jpgbench}: the whole program, returning an exit status.
 *   <li>{@link org.jpgbench.cli.GetoptParser} over {@link org.jpgbench.cli.OptionTable}: glibc's
 *       getopt_long as pgbench uses it; {@link org.jpgbench.cli.OptionsReader} applies each option
 *       in order as pgbench's loop does, {@link org.jpgbench.cli.CrossChecks} what its main()
 *       checks after it; the result is one {@link org.jpgbench.config.Options}.
 *   <li>{@link org.jpgbench.cli.ScriptLoader}: builtin scripts and script files, parsed; {@link
 *       org.jpgbench.cli.ProcessArguments}: the arguments' own bytes.
 *   <li>{@link org.jpgbench.cli.EmbeddedRun}: --embedded; {@link org.jpgbench.cli.InitInterrupt}:
 *       Ctrl-C during -i; {@link org.jpgbench.cli.GroupedRun}: -i or the benchmark as a --group
 *       member.
 *   <li>Wording: {@link org.jpgbench.cli.CliMessages}, {@link org.jpgbench.cli.HelpText}, {@link
 *       org.jpgbench.cli.VersionText}, {@link org.jpgbench.cli.Diag}, {@link
 *       org.jpgbench.cli.CliExit}.
 * </ul>
 *
 * <p>The top of the house. Depends on every other package; none depends on it.
 */
package org.jpgbench.cli;
