package org.jpgbench.expr;

/**
 * Variable names to slots, shared by all scripts and clients of a run. Names are resolved when a script
 * is parsed; names that appear only at run time (\gset/\aset columns) are added later, under a lock,
 * and every client's {@link Variables} grows to match.
 *
 * <p>CONTRACT (skeleton): the expr/script work owns the body.
 */
public final class SymbolTable {
  /** The slot of {@code name}, adding it when absent. */
  public int slotOf(String name) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  /** The slot of {@code name}, or -1. */
  public int find(String name) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  public String name(int slot) {
    throw new UnsupportedOperationException("not yet implemented");
  }

  public int size() {
    throw new UnsupportedOperationException("not yet implemented");
  }
}
