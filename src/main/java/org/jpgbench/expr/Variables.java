package org.jpgbench.expr;

import java.util.Arrays;
import org.jpgbench.cnum.CFormat;
import org.jpgbench.cnum.CParse;
import org.jpgbench.random.Prng;

/**
 * One client's variable values, indexed by {@link SymbolTable} slot. A variable holds either a
 * typed value (set by \set) or a string (from -D, \gset, \aset, \setshell) parsed on first numeric
 * use as pgbench does.
 *
 * <p>Like pgbench, a variable keeps both forms once computed: the string of a -D/\gset value stays
 * what is sent to the server (so "0x10" is sent as "0x10" but evaluates to 16.0), and the text of a
 * typed value is formatted once and cached until the value changes.
 *
 * <p>Not thread-safe: one client, one thread. The arrays grow when the symbol table has grown (a
 * \gset column name seen at run time).
 */
public final class Variables {
  /** Type tag: the slot holds no variable. */
  private static final byte UNDEFINED = -1;

  /** Type tag: a string not parsed yet (pgbench's PGBT_NO_VALUE). */
  private static final byte UNPARSED = -2;

  private static final int MARGIN = 8;

  private final SymbolTable symbols;
  private byte[] types;
  private long[] ints;
  private double[] doubles;

  /** The string form: the source string of an UNPARSED/parsed string, or the cached text. */
  private String[] strings;

  private final Value register = new Value();
  private final Value parsed = new Value();
  private Prng scratchPrng;
  private int branchTarget = -1;
  private int command;

  public Variables(SymbolTable symbols) {
    this.symbols = symbols;
    int n = symbols.size() + MARGIN;
    types = new byte[n];
    Arrays.fill(types, UNDEFINED);
    ints = new long[n];
    doubles = new double[n];
    strings = new String[n];
  }

  /** The symbol table the slots refer to. */
  public SymbolTable symbols() {
    return symbols;
  }

  public boolean isDefined(int slot) {
    return slot < types.length && types[slot] != UNDEFINED;
  }

  /**
   * The textual form pgbench sends to the server / the shell (ints as %lld, doubles as %.15g with
   * "NaN"/"Infinity", booleans as "true"/"false", NULL as "NULL"; strings as they were given), or
   * null when the variable is undefined. Cached: only the first call after a change allocates.
   */
  public String text(int slot) {
    if (!isDefined(slot)) {
      return null;
    }
    String s = strings[slot];
    if (s == null) {
      s =
          switch (types[slot]) {
            case Value.NULL -> "NULL";
            case Value.BOOL -> ints[slot] != 0 ? "true" : "false";
            case Value.INT -> Long.toString(ints[slot]);
            default -> CFormat.g15(doubles[slot]);
          };
      strings[slot] = s;
    }
    return s;
  }

  /**
   * Appends {@link #text} to {@code sb}; an int not yet formatted is appended without allocating.
   * Returns false (appending nothing) when the variable is undefined.
   */
  public boolean appendText(int slot, StringBuilder sb) {
    if (!isDefined(slot)) {
      return false;
    }
    if (strings[slot] == null && types[slot] == Value.INT) {
      sb.append(ints[slot]);
    } else {
      sb.append(text(slot));
    }
    return true;
  }

  /** Whether the variable holds an int set as a value (\set, \setshell), not a string. */
  public boolean isTypedInt(int slot) {
    return slot < types.length && types[slot] == Value.INT && strings[slot] == null;
  }

  /** The int of a variable for which {@link #isTypedInt} is true. */
  public long typedInt(int slot) {
    return ints[slot];
  }

  /** Stores a string value (-D, \gset, \aset), parsed when first used as a number. */
  public void setString(int slot, String value) {
    ensure(slot);
    types[slot] = UNPARSED;
    strings[slot] = value;
  }

  /**
   * pgbench's putVariable() for \gset and \aset: stores a string, unless the variable does not
   * exist yet and its name is not a valid variable name; then returns false and the caller reports
   * {@link ExprErrors#invalidVariableName} with context "gset" or "aset".
   */
  public boolean putString(int slot, String value) {
    if (!isDefined(slot) && !symbols.isValidName(slot)) {
      return false;
    }
    setString(slot, value);
    return true;
  }

  public void set(int slot, Value value) {
    ensure(slot);
    types[slot] = value.type;
    ints[slot] = value.i;
    doubles[slot] = value.d;
    strings[slot] = null;
  }

  /** Stores an int (automatic variables, \setshell). */
  public void setInt(int slot, long value) {
    ensure(slot);
    types[slot] = Value.INT;
    ints[slot] = value;
    strings[slot] = null;
  }

  /** Removes a variable (the slot becomes undefined). */
  public void unset(int slot) {
    if (slot < types.length) {
      types[slot] = UNDEFINED;
      strings[slot] = null;
    }
  }

  /** Reads a variable as a value (parsing a string as pgbench does); false when undefined. */
  public boolean get(int slot, Value out) throws EvalException {
    if (!isDefined(slot)) {
      return false;
    }
    if (types[slot] == UNPARSED) {
      parse(slot);
    }
    out.type = types[slot];
    out.i = ints[slot];
    out.d = doubles[slot];
    return true;
  }

  /**
   * pgbench's makeVariableValue(): NULL, boolean words and prefixes, an int when it looks like one,
   * else a double; the parsed value is kept next to the string.
   */
  private void parse(int slot) throws EvalException {
    String s = strings[slot];
    int len = s.length();
    Value v = parsed;
    if (len == 0) {
      throw new EvalException(null); // pgbench fails silently on ""
    }
    if (s.equalsIgnoreCase("null")) {
      v.setNull();
    } else if (isPrefixOf(s, "true") || isPrefixOf(s, "yes") || s.equalsIgnoreCase("on")) {
      v.setBool(true);
    } else if (isPrefixOf(s, "false")
        || isPrefixOf(s, "no")
        || s.equalsIgnoreCase("off")
        || s.equalsIgnoreCase("of")) {
      v.setBool(false);
    } else if (CParse.isAnInt(s)) {
      int r = CParse.strtoint64(s, v);
      if (r == CParse.RANGE) {
        throw new EvalException(ExprErrors.bigintOutOfRange(s));
      } else if (r != CParse.OK) {
        throw new EvalException(ExprErrors.bigintSyntax(s));
      }
    } else if (CParse.strtod(s, v) != CParse.OK) {
      throw new EvalException(ExprErrors.malformedVariable(symbols.name(slot), s));
    }
    types[slot] = v.type;
    ints[slot] = v.i;
    doubles[slot] = v.d;
  }

  /** pg_strncasecmp(s, word, strlen(s)) == 0 for a non-empty s. */
  private static boolean isPrefixOf(String s, String word) {
    return s.length() <= word.length() && word.regionMatches(true, 0, s, 0, s.length());
  }

  /** A per-client scratch register for evaluating a command's expression. */
  public Value register() {
    return register;
  }

  /** A per-client scratch generator for permute() (re-seeded at each use). */
  public Prng scratchPrng() {
    if (scratchPrng == null) {
      scratchPrng = new Prng(0);
    }
    return scratchPrng;
  }

  /**
   * The index of the command being run, recorded by the meta-commands before they evaluate their
   * expression; {@link EvalContext#commandIndex()} returns it unless the engine overrides it.
   */
  public int command() {
    return command;
  }

  public void command(int pc) {
    command = pc;
  }

  /**
   * The \elif that a failed \if/\elif jumped to, or -1: an \elif evaluates its condition only when
   * it is that target; reached by falling out of an executed branch it skips to its \endif. Part of
   * the client's script state; {@link #resetBranch} clears it when a script (re)starts.
   */
  public int branchTarget() {
    return branchTarget;
  }

  public void branchTarget(int pc) {
    branchTarget = pc;
  }

  public void resetBranch() {
    branchTarget = -1;
  }

  private void ensure(int slot) {
    if (slot >= types.length) {
      grow(Math.max(slot + 1, symbols.size()) + MARGIN);
    }
  }

  private void grow(int n) {
    int old = types.length;
    types = Arrays.copyOf(types, n);
    Arrays.fill(types, old, n, UNDEFINED);
    ints = Arrays.copyOf(ints, n);
    doubles = Arrays.copyOf(doubles, n);
    strings = Arrays.copyOf(strings, n);
  }
}
