package org.jpgbench.report;

import java.util.List;
import java.util.Map;

/** Reads parsed JSON in tests: "a.b.2.c" walks objects by name and arrays by index. */
public final class JsonPath {
  private JsonPath() {}

  public static Object get(Object root, String path) {
    Object cur = root;
    for (String part : path.split("\\.")) {
      if (cur instanceof Map<?, ?> m) {
        if (!m.containsKey(part)) {
          throw new AssertionError("no member " + part + " in " + path);
        }
        cur = m.get(part);
      } else if (cur instanceof List<?> l) {
        cur = l.get(Integer.parseInt(part));
      } else {
        throw new AssertionError("cannot walk into " + part + " of " + path);
      }
    }
    return cur;
  }

  public static double num(Object root, String path) {
    Object v = get(root, path);
    if (!(v instanceof Number n)) {
      throw new AssertionError(path + " is not a number: " + v);
    }
    return n.doubleValue();
  }

  public static long integer(Object root, String path) {
    Object v = get(root, path);
    if (!(v instanceof Long || v instanceof Integer)) {
      throw new AssertionError(path + " is not an integer: " + v);
    }
    return ((Number) v).longValue();
  }

  public static String str(Object root, String path) {
    return (String) get(root, path);
  }
}
