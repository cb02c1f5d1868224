/**
 * pgbench's expression language and variables.
 *
 * <ul>
 *   <li>{@link org.jpgbench.expr.SymbolTable}: variable names to slots, shared by all scripts and
 *       clients of a run; grows (under a lock) for \gset column names.
 *   <li>{@link org.jpgbench.expr.Variables}: one client's values by slot; strings from -D and \gset
 *       are parsed on numeric use as pgbench's makeVariableValue() does; text forms as pgbench
 *       sends them ({@link org.jpgbench.cnum.CFormat}: %.15g, "NaN", "Infinity").
 *   <li>{@link org.jpgbench.expr.ExprParser}: parses an expression (exprparse.y / exprscan.l) into
 *       {@link org.jpgbench.expr.Expr} evaluators: variables resolved to slots, arities checked,
 *       constants folded; errors are {@link org.jpgbench.expr.ExprSyntaxException}s.
 *   <li>{@link org.jpgbench.expr.Expr#eval}: evaluation into a {@link org.jpgbench.expr.Value}
 *       register; allocation-free and thread-safe (nodes keep no state); run-time errors are {@link
 *       org.jpgbench.expr.EvalException}s with pgbench's wording.
 *   <li>{@link org.jpgbench.expr.EvalContext}: what evaluation needs from the client: variables,
 *       the function PRNG, the script and command index for debug(), stderr, \shell's output.
 *   <li>{@link org.jpgbench.expr.Definition}: -D NAME=VALUE checks.
 *   <li>{@link org.jpgbench.expr.ExprErrors}: all wording.
 * </ul>
 *
 * <p>Depends on {@code random} and {@code cnum}; used by {@code script}, {@code run} and {@code
 * cli}.
 */
package org.jpgbench.expr;
