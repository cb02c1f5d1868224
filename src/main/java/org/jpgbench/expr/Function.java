package org.jpgbench.expr;

import java.util.Locale;

/**
 * pgbench's callable functions (PGBENCH_FUNCTIONS in exprparse.y) with their argument counts: a
 * positive count is exact, VARIADIC needs at least one argument, OPTIONAL_SEED takes a last seed
 * argument that defaults to :default_seed.
 */
enum Function {
  ABS("abs", 1),
  LEAST("least", Function.VARIADIC),
  GREATEST("greatest", Function.VARIADIC),
  DEBUG("debug", 1),
  PI("pi", 0),
  SQRT("sqrt", 1),
  LN("ln", 1),
  EXP("exp", 1),
  INT("int", 1),
  DOUBLE("double", 1),
  RANDOM("random", 2),
  RANDOM_GAUSSIAN("random_gaussian", 3),
  RANDOM_EXPONENTIAL("random_exponential", 3),
  RANDOM_ZIPFIAN("random_zipfian", 3),
  POW("pow", 2),
  POWER("power", 2),
  MOD("mod", 2),
  HASH("hash", Function.OPTIONAL_SEED),
  HASH_MURMUR2("hash_murmur2", Function.OPTIONAL_SEED),
  HASH_FNV1A("hash_fnv1a", Function.OPTIONAL_SEED),
  PERMUTE("permute", Function.OPTIONAL_SEED);

  static final int VARIADIC = -1;
  static final int OPTIONAL_SEED = -3;

  /** The name pgbench prints in "unexpected number of arguments (%s)". */
  final String pgName;

  final int arity;

  Function(String pgName, int arity) {
    this.pgName = pgName;
    this.arity = arity;
  }

  /** Case-insensitive lookup, or null (pgbench: "unexpected function name"). */
  static Function find(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (Function f : values()) {
      if (f.pgName.equals(lower)) {
        return f;
      }
    }
    return null;
  }

  /** The fixed argument count for a seeded function once its default seed is added. */
  int seededArity() {
    return this == PERMUTE ? 3 : 2;
  }
}
