package org.jpgbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OptionsTest {
  /** -M's words name the modes, and each mode's protocol is one of pgbench's three. */
  @Test
  void eachQueryModeIsNamedByItsWordAndSpeaksItsProtocol() {
    assertEquals(
        List.of("simple", "extended", "prepared"),
        java.util.Arrays.stream(QueryMode.values()).map(QueryMode::word).toList());
    for (QueryMode m : QueryMode.values()) {
      assertEquals(m, QueryMode.ofWord(m.word()));
    }
    assertNull(QueryMode.ofWord("PREPARED"), "pgbench's words are lower case");
    assertNull(QueryMode.ofWord("fast"));
    assertTrue(QueryMode.SIMPLE.simpleProtocol());
    assertFalse(QueryMode.SIMPLE.namedStatements());
    assertFalse(QueryMode.EXTENDED.simpleProtocol());
    assertFalse(QueryMode.EXTENDED.namedStatements());
    assertFalse(QueryMode.PREPARED.simpleProtocol());
    assertTrue(QueryMode.PREPARED.namedStatements());
  }

  /**
   * Every builder field reaches the options (set alone, it changes what is built; a --group-*
   * companion set with a group name, a --metrics-* one with a port), and toBuilder carries every
   * one back.
   */
  @Test
  void everyBuilderFieldReachesTheOptionsAndToBuilderCopiesItBack() throws Exception {
    OptionsBuilder b = Options.builder();
    Options defaults = Options.builder().build();
    int n = 0;
    for (Field f : OptionsBuilder.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers())) {
        continue;
      }
      Object value = sample(f, ++n);
      f.set(b, value);
      OptionsBuilder alone = Options.builder();
      Options base = defaults;
      if (f.getName().startsWith("group") && !f.getName().equals("groupName")) {
        alone.groupName = "g";
        base = alone.build();
      }
      if (f.getName().startsWith("metrics") && !f.getName().equals("metricsPort")) {
        alone.metricsPort = 9187;
        base = alone.build();
      }
      f.set(alone, sample(f, n));
      assertNotEquals(base, alone.build(), f.getName() + " does not reach the options");
    }
    Options original = b.build();
    assertEquals(original, original.toBuilder().build());
  }

  /** What was not given is resolved when the options are made; a variant's lists are its own. */
  @Test
  void whatWasNotGivenIsResolvedAndAVariantsListsAreItsOwn() {
    OptionsBuilder b = Options.builder();
    b.groupName = "g";
    b.metricsPort = 0;
    Options o = b.build();
    assertEquals(Options.DEFAULT_WAIT_SAMPLING_HZ, o.outputs().waitSamplingHz());
    assertEquals(Options.DEFAULT_GROUP_TIMEOUT_SECONDS, o.group().timeoutSeconds());
    assertEquals("127.0.0.1", o.metrics().host());
    assertEquals(0, o.metrics().lingerSeconds());
    assertNull(Options.builder().build().group(), "no --group");
    assertNull(Options.builder().build().metrics(), "no --metrics-listen");
    // a variant's lists are its own
    OptionsBuilder variant = o.toBuilder();
    variant.defines.put("x", "1");
    assertTrue(o.run().defines().isEmpty());
    assertEquals(Map.of("x", "1"), variant.build().run().defines());
  }

  private static Object sample(Field f, int n) {
    Class<?> t = f.getType();
    if (t == String.class) {
      return "s" + n;
    } else if (t == int.class) {
      return 1000 + n;
    } else if (t == long.class || t == Long.class) {
      return 1000L + n;
    } else if (t == double.class) {
      return 0.25 + n;
    } else if (t == boolean.class) {
      return true;
    } else if (t == Options.Mode.class) {
      return Options.Mode.INIT;
    } else if (t == QueryMode.class) {
      return QueryMode.PREPARED;
    } else if (t == Options.PartitionMethod.class) {
      return Options.PartitionMethod.HASH;
    } else if (t == Map.class) {
      return new java.util.LinkedHashMap<>(Map.of("k" + n, "v"));
    } else if (f.getName().equals("scripts")) {
      return new java.util.ArrayList<>(List.of(new Options.ScriptSpec(true, "x", 2)));
    } else if (f.getName().equals("percentiles")) {
      return new java.util.ArrayList<>(List.of(42.0));
    } else if (t == List.class) {
      return new java.util.ArrayList<>(List.of("t" + n));
    }
    throw new AssertionError("no sample for " + f);
  }
}
