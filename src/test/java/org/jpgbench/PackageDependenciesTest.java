package org.jpgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each package's package-info says which of jpgbench's packages it depends on ("Depends on {@code
 * a}, {@code b} and {@code c}", or "Depends on nothing of jpgbench's"); this holds the sentence to
 * the code: the packages its classes name (imports and qualified names, comments and strings left
 * out) are exactly those. The cli, at the top, says it depends on every other package: none may
 * depend on it.
 */
class PackageDependenciesTest {
  private static final List<Path> ROOTS = List.of(Path.of("src/main/java/org/jpgbench"));
  private static final Pattern REFERENCE =
      Pattern.compile("org\\.jpgbench\\.([a-z0-9]+(?:\\.[a-z0-9]+)*)\\.[A-Z]");
  private static final Pattern CODE_NAME = Pattern.compile("\\{@code ([a-z0-9.]+)}");

  @Test
  void everyPackageInfoNamesExactlyThePackagesItsCodeUses() throws IOException {
    Map<String, Set<String>> used = new TreeMap<>();
    Map<String, String> infos = new TreeMap<>();
    for (Path root : ROOTS) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          String pkg = root.relativize(f.getParent()).toString().replace('/', '.');
          String src = Files.readString(f);
          if (f.getFileName().toString().equals("package-info.java")) {
            infos.put(pkg, src);
          }
          Set<String> deps = used.computeIfAbsent(pkg, k -> new TreeSet<>());
          Matcher m = REFERENCE.matcher(code(src));
          while (m.find()) {
            String dep = m.group(1);
            if (!dep.equals(pkg)) {
              deps.add(dep);
            }
          }
        }
      }
    }
    assertEquals(used.keySet(), infos.keySet(), "a package-info in every package");
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, String> e : infos.entrySet()) {
      String pkg = e.getKey();
      Set<String> declared = declared(pkg, e.getValue(), used.keySet());
      if (declared == null) {
        for (Map.Entry<String, Set<String>> other : used.entrySet()) {
          if (other.getValue().contains(pkg)) {
            wrong.add(other.getKey() + " depends on " + pkg + ", which is the top");
          }
        }
      } else if (!declared.equals(used.get(pkg))) {
        wrong.add(pkg + ": says " + declared + ", uses " + used.get(pkg));
      }
    }
    assertEquals(List.of(), wrong);
  }

  /**
   * The packages the "Depends on" sentence names; empty for "nothing"; null for "every other
   * package".
   */
  private static Set<String> declared(String pkg, String info, Set<String> packages) {
    int at = info.indexOf("Depends on ");
    assertTrue(at >= 0, pkg + "'s package-info has no \"Depends on\" sentence");
    String sentence = info.substring(at).replaceAll("\\s*\\*\\s*", " ");
    Matcher end = Pattern.compile(";|\\.(\\s|$)").matcher(sentence);
    sentence = end.find() ? sentence.substring(0, end.start()) : sentence;
    if (sentence.startsWith("Depends on every other package")) {
      return null;
    }
    Set<String> out = new TreeSet<>();
    Matcher m = CODE_NAME.matcher(sentence);
    while (m.find()) {
      if (packages.contains(m.group(1))) {
        out.add(m.group(1));
      }
    }
    return out;
  }

  /** The source without comments, string and character literals and text blocks. */
  static String code(String src) {
    StringBuilder out = new StringBuilder(src.length());
    int i = 0;
    int n = src.length();
    while (i < n) {
      char c = src.charAt(i);
      if (src.startsWith("/*", i)) {
        int end = src.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if (src.startsWith("//", i)) {
        int end = src.indexOf('\n', i);
        i = end < 0 ? n : end;
      } else if (src.startsWith("\"\"\"", i)) {
        int end = src.indexOf("\"\"\"", i + 3);
        i = end < 0 ? n : end + 3;
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < n && src.charAt(j) != c) {
          j += src.charAt(j) == '\\' ? 2 : 1;
        }
        i = j + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }
}
