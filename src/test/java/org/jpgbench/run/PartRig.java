package org.jpgbench.run;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.db.ConnectionFactory;
import org.jpgbench.expr.SymbolTable;
import org.jpgbench.expr.Variables;
import org.jpgbench.io.Transport;
import org.jpgbench.random.Prng;
import org.jpgbench.run.ClientRig.FakeLink;

/**
 * A client's parts alone, without its state machine or a server: a {@link ClientView} that is no
 * {@link Client}, on a loop whose clock and -T the test sets, with a link whose answers the test
 * gives. A part's test builds the part on {@link #c}, calls it and reads the state it returns and
 * what it did to the view, the link, the loop and the console.
 */
final class PartRig {
  final OptionsBuilder o = Options.builder();
  final SymbolTable symbols = new SymbolTable();
  final HandScripts script = new HandScripts(symbols);
  final ByteArrayOutputStream err = new ByteArrayOutputStream();
  final FakeLink link = new FakeLink();
  final Loop loop = new Loop();
  ConnectionFactory db;
  RunContext run;
  View c;

  PartRig() {
    o.noVacuum = true;
  }

  /** The view of client 0 at command 0 of the script built so far, its link {@link #link}. */
  PartRig start() {
    Console console = new Console(new PrintStream(err, true, StandardCharsets.UTF_8), false);
    run = ClientRig.context(o, script.build("test", 1), symbols, db, console, 10);
    c = new View(run, new Variables(symbols), new Prng(78));
    c.loop = loop;
    c.link = link;
    c.tries = 1;
    return this;
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** A client as its parts see it, and nothing more. */
  static final class View extends ClientView {
    View(RunContext run, Variables vars, Prng random) {
      super(0, run, vars, random);
    }

    @Override
    void advance() {
      throw new AssertionError("a part never runs the state machine");
    }

    @Override
    boolean hasEnded() {
      return false;
    }
  }

  /** A loop that runs nothing: its clock and -T are the test's, and it records what it is asked. */
  static final class Loop implements ClientLoop {
    long now = 1_000;
    boolean timeUp;
    long endTime;
    final List<String> asked = new ArrayList<>();

    @Override
    public long now() {
      return now;
    }

    @Override
    public long refresh() {
      return now;
    }

    @Override
    public boolean timeUp() {
      return timeUp;
    }

    @Override
    public long endTime() {
      return endTime;
    }

    @Override
    public Transport transport() {
      return null;
    }

    @Override
    public boolean mayRunOn() {
      return true;
    }

    @Override
    public void ready(LoopEntry c) {
      asked.add("ready");
    }

    @Override
    public void sleep(LoopEntry c, long micros) {
      asked.add("sleep " + micros);
    }

    @Override
    public void waitingForServer(LoopEntry c) {
      asked.add("waiting");
    }

    @Override
    public void answered(LoopEntry c) {
      asked.add("answered");
    }

    @Override
    public void ended(LoopEntry c) {
      asked.add("ended");
    }

    @Override
    public synchronized void handOver(LoopEntry c) {
      asked.add("handOver");
    }
  }
}
