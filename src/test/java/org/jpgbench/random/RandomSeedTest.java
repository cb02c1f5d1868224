package org.jpgbench.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * --random-seed parsing. Expected values are what native pgbench 15 logged ("setting random seed to
 * N") or rejected for {@code pgbench -h 127.0.0.1 -p 1 -n -t 1 "--random-seed=VALUE" postgres}.
 */
class RandomSeedTest {

  @ParameterizedTest(name = "[{0}] -> {1}")
  @CsvSource(
      delimiter = '|',
      ignoreLeadingAndTrailingWhitespace = false,
      value = {
        "0|0",
        "5432|5432",
        " 5|5",
        "+5|5",
        " +7|7",
        "\t7|7",
        "0005|5",
        "-0|0",
        "-1|18446744073709551615",
        "18446744073709551615|18446744073709551615",
        "18446744073709551616|18446744073709551615",
        "99999999999999999999999|18446744073709551615",
        "-18446744073709551615|1",
        "-99999999999999999999|18446744073709551615",
        "9223372036854775808|9223372036854775808"
      })
  void acceptsWhatSscanfAccepts(String value, String logged) throws Exception {
    long seed = RandomSeed.parseUnsigned(value);
    assertEquals(logged, Long.toUnsignedString(seed));
    assertEquals("setting random seed to " + logged, RandomMessages.settingSeed(seed));
    assertEquals(seed, RandomSeed.resolve(value));
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(
      strings = {"one", "", "5 ", "0x10", "-", "  ", "--5", "TIME", "Rand", "+ 7", "5\n", "1e3"})
  void rejectsWithPgbenchMessages(String value) {
    RandomSeedException e =
        assertThrows(RandomSeedException.class, () -> RandomSeed.resolve(value));
    assertEquals("unrecognized random seed option \"" + value + "\"", e.getMessage());
    assertEquals("Expecting an unsigned integer, \"time\" or \"rand\".", e.detail());
    assertEquals("error while setting random seed from --random-seed option", e.fatal(false));
    assertEquals(
        "error while setting random seed from PGBENCH_RANDOM_SEED environment variable",
        e.fatal(true));
  }

  @Test
  void timeAndRandNeedNoNumber() throws Exception {
    long a = RandomSeed.resolve(null);
    long b = RandomSeed.resolve("time");
    // monotonic microseconds
    assertEquals(true, b >= a);
    RandomSeed.resolve("rand");
    RandomSeedException e = new RandomSeedException(RandomMessages.SEED_RAND_FAILED, null);
    assertNull(e.detail());
  }
}
