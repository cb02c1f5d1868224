package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpgbench.config.QueryMode;
import org.jpgbench.script.MetaCommand.Kind;
import org.junit.jupiter.api.Test;

/** {@link Pipeline} alone: \startpipeline, \syncpipeline and \endpipeline, and their refusals. */
class PipelineTest {
  /** \startpipeline, two SQL commands, \endpipeline, in query mode {@code mode}. */
  private static PartRig rig(QueryMode mode) {
    PartRig r = new PartRig();
    r.o.queryMode = mode;
    r.script.meta(Kind.STARTPIPELINE).sql("select 1").sql("select 2").meta(Kind.ENDPIPELINE);
    return r.start();
  }

  @Test
  void startOpensThePipelineAndEndSyncsAndWaitsForEveryResult() {
    PartRig r = rig(QueryMode.EXTENDED);
    Pipeline p = new Pipeline(r.c);
    assertEquals(ClientState.END_COMMAND, p.start());
    assertTrue(p.active);
    assertEquals(List.of(), r.link.sent, "nothing to prepare in extended mode");
    r.c.pc = 3;
    assertEquals(ClientState.WAIT_RESULT, p.finish());
    assertTrue(p.ending, "the answer now awaited completes the pipeline");
    assertEquals(List.of("sync"), r.link.sent);
    p.reset();
    assertFalse(p.active);
    assertFalse(p.ending);
  }

  @Test
  void inPreparedModeStartPreparesTheStatementsUpToEndPipeline() {
    PartRig r = rig(QueryMode.PREPARED);
    assertEquals(ClientState.END_COMMAND, new Pipeline(r.c).start());
    assertEquals(List.of("prepare 1..3"), r.link.sent);
  }

  @Test
  void syncSendsASyncPointInsideThePipeline() {
    PartRig r = rig(QueryMode.EXTENDED);
    Pipeline p = new Pipeline(r.c);
    p.start();
    assertEquals(ClientState.END_COMMAND, p.sync());
    assertEquals(List.of("sync"), r.link.sent);
    assertEquals(1, r.link.pending, "one more answer to wait for");
  }

  @Test
  void theSimpleProtocolRefusesAPipeline() {
    PartRig r = rig(QueryMode.SIMPLE);
    assertEquals(ClientState.ABORTED, new Pipeline(r.c).start());
    assertTrue(
        r.err()
            .endsWith(
                ": error: client 0 aborted in command 0 (startpipeline) of script 0; "
                    + "cannot use pipeline mode with the simple query protocol\n"),
        r.err());
    assertEquals(List.of(), r.link.sent);
  }

  @Test
  void aSecondStartAbortsTheClient() {
    PartRig r = rig(QueryMode.EXTENDED);
    Pipeline p = new Pipeline(r.c);
    p.start();
    assertEquals(ClientState.ABORTED, p.start());
    assertTrue(
        r.err().endsWith("(startpipeline) of script 0; already in pipeline mode\n"), r.err());
  }

  @Test
  void syncOrEndOutsideAPipelineAbortsTheClient() {
    PartRig r = rig(QueryMode.EXTENDED);
    Pipeline p = new Pipeline(r.c);
    assertEquals(ClientState.ABORTED, p.sync());
    assertEquals(ClientState.ABORTED, p.finish());
    assertTrue(r.err().contains("(syncpipeline) of script 0; not in pipeline mode\n"), r.err());
    assertTrue(r.err().contains("(endpipeline) of script 0; not in pipeline mode\n"), r.err());
    assertEquals(List.of(), r.link.sent);
  }
}
