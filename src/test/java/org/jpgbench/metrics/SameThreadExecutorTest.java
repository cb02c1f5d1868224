package org.jpgbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SameThreadExecutorTest {
  @Test
  void runsEachTaskOnTheThreadThatHandsItOver() throws Exception {
    SameThreadExecutor executor = new SameThreadExecutor();
    AtomicReference<Thread> ranOn = new AtomicReference<>();
    Thread caller = new Thread(() -> executor.execute(() -> ranOn.set(Thread.currentThread())));
    caller.start();
    caller.join();
    assertEquals(caller, ranOn.get());
    assertEquals("done", executor.submit(() -> "done").get(0, TimeUnit.SECONDS));
  }

  @Test
  void refusesTasksOnceShutDown() {
    SameThreadExecutor executor = new SameThreadExecutor();
    assertFalse(executor.isShutdown());
    executor.shutdown();
    assertTrue(executor.isShutdown());
    assertTrue(executor.isTerminated());
    assertThrows(RejectedExecutionException.class, () -> executor.execute(() -> {}));
    assertTrue(executor.shutdownNow().isEmpty());
  }
}
