package org.jpgbench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpgbench.expr.EvalContext;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.Value;
import org.jpgbench.script.Command;
import org.jpgbench.script.MetaCommand;
import org.jpgbench.script.Script;
import org.jpgbench.script.SleepCommand;
import org.jpgbench.script.SqlCommand;

/**
 * Scripts built by hand for engine tests, independent of the script parser: SQL commands with
 * ":name" references, "\set name random(lo, hi)" and the pipeline meta-commands.
 */
final class HandScripts {
  private static final Pattern VAR = Pattern.compile(":([A-Za-z_][A-Za-z0-9_]*)");

  private final SymbolTable symbols;
  private final List<Command> commands = new ArrayList<>();
  private int line = 1;

  HandScripts(SymbolTable symbols) {
    this.symbols = symbols;
  }

  HandScripts sql(String text) {
    return sql(text, SqlCommand.ResultTarget.NONE, "");
  }

  HandScripts gset(String text) {
    return sql(text, SqlCommand.ResultTarget.GSET, "");
  }

  HandScripts sql(String text, SqlCommand.ResultTarget target, String prefix) {
    // as pgbench's parseVariable: ":name" is a reference, a run of colons ("::int") is not
    Matcher m = VAR.matcher(text);
    List<String> lits = new ArrayList<>();
    List<Integer> slots = new ArrayList<>();
    StringBuilder param = new StringBuilder();
    int last = 0;
    int at = 0;
    while (at < text.length()) {
      int colon = text.indexOf(':', at);
      if (colon < 0) {
        break;
      }
      if (colon + 1 < text.length() && text.charAt(colon + 1) == ':') {
        at = colon;
        while (at < text.length() && text.charAt(at) == ':') {
          at++;
        }
        continue;
      }
      if (!m.find(colon) || m.start() != colon) {
        at = colon + 1;
        continue;
      }
      lits.add(text.substring(last, m.start()));
      slots.add(symbols.slotOf(m.group(1)));
      param.append(text, last, m.start()).append('$').append(slots.size());
      last = m.end();
      at = last;
    }
    lits.add(text.substring(last));
    param.append(text.substring(last));
    int[] s = slots.stream().mapToInt(Integer::intValue).toArray();
    commands.add(
        new SqlCommand(
            line++, text, lits.toArray(new String[0]), s, param.toString(), 1, target, prefix));
    return this;
  }

  /** \set name random(lo, hi) with the client's generator. */
  HandScripts setRandom(String name, long lo, long hi) {
    int slot = symbols.slotOf(name);
    commands.add(
        new MetaCommand(
            line++, "\\set " + name + " random(" + lo + ", " + hi + ")", MetaCommand.Kind.SET) {
          @Override
          public int execute(EvalContext ctx, int pc) {
            // the client's own register, as SetCommand: clients may run on threads of their own
            Value v = ctx.variables().register();
            v.setInt(lo + ctx.random().nextLong(0, hi - lo));
            ctx.variables().set(slot, v);
            return pc + 1;
          }
        });
    return this;
  }

  /** \sleep N with a unit of {@code unitMicros} µs. */
  HandScripts sleep(long n, long unitMicros) {
    commands.add(new SleepCommand(line++, "\\sleep " + n, n, -1, unitMicros));
    return this;
  }

  /** A \set that fails like 1/0 does. */
  HandScripts setDivisionByZero() {
    commands.add(
        new MetaCommand(line++, "\\set i 1/0", MetaCommand.Kind.SET) {
          @Override
          public int execute(EvalContext ctx, int pc) throws EvalException {
            throw new EvalException("division by zero");
          }
        });
    return this;
  }

  HandScripts meta(MetaCommand.Kind kind) {
    commands.add(
        new MetaCommand(line++, "\\" + kind.pgName, kind) {
          @Override
          public int execute(EvalContext ctx, int pc) {
            throw new IllegalStateException("run by the engine");
          }
        });
    return this;
  }

  Script build(String name, int weight) {
    return new Script(name, name, weight, commands, false);
  }

  /** The script as one of pgbench's builtins (-b) would be: the run reads the scale. */
  Script buildBuiltin(String description) {
    return new Script(description, description, 1, commands, true);
  }
}
