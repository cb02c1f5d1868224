package org.jpgbench.expr;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Variable names to slots, shared by all scripts and clients of a run. Names are resolved when a
 * script is parsed; names that appear only at run time (\gset/\aset columns) are added later, under
 * a lock, and every client's {@link Variables} grows to match.
 *
 * <p>Any string can get a slot (a script may mention names that pgbench would refuse to create,
 * such as {@code \set . 1}); {@link #isValidName(int)} tells whether a variable of that name may be
 * created, per pgbench's valid_variable_name(). Lookups are lock-free; additions are serialized.
 */
public final class SymbolTable {
  private final ConcurrentHashMap<String, Integer> slots = new ConcurrentHashMap<>();
  private volatile String[] names = new String[32];
  private volatile boolean[] valid = new boolean[32];
  private volatile int size;

  /** The slot of {@code name}, adding it when absent. */
  public int slotOf(String name) {
    Integer s = slots.get(name);
    if (s != null) {
      return s;
    }
    synchronized (this) {
      s = slots.get(name);
      if (s != null) {
        return s;
      }
      int slot = size;
      if (slot == names.length) {
        names = Arrays.copyOf(names, slot * 2);
        valid = Arrays.copyOf(valid, slot * 2);
      }
      names[slot] = name;
      valid[slot] = isValidName(name);
      size = slot + 1; // publishes names[slot] and valid[slot]
      slots.put(name, slot);
      return slot;
    }
  }

  /** The slot of {@code name}, or -1. */
  public int find(String name) {
    Integer s = slots.get(name);
    return s == null ? -1 : s;
  }

  public String name(int slot) {
    if (slot < 0 || slot >= size) {
      throw new IndexOutOfBoundsException("no variable slot " + slot);
    }
    return names[slot];
  }

  public int size() {
    return size;
  }

  /** Whether a variable may be created under this slot's name (pgbench's valid_variable_name). */
  public boolean isValidName(int slot) {
    if (slot < 0 || slot >= size) {
      throw new IndexOutOfBoundsException("no variable slot " + slot);
    }
    return valid[slot];
  }

  /**
   * pgbench's valid_variable_name(): non-empty, ASCII letters, digits and underscores or any
   * non-ASCII character, not starting with a digit.
   */
  public static boolean isValidName(String name) {
    if (name.isEmpty()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean ok =
          c >= 0x80
              || c == '_'
              || (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (i > 0 && c >= '0' && c <= '9');
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
