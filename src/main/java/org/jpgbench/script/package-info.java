/**
 * pgbench scripts: parsing and the meta-commands that run without the server.
 *
 * <ul>
 *   <li>{@link org.jpgbench.script.ScriptParser}: text to {@link org.jpgbench.script.Script}
 *       (ParseScript): SQL commands split as psql's lexer splits them, backslash meta-commands,
 *       \gset/\aset attached to their SQL command, the \if structure checked and its jumps fixed.
 *       {@link org.jpgbench.script.ScriptParser#checkParameterCounts} is the extra check pgbench
 *       makes under -M extended and prepared.
 *   <li>{@link org.jpgbench.script.SqlCommand}: the SQL text split around its :variables (literals
 *       + slots for -M simple, $n text for extended/prepared).
 *   <li>{@link org.jpgbench.script.MetaCommand#execute}: \set, \setshell, \shell, \if, \elif, \else
 *       and \endif run here and return the next command's index; {@link
 *       org.jpgbench.script.SleepCommand#micros} gives \sleep's duration; the pipeline commands
 *       ({@link org.jpgbench.script.PipelineCommand}) are run by the engine.
 *   <li>{@link org.jpgbench.script.BuiltinScripts}: tpcb-like, simple-update, select-only and
 *       jpgbench's debit-credit; "-b list"; --show-script.
 *   <li>{@link org.jpgbench.script.ScriptErrors}: all wording; parse errors are {@link
 *       org.jpgbench.script.ScriptException}s printed as "jpgbench: error: " + message.
 * </ul>
 *
 * <p>Depends on {@code expr}, {@code text} and {@code cnum}; used by {@code run}, {@code
 * experiment} and {@code cli}.
 */
package org.jpgbench.script;
