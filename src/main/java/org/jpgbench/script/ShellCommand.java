package org.jpgbench.script;

import org.jpgbench.cnum.CParse;
import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.ExprErrors;
import org.jpgbench.expr.Variables;
import org.jpgbench.text.RawUtf8;

/**
 * \shell command... and \setshell variable command...: the words are joined with single spaces; a
 * word ":name" is replaced by the variable's text, "::word" stands for ":word". \setshell stores
 * the first line of the command's output, which must be an integer (truncated to 32 bits, as
 * pgbench's {@code (int) strtol()}).
 */
public final class ShellCommand extends MetaCommand {
  /** SHELL_COMMAND_SIZE: the joined command must stay shorter than this, in bytes, minus one. */
  static final int SHELL_COMMAND_SIZE = 256;

  /** The shell words as written; words[0] names the command in pgbench's messages. */
  final String[] words;

  /** Per word: the variable slot of ":name", or -1 for text. */
  final int[] slots;

  /** Per word: the text to use when it is not a variable. */
  final String[] texts;

  /** \setshell's variable, or -1 for \shell. */
  public final int target;

  private final String targetName;
  private final boolean targetValid;

  ShellCommand(
      int line,
      String displayText,
      Kind kind,
      String[] words,
      int[] slots,
      String[] texts,
      int target,
      String targetName,
      boolean targetValid) {
    super(line, displayText, kind);
    this.words = words;
    this.slots = slots;
    this.texts = texts;
    this.target = target;
    this.targetName = targetName;
    this.targetValid = targetValid;
  }

  @Override
  public int execute(EvalContext ctx, int pc) throws EvalException {
    Variables vars = ctx.variables();
    String command = commandLine(vars);
    if (kind == Kind.SHELL) {
      if (ShellRunner.system(command, ctx.shellOutput()) != 0) {
        throw failed(ScriptErrors.couldNotLaunchShellCommand(words[0]));
      }
      return pc + 1;
    }
    String res = ShellRunner.firstLine(command);
    if (res == null) {
      throw failed(ScriptErrors.couldNotReadShellResult(words[0]));
    }
    int[] end = new int[1];
    int value = (int) CParse.strtol(res, 0, end);
    int p = end[0];
    while (p < res.length() && CParse.isSpace(res.charAt(p))) {
      p++;
    }
    if (p != res.length()) {
      throw failed(ScriptErrors.shellMustReturnInteger(words[0], res));
    }
    if (!targetValid && !vars.isDefined(target)) {
      throw failed(ExprErrors.invalidVariableName("setshell", targetName));
    }
    vars.setInt(target, value);
    return pc + 1;
  }

  /** Joins the words, substituting variables; pgbench's checks and messages. */
  String commandLine(Variables vars) throws EvalException {
    StringBuilder sb = new StringBuilder();
    int len = 0;
    for (int i = 0; i < words.length; i++) {
      String arg = slots[i] >= 0 ? vars.text(slots[i]) : texts[i];
      if (arg == null) {
        throw failed(ScriptErrors.undefinedVariable(words[0], words[i]));
      }
      int argLen = RawUtf8.encodedLength(arg);
      if (len + argLen + (i > 0 ? 1 : 0) >= SHELL_COMMAND_SIZE - 1) {
        throw failed(ScriptErrors.shellCommandTooLong(words[0]));
      }
      if (i > 0) {
        sb.append(' ');
        len++;
      }
      sb.append(arg);
      len += argLen;
    }
    return sb.toString();
  }

  private EvalException failed(String message) {
    return new EvalException(message, kind.pgName, EvalException.EXECUTION_FAILED);
  }
}
