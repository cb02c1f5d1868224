package org.jpgbench.expr;

/**
 * One client's variable values, indexed by {@link SymbolTable} slot. A variable holds either a typed
 * value (set by \set) or a string (from -D, \gset, \aset, \setshell) parsed on first numeric use as
 * pgbench does.
 *
 * <p>CONTRACT (skeleton): the expr/script work owns the body; the engine uses exactly these methods.
 */
public final class Variables {
  public Variables(SymbolTable symbols) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  public boolean isDefined(int slot) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** The textual form pgbench sends to the server / the shell (ints as %lld, doubles as %.15g...). */
  public String text(int slot) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  public void setString(int slot, String value) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  public void set(int slot, Value value) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** Reads a variable as a value (parsing a string as pgbench does); false when undefined. */
  public boolean get(int slot, Value out) throws EvalException {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** Saves every value into {@code into} (reused, no allocation once sized), for a retried transaction. */
  public void copyTo(Variables into) {
    throw new UnsupportedOperationException("not yet implemented");
  }
}
