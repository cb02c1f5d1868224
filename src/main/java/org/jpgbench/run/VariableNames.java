package org.jpgbench.run;

/** pgbench's valid_variable_name: ASCII letters, '_', non-ASCII; digits too but not first. */
final class VariableNames {
  private VariableNames() {}

  static boolean isValid(String name) {
    if (name.isEmpty()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean ok = c >= 0x80 || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
          || (i > 0 && c >= '0' && c <= '9');
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
