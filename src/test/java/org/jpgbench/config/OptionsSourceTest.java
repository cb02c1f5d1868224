package org.jpgbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link OptionsBuilder}'s {@code of} and {@code build} are generated from the components of the
 * {@link Options} records, so that an option is defined once, by its component (and the builder's
 * field of its name, which holds pgbench's default); this test renders them and checks that the
 * source holds what it renders (spacing aside: google-java-format lays it out). With {@code
 * -Djpgbench.regenerate=true} it writes them into the source instead. Made at build time rather
 * than by reflection at run time, which costs ~0.1 s at every start (BENCHMARKS.md, "Choices and
 * why").
 */
class OptionsSourceTest {
  private static final Path SOURCE =
      Path.of("src/main/java/org/jpgbench/config/OptionsBuilder.java");
  private static final String BEGIN = "  // ---- generated from the records' components";
  private static final String END = "  // ---- end of the generated part";

  /** The sections present only when an option is given, and the test that says they are not. */
  private static final Map<String, String> ABSENT_WHEN =
      Map.of("group", "groupName == null", "metrics", "metricsPort < 0");

  /** The builder field of {@code component} of section {@code section} ("groupSize"). */
  private static String field(String section, String component) {
    return ABSENT_WHEN.containsKey(section)
        ? section + Character.toUpperCase(component.charAt(0)) + component.substring(1)
        : component;
  }

  static String render() {
    StringBuilder of = new StringBuilder();
    of.append("  /** A builder holding {@code o}'s options (its lists and maps copies). */\n");
    of.append(
        "  static OptionsBuilder of(Options o) {\n    OptionsBuilder b = new OptionsBuilder();\n");
    List<String> args = new ArrayList<>();
    for (RecordComponent top : Options.class.getRecordComponents()) {
      String name = top.getName();
      Class<?> type = top.getType();
      if (!type.isRecord()) {
        of.append("    b.").append(name).append(" = o.").append(name).append("();\n");
        args.add(name);
        continue;
      }
      String absent = ABSENT_WHEN.get(name);
      String indent = absent == null ? "    " : "      ";
      if (absent != null) {
        of.append("    if (o.").append(name).append("() != null) {\n");
      }
      List<String> fields = new ArrayList<>();
      for (RecordComponent c : type.getRecordComponents()) {
        String f = field(name, c.getName());
        fields.add(f);
        String value = "o." + name + "()." + c.getName() + "()";
        if (c.getType() == List.class) {
          value = "new java.util.ArrayList<>(" + value + ")";
        } else if (c.getType() == Map.class) {
          value = "new java.util.LinkedHashMap<>(" + value + ")";
        }
        of.append(indent).append("b.").append(f).append(" = ").append(value).append(";\n");
      }
      if (absent != null) {
        of.append("    }\n");
      }
      String made = "new Options." + type.getSimpleName() + "(" + String.join(", ", fields) + ")";
      args.add(absent == null ? made : absent + " ? null : " + made);
    }
    of.append("    return b;\n  }\n\n");
    of.append(
        "  /** The options: each section made from the fields of its components' names. */\n");
    of.append("  public Options build() {\n    return new Options(")
        .append(String.join(", ", args))
        .append(");\n  }\n\n");
    return of.toString();
  }

  @Test
  void ofAndBuildAreTheOnesTheRecordsMake() throws IOException {
    String source = Files.readString(SOURCE, StandardCharsets.UTF_8);
    int begin = source.indexOf('\n', source.indexOf(BEGIN));
    begin = source.indexOf('\n', begin + 1) + 1; // after the two comment lines
    int end = source.indexOf(END);
    String rendered = render();
    if (Boolean.getBoolean("jpgbench.regenerate")) {
      Files.writeString(
          SOURCE,
          source.substring(0, begin) + rendered + source.substring(end),
          StandardCharsets.UTF_8);
      return;
    }
    String want = rendered.replaceAll("\\s+", "");
    String have = source.substring(begin, end).replaceAll("\\s+", "");
    int at = 0;
    while (at < Math.min(want.length(), have.length()) && want.charAt(at) == have.charAt(at)) {
      at++;
    }
    assertEquals(
        want.substring(at, Math.min(want.length(), at + 60)),
        have.substring(at, Math.min(have.length(), at + 60)),
        "OptionsBuilder's generated part is not the records' from here on (regenerate it, see its"
            + " comment)");
  }
}
