package org.jpgbench.script;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * pgbench's CheckConditional(): checks the \if / \elif / \else / \endif structure of a script and
 * fixes the jump targets of its branch commands.
 */
final class Conditionals {
  private Conditionals() {}

  /** One open \if: its branch commands so far, and whether its \else was seen. */
  private static final class Open {
    final List<Integer> members = new ArrayList<>();
    int last;
    boolean inElse;
  }

  static void resolve(String source, List<Command> commands) throws ScriptException {
    Deque<Open> stack = new ArrayDeque<>();
    for (int i = 0; i < commands.size(); i++) {
      if (!(commands.get(i) instanceof MetaCommand m)) {
        continue;
      }
      switch (m.kind) {
        case IF -> {
          Open o = new Open();
          o.members.add(i);
          o.last = i;
          stack.push(o);
        }
        case ELIF, ELSE -> {
          boolean elif = m.kind == MetaCommand.Kind.ELIF;
          if (stack.isEmpty()) {
            throw error(
                source, i, elif ? ScriptErrors.ELIF_WITHOUT_IF : ScriptErrors.ELSE_WITHOUT_IF);
          }
          Open o = stack.peek();
          if (o.inElse) {
            throw error(
                source, i, elif ? ScriptErrors.ELIF_AFTER_ELSE : ScriptErrors.ELSE_AFTER_ELSE);
          }
          link(commands, o.last, i, m.kind);
          o.members.add(i);
          o.last = i;
          o.inElse = !elif;
        }
        case ENDIF -> {
          if (stack.isEmpty()) {
            throw error(source, i, ScriptErrors.ENDIF_WITHOUT_IF);
          }
          Open o = stack.pop();
          link(commands, o.last, i, m.kind);
          o.members.add(i);
          for (int k : o.members) {
            Command c = commands.get(k);
            if (c instanceof IfCommand ic) {
              ic.endif = i;
            } else {
              ((BranchCommand) c).endif = i;
            }
          }
        }
        default -> {
          // not a conditional
        }
      }
    }
    if (!stack.isEmpty()) {
      throw error(source, commands.size(), ScriptErrors.IF_WITHOUT_ENDIF);
    }
  }

  /** The \if or \elif at {@code from} continues at the branch command {@code to}. */
  private static void link(List<Command> commands, int from, int to, MetaCommand.Kind kind) {
    if (commands.get(from) instanceof IfCommand ic) {
      ic.nextBranch = to;
      ic.nextKind = kind;
    }
  }

  /** pgbench numbers the command from 1. */
  private static ScriptException error(String source, int index, String msg) {
    return new ScriptException(ScriptErrors.conditionError(source, index + 1, msg));
  }
}
