package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PrimaryKeysTest {
  @Test
  void sortMemoryIsRaisedOnlyWhilePostgresKeepsOneParallelWorker() {
    // an in-memory sort of 1,000,000 keys used 63,639 kB (trace_sort, PostgreSQL 15): 77 MB is
    // ample
    assertEquals(77, PrimaryKeys.sortMemoryMb(1_000_000)); // scale 10
    assertEquals(92, PrimaryKeys.sortMemoryMb(1_200_000)); // scale 12
    // from 96 MB PostgreSQL may start a second worker; measured slower, so the setting stays
    assertEquals(0, PrimaryKeys.sortMemoryMb(1_300_000)); // scale 13
    assertEquals(0, PrimaryKeys.sortMemoryMb(5_000_000)); // scale 50
    // scale 5 needs 39 MB, under the default 64 MB: the session setting is then left as it is
    assertEquals(39, PrimaryKeys.sortMemoryMb(500_000));
  }
}
