package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.config.QueryMode;
import org.jpgbench.script.MetaCommand.Kind;
import org.jpgbench.script.SqlCommand;
import org.junit.jupiter.api.Test;

/**
 * {@link SqlStep} alone: a command sent or queued, its answer read, and the states they lead to.
 */
class SqlStepTest {
  /** The step with the pipeline and error handling it works with. */
  private static final class Parts {
    final PartRig r;
    final Pipeline pipeline;
    final ClientErrors errors;
    final SqlStep sql;

    Parts(PartRig r) {
      this.r = r.start();
      pipeline = new Pipeline(r.c);
      errors = new ClientErrors(r.c, pipeline);
      sql =
          new SqlStep(
              r.c,
              pipeline,
              errors,
              new ResultStore(0, r.c.vars, r.run.symbols, r.run.console, r.run.commandCounts));
    }

    /** Sends the client's current command. */
    ClientState send() {
      int pc = r.c.pc;
      return sql.send((SqlCommand) r.run.commands[0][pc], r.run.plans[0][pc]);
    }
  }

  private static Parts oneCommand(boolean reconnect) {
    PartRig r = new PartRig();
    r.o.reconnect = reconnect;
    r.script.sql("select 1");
    return new Parts(r);
  }

  /** At the SQL command (a \gset one if {@code gset}) of an open pipeline, in extended mode. */
  private static Parts inPipeline(boolean gset) {
    PartRig r = new PartRig();
    r.o.queryMode = QueryMode.EXTENDED;
    r.script.meta(Kind.STARTPIPELINE);
    if (gset) {
      r.script.gset("select 1 as one");
    } else {
      r.script.sql("select 1");
    }
    r.script.meta(Kind.ENDPIPELINE);
    Parts p = new Parts(r);
    p.pipeline.start();
    r.c.pc = 1;
    return p;
  }

  @Test
  void aCommandGoesOutAndItsAnswerEndsTheCommand() {
    Parts p = oneCommand(false);
    assertEquals(ClientState.WAIT_RESULT, p.send());
    assertEquals(List.of("command 0"), p.r.link.sent);
    p.r.link.ok('I');
    assertEquals(ClientState.END_COMMAND, p.sql.answered());
  }

  @Test
  void insideAPipelineACommandIsQueuedWithoutWaiting() {
    Parts p = inPipeline(false);
    PartRig r = p.r;
    assertEquals(ClientState.END_COMMAND, p.send());
    assertEquals(List.of("pipelined 1"), r.link.sent);
  }

  @Test
  void gsetInsideAPipelineAbortsTheClient() {
    Parts p = inPipeline(true);
    PartRig r = p.r;
    assertEquals(ClientState.ABORTED, p.send());
    assertTrue(
        r.err()
            .endsWith("in command 1 (gset) of script 0; \\gset is not allowed in pipeline mode\n"),
        r.err());
    assertEquals(List.of(), r.link.sent);
  }

  @Test
  void aConnectionLostWhileIdleAbortsTheClientWithoutReconnect() {
    Parts p = oneCommand(false);
    p.r.link.broken = true;
    assertEquals(ClientState.ABORTED, p.send());
    assertTrue(
        p.r.err().endsWith("(SQL) of script 0; perhaps the backend died while processing\n"),
        p.r.err());
    assertEquals(List.of(), p.r.link.sent);
  }

  @Test
  void underReconnectAConnectionLostWhileIdleIsLost() {
    Parts p = oneCommand(true);
    p.r.link.broken = true;
    assertEquals(ClientState.LOST, p.send());
    assertEquals("", p.r.err(), "the client reports it, under --verbose-errors");
  }

  @Test
  void aSerializationFailureIsAnErrorToRetryAtTheCommandItHit() {
    Parts p = oneCommand(false);
    p.send();
    p.r.link.fail("40001", 'E');
    assertEquals(ClientState.ERROR, p.sql.answered());
    assertEquals(PgError.Kind.SERIALIZATION, p.errors.kind);
    assertEquals(0, p.errors.pc);
    assertEquals("", p.r.err());
  }

  @Test
  void anyOtherErrorAbortsTheClientWithTheServersMessage() {
    Parts p = oneCommand(false);
    p.send();
    p.r.link.fail("42601", 'I');
    assertEquals(ClientState.ABORTED, p.sql.answered());
    assertTrue(p.r.err().contains("client 0 script 0 aborted in command 0 query 0: "), p.r.err());
    assertTrue(p.r.err().contains("boom"), p.r.err());
  }

  @Test
  void underReconnectALinkLostWithItsAnswerIsLost() {
    Parts p = oneCommand(true);
    p.send();
    p.r.link.fail("57P01", 'I'); // the server's FATAL, then the connection went
    p.r.link.broken = true;
    assertEquals(ClientState.LOST, p.sql.answered());
  }

  @Test
  void copyAbortsTheClient() {
    Parts p = oneCommand(false);
    p.send();
    p.r.link.copy = true;
    p.r.link.ok('I');
    assertEquals(ClientState.ABORTED, p.sql.answered());
    assertTrue(p.r.err().contains("COPY is not supported in "), p.r.err());
  }

  @Test
  void theAnswerToEndPipelineLeavesThePipeline() {
    PartRig r = new PartRig();
    r.o.queryMode = QueryMode.EXTENDED;
    r.script.meta(Kind.STARTPIPELINE).sql("select 1").meta(Kind.ENDPIPELINE);
    Parts p = new Parts(r);
    p.pipeline.start();
    r.c.pc = 2;
    assertEquals(ClientState.WAIT_RESULT, p.pipeline.finish());
    r.link.ok('I');
    assertEquals(ClientState.END_COMMAND, p.sql.answered());
    assertFalse(p.pipeline.active);
    assertFalse(p.pipeline.ending);
  }
}
