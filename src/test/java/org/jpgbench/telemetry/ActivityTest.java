package org.jpgbench.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One sample's rows, as the server counts them, sorted into what the series keeps. */
class ActivityTest {
  private final Map<String, Long> waits = new LinkedHashMap<>();
  private final Set<String> autovacuum = new LinkedHashSet<>();

  private boolean sort(String... row) {
    return Activity.sort(row, true, waits, autovacuum);
  }

  @Test
  void theBenchmarksBackendsCountByWhatTheyWaitFor() {
    assertFalse(sort(null, "active", "Lock", "relation", null, "5"));
    assertFalse(sort(null, "active", null, null, null, "2"));
    assertFalse(sort(null, "idle in transaction", "Client", "ClientRead", null, "1"));
    assertFalse(sort(null, "idle", null, null, null, "3"));
    // a row the role may not read: no state, not a sample
    assertFalse(sort(null, null, null, null, null, "4"));
    assertEquals(Map.of("Lock:relation", 5L, "CPU", 2L, "Client:ClientRead", 4L), waits);
    assertTrue(autovacuum.isEmpty());
  }

  @Test
  void theCheckpointerIsAtWorkUnlessItWaitsInItsMainLoopOrIsHidden() {
    assertFalse(sort("checkpointer", null, "Activity", "CheckpointerMain", null, "1"));
    assertTrue(sort("checkpointer", null, "IO", "DataFileSync", null, "1"));
    assertTrue(sort("checkpointer", null, null, null, null, "1"), "writing, on a CPU");
    String[] hidden = {"checkpointer", null, null, null, null, "1"};
    assertFalse(Activity.sort(hidden, false, waits, autovacuum), "hidden: nothing known");
    assertTrue(waits.isEmpty());
  }

  @Test
  void autovacuumWorkersAreNamedByTheirTableOrHidden() {
    sort(
        "autovacuum worker",
        "active",
        null,
        null,
        "autovacuum: VACUUM public.pgbench_tellers",
        "1");
    // a role that reads every session: an empty query is a worker without a table yet
    sort("autovacuum worker", null, null, null, null, "1");
    // a role that does not: the query is hidden from it
    Activity.sort(
        new String[] {"autovacuum worker", null, null, null, "", "1"}, false, waits, autovacuum);
    assertEquals(
        List.of("VACUUM public.pgbench_tellers", "(starting)", "(hidden)"),
        List.copyOf(autovacuum));
    assertTrue(waits.isEmpty());
  }
}
