package org.jpgbench.init;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HashPartitionerTest {
  private static String remainders(HashPartitioner h, long from, long to) {
    StringBuilder b = new StringBuilder();
    for (long a = from; a <= to; a++) {
      b.append(a > from ? "," : "").append(h.remainder(a));
    }
    return b.toString();
  }

  @Test
  void matchesPostgresForInt4AndInt8Keys() {
    // PostgreSQL 15: create table hp(aid int) partition by hash(aid); then
    // select string_agg(r::text, ',' order by a) from generate_series(1,30) a, generate_series(0,6)
    // r
    //   where satisfies_hash_partition('hp'::regclass, 7, r, a)
    assertEquals(
        "5,6,6,0,1,6,6,4,6,0,0,2,1,5,5,3,2,4,5,4,0,2,4,1,0,6,2,6,2,5",
        remainders(new HashPartitioner(7, false), 1, 30));
    // same with a bigint key (hp8), for -5..30, and for three large values
    HashPartitioner big = new HashPartitioner(7, true);
    assertEquals(
        "0,6,3,4,0,4,5,6,6,0,1,6,6,4,6,0,0,2,1,5,5,3,2,4,5,4,0,2,4,1,0,6,2,6,2,5",
        remainders(big, -5, 30));
    assertEquals(
        "2,2,3",
        big.remainder(5000000000L)
            + ","
            + big.remainder(-5000000000L)
            + ","
            + big.remainder(Long.MAX_VALUE));
  }
}
