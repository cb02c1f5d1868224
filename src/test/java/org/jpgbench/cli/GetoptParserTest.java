package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.stream.Collectors;
import org.jpgbench.cli.GetoptParser.HasArg;
import org.jpgbench.cli.GetoptParser.Item;
import org.jpgbench.cli.GetoptParser.LongOpt;
import org.jpgbench.cli.GetoptParser.Result;
import org.junit.jupiter.api.Test;

/**
 * glibc getopt_long behaviour. Expected messages were taken from pgbench 15 on glibc 2.36, e.g.
 * {@code pgbench --p=3} and {@code pgbench --connect=3} (program name aside).
 */
class GetoptParserTest {
  private static final GetoptParser PGBENCH = OptionTable.parser();

  /** "a" flag, "b:" value, "c::" optional value; long names in two tiers. */
  private static final GetoptParser SMALL =
      new GetoptParser(
          "ab:c::",
          List.of(
              List.of(
                  new LongOpt("alpha", HasArg.NO, 'a'),
                  new LongOpt("beta", HasArg.REQUIRED, 'b'),
                  new LongOpt("bet", HasArg.NO, 1000),
                  new LongOpt("alias", HasArg.NO, 'a'),
                  new LongOpt("opt", HasArg.OPTIONAL, 1001)),
              List.of(
                  new LongOpt("extra", HasArg.NO, 1002), new LongOpt("alphabet", HasArg.NO, 1003))),
          "prog");

  private static String render(Result r) {
    String items =
        r.items().stream()
            .map(i -> keyName(i) + (i.value() == null ? "" : "=" + i.value()))
            .collect(Collectors.joining(" "));
    return items
        + " | "
        + String.join(" ", r.operands())
        + (r.error() == null ? "" : " | " + r.error());
  }

  private static String keyName(Item i) {
    return i.key() < 0x10000 && i.key() < 1000
        ? String.valueOf((char) i.key())
        : Integer.toString(i.key());
  }

  private static Result parse(GetoptParser p, String... args) {
    return p.parse(args, false);
  }

  @Test
  void clusteredFlagsAndAttachedValue() {
    assertEquals("a a b=x | ", render(parse(SMALL, "-aab", "x")));
    assertEquals("a b=xyz | ", render(parse(SMALL, "-abxyz")));
    assertEquals("b=-a | ", render(parse(SMALL, "-b", "-a")));
    assertEquals("c | x", render(parse(SMALL, "-c", "x")));
    assertEquals("c=x | ", render(parse(SMALL, "-cx")));
  }

  @Test
  void pgbenchClusterWithValueInside() {
    // -iIdtGvp: -i, then -I takes the rest of the word as its value
    Result r = parse(PGBENCH, "-iIdtGvp", "-c8");
    assertEquals(
        List.of(new Item('i', null, "-i"), new Item('I', "dtGvp", "-I"), new Item('c', "8", "-c")),
        r.items());
    assertNull(r.error());
  }

  @Test
  void permutationCollectsOperandsInOrder() {
    assertEquals("a b=1 a | x y z", render(parse(SMALL, "x", "-a", "y", "-b", "1", "z", "-a")));
    assertEquals("a | x -b y -a", render(parse(SMALL, "x", "-a", "--", "-b", "y", "-a")));
    assertEquals("a | - x", render(parse(SMALL, "-", "-a", "x")));
    assertEquals("b=-- | x", render(parse(SMALL, "-b", "--", "x")));
  }

  @Test
  void requireOrderStopsAtFirstOperand() {
    Result r = SMALL.parse(new String[] {"-a", "x", "-a"}, true);
    assertEquals("a | x -a", render(r));
  }

  @Test
  void longOptionValueForms() {
    assertEquals("b=1 b=2 b= | ", render(parse(SMALL, "--beta=1", "--beta", "2", "--beta=")));
    assertEquals("1001 1001=v | x", render(parse(SMALL, "--opt", "x", "--opt=v")));
  }

  @Test
  void exactNameWinsOverLongerNames() {
    assertEquals("1000 | ", render(parse(SMALL, "--bet")));
  }

  @Test
  void prefixes() {
    assertEquals("a | ", render(parse(SMALL, "--alp")));
    // "al" matches alpha and alias: same key and kind, so not ambiguous; the first one is used
    assertEquals("a | ", render(parse(SMALL, "--al")));
    // "alph": first tier resolves alpha, the second tier's alphabet does not make it ambiguous
    assertEquals("a | ", render(parse(SMALL, "--alph")));
    assertEquals("1003 | ", render(parse(SMALL, "--alphab")));
    assertEquals("1002 | ", render(parse(SMALL, "--ex")));
  }

  @Test
  void ambiguousPrefixListsConflictingOptions() {
    assertEquals(
        " |  | prog: option '--b' is ambiguous; possibilities: '--beta' '--bet'",
        render(parse(SMALL, "--b")));
    assertEquals(
        "jpgbench: option '--p=3' is ambiguous; possibilities: '--port' '--progress'"
            + " '--protocol' '--progress-timestamp' '--partitions' '--partition-method'",
        parse(PGBENCH, "--p=3").error());
  }

  @Test
  void pgbenchAbbreviationsStayUnambiguous() {
    // jpgbench's --embedded/--hdr-log/--report-json do not shadow these pgbench abbreviations
    assertEquals(
        List.of(new Item(OptionTable.Opt.EXIT_ON_ABORT.key(), null, "--exit-on-abort")),
        parse(PGBENCH, "--e").items());
    assertEquals("h", keyName(parse(PGBENCH, "--h", "x").items().get(0)));
    assertEquals("r", keyName(parse(PGBENCH, "--rep").items().get(0)));
    assertEquals("r", keyName(parse(PGBENCH, "--report-l").items().get(0)));
    assertEquals(
        OptionTable.Opt.REPORT_JSON.key(), parse(PGBENCH, "--report-j=x").items().get(0).key());
    assertEquals(OptionTable.Opt.EMBEDDED.key(), parse(PGBENCH, "--em").items().get(0).key());
  }

  @Test
  void errorsStopParsingAndKeepEarlierItems() {
    assertEquals("a |  | prog: invalid option -- 'x'", render(parse(SMALL, "-a", "-xa", "-a")));
    assertEquals("a |  | prog: invalid option -- 'x'", render(parse(SMALL, "-ax")));
    assertEquals(" |  | prog: option requires an argument -- 'b'", render(parse(SMALL, "-b")));
    assertEquals("a |  | prog: option requires an argument -- 'b'", render(parse(SMALL, "-ab")));
    assertEquals(
        " |  | prog: option '--beta' requires an argument", render(parse(SMALL, "--beta")));
    assertEquals(
        " |  | prog: option '--be' is ambiguous; possibilities: '--beta' '--bet'",
        render(parse(SMALL, "--be")));
    assertEquals(
        " |  | prog: option '--alpha' doesn't allow an argument", render(parse(SMALL, "--alp=1")));
    assertEquals(" |  | prog: unrecognized option '--nope=1'", render(parse(SMALL, "--nope=1")));
    assertEquals(" |  | prog: invalid option -- ':'", render(parse(SMALL, "-:")));
  }

  @Test
  void helpAndVersionAreNotOptionsOfTheLoop() {
    assertEquals("jpgbench: invalid option -- '?'", parse(PGBENCH, "-?").error());
    assertEquals("jpgbench: invalid option -- 'V'", parse(PGBENCH, "-V").error());
    assertEquals("jpgbench: unrecognized option '--help'", parse(PGBENCH, "--help").error());
  }
}
