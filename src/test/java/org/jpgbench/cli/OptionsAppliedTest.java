package org.jpgbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jpgbench.cli.GetoptParser.HasArg;
import org.jpgbench.cli.GetoptParser.LongOpt;
import org.jpgbench.cli.OptionTable.Opt;
import org.jpgbench.expr.SymbolTable;
import org.junit.jupiter.api.Test;

/**
 * Every option the table knows is applied by one of {@link OptionsReader}'s groups or by {@link
 * JpgbenchOptions}: given on its own (with the value 1 where it takes one), it sets what it sets or
 * is refused with a message, and never falls through as an option no one handles.
 */
class OptionsAppliedTest {
  @Test
  void everyLongOptionIsAppliedOrRefusedWithAMessage() {
    List<LongOpt> all = new ArrayList<>(OptionTable.pgbenchLongOptions());
    all.addAll(OptionTable.jpgbenchLongOptions());
    Set<Opt> seen = EnumSet.noneOf(Opt.class);
    for (LongOpt o : all) {
      String arg = o.hasArg() == HasArg.NO ? "--" + o.name() : "--" + o.name() + "=1";
      seen.add(Opt.ofKey(o.key()));
      OptionsReader reader =
          new OptionsReader(
              new ScriptLoader(new SymbolTable(), new ByteArrayInputStream(new byte[0])),
              Map.of(),
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      try {
        reader.read(new String[] {arg}, new ArrayList<>());
      } catch (CliExit expected) {
        // refused with pgbench's words (or -b list / --show-script printing and ending)
      } catch (RuntimeException e) {
        fail(arg + " was not applied: " + e, e);
      }
    }
    assertEquals(EnumSet.allOf(Opt.class), seen, "each option has a long name");
  }
}
