package org.jpgbench.script;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.expr.EvalException;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.TestContext;

/**
 * A minimal stand-in for the engine in tests: runs the meta-commands of a script in order,
 * following the jumps they return, and records the SQL it would send (-M simple text) and the
 * sleeps.
 */
final class ScriptRunner {
  final TestContext ctx;
  final List<Integer> executed = new ArrayList<>();
  final List<String> sql = new ArrayList<>();
  final List<Long> sleeps = new ArrayList<>();
  final ByteArrayOutputStream shellOut = new ByteArrayOutputStream();

  ScriptRunner(SymbolTable symbols, long seed) {
    this.ctx = new TestContext(symbols, seed);
    ctx.command = -1; // like an engine that does not override commandIndex()
    ctx.shellOut = shellOut;
  }

  /** Runs the script once, from its first command. */
  void run(Script script) throws EvalException {
    List<Command> commands = script.commands();
    ctx.vars.resetBranch();
    int pc = 0;
    while (pc < commands.size()) {
      executed.add(pc);
      Command c = commands.get(pc);
      if (c instanceof SqlCommand s) {
        StringBuilder sb = new StringBuilder();
        s.appendSimpleQuery(sb, ctx.vars);
        sql.add(sb.toString());
        pc++;
      } else if (c instanceof SleepCommand s) {
        sleeps.add(s.micros(ctx.vars));
        pc++;
      } else if (c instanceof PipelineCommand) {
        pc++;
      } else {
        pc = ((MetaCommand) c).execute(ctx, pc);
      }
    }
  }

  String text(String variable) {
    return ctx.vars.text(ctx.symbols.slotOf(variable));
  }
}
