package org.jpgbench.random;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * hash / hash_murmur2 / hash_fnv1a against native pgbench 15:
 *
 * <pre>
 * pgbench -h 127.0.0.1 -p 5499 -U postgres -n -t 1 -c 1 --random-seed=SEED -f h.sql postgres
 *
 * \set a hash(10)
 * \set b hash(10, 5432)
 * \set c hash_fnv1a(10)
 * \set d hash_fnv1a(10, 5432)
 * \set e hash_murmur2(-1, 0)
 * \set f hash_fnv1a(-9223372036854775808, -1)
 * \set g hash(9223372036854775807, -9223372036854775808)
 * \set h hash_murmur2(0)
 * \set i hash_fnv1a(0, 0)
 * \shell echo R= :default_seed :a :b
 * \shell echo R= :c :d :e
 * \shell echo R= :f :g :h :i
 * </pre>
 *
 * A one-argument hash uses :default_seed, as the expression parser adds it.
 */
class HashesTest {

  private static List<String> script(long randomSeed) {
    long ds = SeedPlan.of(randomSeed, 1, 1, false).defaultSeed();
    return List.of(
        ds + " " + Hashes.murmur2(10, ds) + " " + Hashes.murmur2(10, 5432),
        Hashes.fnv1a(10, ds) + " " + Hashes.fnv1a(10, 5432) + " " + Hashes.murmur2(-1, 0),
        Hashes.fnv1a(Long.MIN_VALUE, -1)
            + " "
            + Hashes.murmur2(Long.MAX_VALUE, Long.MIN_VALUE)
            + " "
            + Hashes.murmur2(0, ds)
            + " "
            + Hashes.fnv1a(0, 0));
  }

  @Test
  void seed42() {
    assertEquals(
        List.of(
            "4306334408478191133 7448483461986166326 -5817877081768721676",
            "-3715753511044487310 -7793829335365542153 4219408603045787357",
            "4052607191188198810 -8969732497821252539 3687665578893972811 -6284781860667377211"),
        script(42));
  }

  @Test
  void seed5432() {
    assertEquals(
        List.of(
            "7590783070443337668 4313776982099445391 -5817877081768721676",
            "1738298496642736203 -7793829335365542153 4219408603045787357",
            "4052607191188198810 -8969732497821252539 -6037318374080380516 -6284781860667377211"),
        script(5432));
  }

  /** Conformance expr.fn.hash_murmur2.default: {@code hash_murmur2(1)}, --random-seed=42. */
  @Test
  void murmur2WithDefaultSeedOfSeed42() {
    long ds = SeedPlan.of(42, 1, 1, false).defaultSeed();
    assertEquals(8161110279748835556L, Hashes.murmur2(1, ds));
  }
}
