package org.jpgbench.random;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * random(lb, ub) against native pgbench 15. Every vector below was produced by
 *
 * <pre>
 * pgbench -h 127.0.0.1 -p 5499 -U postgres -n -t 4 -c 1 --random-seed=SEED -f u.sql postgres
 * </pre>
 *
 * with u.sql:
 *
 * <pre>
 * \set a random(1, 1000)
 * \set b random(-1000, 1000)
 * \set c random(0, 9223372036854775806)
 * \set d random(5, 5)
 * \set e random(-4611686018427387904, 4611686018427387902)
 * \set f random(-9223372036854775808, -9223372036854775800)
 * \shell echo R= :a :b :c
 * \shell echo R= :d :e :f
 * </pre>
 */
class UniformVectorsTest {

  static Stream<Arguments> vectors() {
    return Stream.of(
        Arguments.of(
            "0",
            List.of(
                "234 58 8518981081702569272",
                "5 3396029609195571345 -9223372036854775800",
                "242 166 300534806037885486",
                "5 -1551333562907970035 -9223372036854775803",
                "68 -246 3261902078793526406",
                "5 -3829368869582990074 -9223372036854775803",
                "761 -677 7238383794779323189",
                "5 -4440031096003992036 -9223372036854775801")),
        Arguments.of(
            "1",
            List.of(
                "806 310 127943957446718623",
                "5 812893969542380050 -9223372036854775800",
                "679 -916 1691376711498349988",
                "5 3802550033040075351 -9223372036854775808",
                "297 -612 1211190774284591892",
                "5 3814379946626882431 -9223372036854775803",
                "438 -82 2775264945106437487",
                "5 1226858623357077609 -9223372036854775804")),
        Arguments.of(
            "5432",
            List.of(
                "837 -80 3138025653846836812",
                "5 -2407324821486532750 -9223372036854775801",
                "702 -634 6359688646525840585",
                "5 3282787485051252284 -9223372036854775803",
                "794 94 27175000789156616",
                "5 -571687835826257213 -9223372036854775803",
                "214 -752 3647177364016762132",
                "5 3697162884739458598 -9223372036854775802")),
        Arguments.of(
            "123456789",
            List.of(
                "270 458 6831719138192904488",
                "5 -1644396847702215826 -9223372036854775806",
                "36 11 980765705732297893",
                "5 1430921959362907089 -9223372036854775805",
                "514 159 7464776838433028634",
                "5 -1458500668801134346 -9223372036854775807",
                "989 239 7766959099422442192",
                "5 1340225126652753785 -9223372036854775804")),
        Arguments.of(
            "18446744073709551615",
            List.of(
                "949 403 6781559491685244138",
                "5 -484549342337981639 -9223372036854775800",
                "953 874 5165154624886132105",
                "5 2256060436677170034 -9223372036854775805",
                "500 -336 5296814274416518871",
                "5 4280486252298577798 -9223372036854775802",
                "649 -356 3431444899086688319",
                "5 -271732556864551806 -9223372036854775803")));
  }

  @ParameterizedTest(name = "--random-seed={0}")
  @MethodSource("vectors")
  void matchesNativePgbench(String seed, List<String> expected) throws Exception {
    Prng r = SeedPlan.of(RandomSeed.parseUnsigned(seed), 1, 1, false).clientRandom(0);
    List<String> got = new ArrayList<>();
    for (int tx = 0; tx < 4; tx++) {
      long a = Distributions.uniform(r, 1, 1000);
      long b = Distributions.uniform(r, -1000, 1000);
      long c = Distributions.uniform(r, 0, 9223372036854775806L);
      long d = Distributions.uniform(r, 5, 5);
      long e = Distributions.uniform(r, -4611686018427387904L, 4611686018427387902L);
      long f = Distributions.uniform(r, Long.MIN_VALUE, -9223372036854775800L);
      got.add(a + " " + b + " " + c);
      got.add(d + " " + e + " " + f);
    }
    assertEquals(expected, got);
  }
}
