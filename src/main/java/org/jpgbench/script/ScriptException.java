package org.jpgbench.script;

/**
 * A script or option error, its message already in pgbench's wording (possibly several lines, e.g.
 * "file:3: unexpected character in command \"set\"" + the line + a caret line). Exit status 1.
 */
public class ScriptException extends Exception {
  public ScriptException(String message) {
    super(message, null, false, false);
  }
}
