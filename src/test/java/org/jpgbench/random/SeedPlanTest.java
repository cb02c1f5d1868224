package org.jpgbench.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The derivation of every generator from the base seed, against native pgbench 15 (-h 127.0.0.1 -p
 * 5499 -U postgres -n), commands quoted on each test.
 */
class SeedPlanTest {

  /**
   * {@code pgbench -t 1 -c 1 --random-seed=SEED} with {@code \shell echo R= :random_seed
   * :default_seed}.
   */
  @ParameterizedTest(name = "--random-seed={0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "0|0|7868822567099391496",
        "1|1|-4077769369618924625",
        "42|42|4306334408478191133",
        "5432|5432|7590783070443337668",
        "9223372036854775807|9223372036854775807|-7867671238032434940",
        "9223372036854775808|-9223372036854775808|-1340778494396904346",
        "18446744073709551615|-1|5218942343062937440",
        "-1|-1|5218942343062937440",
        "+7|7|-2715325821952477995"
      })
  void randomSeedAndDefaultSeedVariables(String option, long randomSeed, long defaultSeed)
      throws Exception {
    SeedPlan plan = SeedPlan.of(RandomSeed.parseUnsigned(option), 1, 1, false);
    assertEquals(randomSeed, plan.randomSeed());
    assertEquals(defaultSeed, plan.defaultSeed());
  }

  /**
   * {@code pgbench -t 3 -c C -j J --random-seed=5432} with {@code \set r random(1, 1000000)} and
   * {@code \shell echo R= :client_id :r}, for (C, J) = (2, 2), (3, 1), (3, 2), (5, 3), (4, 8): each
   * client printed the same values whatever J.
   */
  @Test
  void clientGeneratorsDoNotDependOnThreads() {
    String[] expected = {
      "856256 471314 356753",
      "506940 446711 571570",
      "318233 91577 803474",
      "384505 970982 629785",
      "666283 326680 139935"
    };
    int[][] runs = {{2, 2}, {3, 1}, {3, 2}, {5, 3}, {4, 8}};
    for (int[] run : runs) {
      SeedPlan plan = SeedPlan.of(5432, run[0], run[1], false);
      for (int c = 0; c < run[0]; c++) {
        Prng r = plan.clientRandom(c);
        String got =
            Distributions.uniform(r, 1, 1000000)
                + " "
                + Distributions.uniform(r, 1, 1000000)
                + " "
                + Distributions.uniform(r, 1, 1000000);
        assertEquals(expected[c], got, "client " + c + " of -c " + run[0] + " -j " + run[1]);
      }
    }
  }

  @Test
  void clientsAreDealtToThreadsAsPgbenchDoes() {
    assertEquals("[0+2, 2+2, 4+1]", deal(SeedPlan.of(1, 5, 3, false)));
    assertEquals("[0+1, 1+1, 2+1, 3+1]", deal(SeedPlan.of(1, 4, 8, false)));
    assertEquals("[0+2, 2+1]", deal(SeedPlan.of(1, 3, 2, false)));
    assertEquals("[0+3, 3+3, 6+2, 8+2]", deal(SeedPlan.of(1, 10, 4, false)));
    assertEquals("[0+7]", deal(SeedPlan.of(1, 7, 1, false)));
    assertEquals(4, SeedPlan.of(1, 4, 8, false).threads());
  }

  private static String deal(SeedPlan plan) {
    List<String> parts = new ArrayList<>();
    for (int t = 0; t < plan.threads(); t++) {
      parts.add(plan.firstClient(t) + "+" + plan.clientCount(t));
    }
    return parts.toString();
  }

  /** pgbench's chooseScript for weights A@1, B@3, C@2. */
  private static char choose(Prng r) {
    long w = Distributions.getrand(r, 0, 5);
    int[] weights = {1, 3, 2};
    int i = 0;
    do {
      w -= weights[i++];
    } while (w >= 0);
    return "ABC".charAt(i - 1);
  }

  /** Per client, the scripts chosen in 6 transactions (clients of a thread take turns). */
  private static List<String> choices(SeedPlan plan) {
    List<StringBuilder> sb = new ArrayList<>();
    for (int c = 0; c < plan.clients(); c++) {
      sb.add(new StringBuilder());
    }
    for (int t = 0; t < plan.threads(); t++) {
      Prng r = plan.chooseRandom(t);
      for (int tx = 0; tx < 6; tx++) {
        for (int c = plan.firstClient(t); c < plan.firstClient(t) + plan.clientCount(t); c++) {
          sb.get(c).append(choose(r));
        }
      }
    }
    return sb.stream().map(StringBuilder::toString).toList();
  }

  /**
   * {@code pgbench -t 6 -c C -j J [-D...] --random-seed=5432 -f A.sql@1 -f B.sql@3 -f C.sql@2}
   * where X.sql is {@code \shell echo R= X :client_id}: the scripts each client ran, in order.
   */
  @Test
  void scriptChoiceUsesTheThreadChooseGenerator() {
    assertEquals(List.of("BACBCC"), choices(SeedPlan.of(5432, 1, 1, false)));
    assertEquals(
        List.of("BACCBB", "BBBBCB", "BCCBCB", "BBBBBB"), choices(SeedPlan.of(5432, 4, 2, false)));
    assertEquals(List.of("CBBCBB", "CCBCAB", "CAAABC"), choices(SeedPlan.of(5432, 3, 3, false)));
    // -D random_seed=99 changes only the variable: same choices as above (native)
  }

  /** The same runs with {@code -D default_seed=7}: no default seed is drawn, threads shift. */
  @Test
  void definedDefaultSeedShiftsThreadGenerators() {
    SeedPlan plan = SeedPlan.of(5432, 1, 1, true);
    assertFalse(plan.hasDefaultSeed());
    assertThrows(IllegalStateException.class, plan::defaultSeed);
    assertEquals(List.of("BBCCBA"), choices(plan));
    assertEquals(
        List.of("CBBCCA", "BCBBBB", "CBABBC", "CCBCBA"), choices(SeedPlan.of(5432, 4, 2, true)));
    assertEquals(List.of("BCAABA", "CBBABA", "ABABCA"), choices(SeedPlan.of(5432, 3, 3, true)));
    // client generators are drawn before the default seed: unchanged
    assertEquals(
        856256, Distributions.uniform(SeedPlan.of(5432, 2, 2, true).clientRandom(0), 1, 1000000));
  }

  /**
   * {@code pgbench -t 20 -c 3 -j 2 --random-seed=5432 -l --sampling-rate=0.3 -f A.sql}: the
   * (client/transaction) pairs in pgbench_log.PID and pgbench_log.PID.1. A transaction is logged
   * unless pg_prng_double(ts_sample_rs) &gt; rate.
   */
  @Test
  void samplingUsesTheThreadSampleGenerator() {
    SeedPlan plan = SeedPlan.of(5432, 3, 2, false);
    assertEquals("0/3 0/4 1/5 0/6 1/7 1/8 0/9 0/16 1/16 0/17", sampled(plan, 0));
    assertEquals("2/1 2/3 2/4 2/6 2/7 2/17 2/18 2/20", sampled(plan, 1));
  }

  private static String sampled(SeedPlan plan, int thread) {
    Prng r = plan.sampleRandom(thread);
    List<String> logged = new ArrayList<>();
    for (int tx = 1; tx <= 20; tx++) {
      int end = plan.firstClient(thread) + plan.clientCount(thread);
      for (int c = plan.firstClient(thread); c < end; c++) {
        if (!(r.nextDouble() > 0.3)) {
          logged.add(c + "/" + tx);
        }
      }
    }
    return String.join(" ", logged);
  }

  /** initRandomState order in pgbench's main(): clients, default seed, then per thread c/t/s. */
  @Test
  void derivationOrder() {
    SeedPlan plan = SeedPlan.of(77, 3, 2, false);
    Prng base = new Prng(77);
    for (int c = 0; c < 3; c++) {
      assertEquals(new Prng(base.nextLong()).nextLong(), plan.clientRandom(c).nextLong());
    }
    assertEquals(base.nextLong(), plan.defaultSeed());
    for (int t = 0; t < 2; t++) {
      assertEquals(new Prng(base.nextLong()).nextLong(), plan.chooseRandom(t).nextLong());
      assertEquals(new Prng(base.nextLong()).nextLong(), plan.throttleRandom(t).nextLong());
      assertEquals(new Prng(base.nextLong()).nextLong(), plan.sampleRandom(t).nextLong());
    }
  }

  @Test
  void generatorsAreFreshCopies() {
    SeedPlan plan = SeedPlan.of(3, 2, 2, false);
    Prng a = plan.throttleRandom(1);
    long first = a.nextLong();
    a.nextLong();
    assertEquals(first, plan.throttleRandom(1).nextLong());
  }
}
