package org.jpgbench.expr;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.jpgbench.random.Prng;

/** A one-client evaluation context for tests: variables, pgbench-seeded PRNG, captured stderr. */
public final class TestContext implements EvalContext {
  /** The -D definitions of the conformance cases in /work/shared/conformance/cases/expr.json. */
  public static final String[] CONFORMANCE_DEFINES = {
    "foo=bla",
    "maxint=9223372036854775807",
    "minint=-9223372036854775808",
    "n=null",
    "t=t",
    "f=of",
    "d=1.0",
    "five=5",
    "half=0.5",
    "badtrue=trueXXX",
    "empty_ish=0"
  };

  public final SymbolTable symbols;
  public final Variables vars;
  private final Prng random;
  private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
  private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
  public int command;

  /** Where \\shell output goes; null: this process's stdout. */
  public OutputStream shellOut;

  public TestContext(SymbolTable symbols, long randomSeed) {
    this.symbols = symbols;
    this.vars = new Variables(symbols);
    // pgbench: base_random_sequence seeded with --random-seed; client 0's function generator is
    // seeded with its first draw, then default_seed is the next draw (one client).
    Prng base = new Prng(randomSeed);
    this.random = new Prng(base.nextLong());
    vars.setInt(symbols.slotOf("default_seed"), base.nextLong());
    vars.setInt(symbols.slotOf("random_seed"), randomSeed);
  }

  public static TestContext conformance() {
    TestContext c = new TestContext(new SymbolTable(), 42);
    for (String d : CONFORMANCE_DEFINES) {
      int eq = d.indexOf('=');
      c.vars.setString(c.symbols.slotOf(d.substring(0, eq)), d.substring(eq + 1));
    }
    return c;
  }

  @Override
  public Variables variables() {
    return vars;
  }

  @Override
  public Prng random() {
    return random;
  }

  @Override
  public int commandIndex() {
    return command >= 0 ? command : vars.command();
  }

  @Override
  public PrintStream err() {
    return err;
  }

  @Override
  public OutputStream shellOutput() {
    return shellOut;
  }

  public String stderr() {
    return errBytes.toString(StandardCharsets.UTF_8);
  }

  /** Parses and evaluates {@code expr} (one line) and returns its text as pgbench prints it. */
  public String eval(String expr) throws ExprSyntaxException, EvalException {
    Expr e = ExprParser.parse(expr + "\n", 0, symbols).expr();
    Value v = new Value();
    e.eval(this, v);
    int r = symbols.slotOf("r");
    vars.set(r, v);
    return vars.text(r);
  }
}
