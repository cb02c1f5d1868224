package org.jpgbench.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * glibc's getopt_long, as pgbench uses it: short options from an optstring ("c:" takes a value,
 * "c::" an optional one), clustered ("-iq", "-c8"), long options as "--name=value" or "--name
 * value", unique prefixes of long names ("--trans"; prefixes shared only by entries with the same
 * key and argument kind are not ambiguous; long options come in tiers, and a prefix is looked up in
 * a later tier only when no name of an earlier tier starts with it, so that jpgbench's own options
 * never make a pgbench abbreviation ambiguous), argument permutation (operands may come anywhere;
 * they are collected in order, "--" ends the options) unless POSIXLY_CORRECT asks to stop at the
 * first operand, and glibc's messages. Parsing stops at the first error: the items before it are
 * still returned, in order, so that the caller can apply them first, as pgbench does.
 */
final class GetoptParser {
  enum HasArg {
    NO,
    REQUIRED,
    OPTIONAL
  }

  /** A long option: its name, argument kind, and the key reported for it. */
  record LongOpt(String name, HasArg hasArg, int key) {}

  /**
   * One parsed option.
   *
   * @param key the short option character, or the long option's key
   * @param value its argument, null when it has none
   * @param spelling as written, without value: "-c" or the full long name "--client"
   */
  record Item(int key, String value, String spelling) {}

  /**
   * @param items options before the first error, in command-line order
   * @param error getopt's message (one line, no newline), or null
   * @param operands the non-option arguments, in order (incomplete after an error)
   */
  record Result(List<Item> items, String error, List<String> operands) {}

  private final String optstring;
  private final List<List<LongOpt>> tiers;
  private final String progname;

  /**
   * @param tiers long options, in glibc's table order within each tier
   */
  GetoptParser(String optstring, List<List<LongOpt>> tiers, String progname) {
    this.optstring = optstring;
    this.tiers = tiers.stream().map(List::copyOf).toList();
    this.progname = progname;
  }

  /**
   * @param requireOrder stop at the first operand (glibc does when POSIXLY_CORRECT is set)
   */
  Result parse(String[] args, boolean requireOrder) {
    List<Item> items = new ArrayList<>();
    List<String> operands = new ArrayList<>();
    int i = 0;
    while (i < args.length) {
      String arg = args[i];
      if (arg.equals("--")) {
        operands.addAll(Arrays.asList(args).subList(i + 1, args.length));
        break;
      }
      if (arg.length() < 2 || arg.charAt(0) != '-') {
        if (requireOrder) {
          operands.addAll(Arrays.asList(args).subList(i, args.length));
          break;
        }
        operands.add(arg);
        i++;
        continue;
      }
      i++;
      String error;
      if (arg.startsWith("--")) {
        error = longOption(arg.substring(2), args, i, items);
      } else {
        error = shortCluster(arg, args, i, items);
      }
      if (consumedNext) {
        i++;
      }
      if (error != null) {
        return new Result(items, error, operands);
      }
    }
    return new Result(items, null, operands);
  }

  /** Set by the last option handled: its value was the next argument. */
  private boolean consumedNext;

  private String longOption(String body, String[] args, int next, List<Item> items) {
    consumedNext = false;
    int eq = body.indexOf('=');
    String name = eq < 0 ? body : body.substring(0, eq);
    LongOpt found = null;
    for (List<LongOpt> tier : tiers) {
      for (LongOpt o : tier) {
        if (found == null && o.name().equals(name)) {
          found = o;
        }
      }
    }
    for (int t = 0; found == null && t < tiers.size(); t++) {
      List<LongOpt> ambiguous = new ArrayList<>();
      for (LongOpt o : tiers.get(t)) {
        if (!o.name().startsWith(name)) {
          continue;
        }
        if (found == null) {
          found = o;
        } else if (o.hasArg() != found.hasArg() || o.key() != found.key()) {
          if (ambiguous.isEmpty()) {
            ambiguous.add(found);
          }
          ambiguous.add(o);
        }
      }
      if (!ambiguous.isEmpty()) {
        StringBuilder sb =
            new StringBuilder(String.format(CliMessages.GETOPT_AMBIGUOUS, progname, "--" + body));
        for (LongOpt o : ambiguous) {
          sb.append(" '--").append(o.name()).append('\'');
        }
        return sb.toString();
      }
    }
    if (found == null) {
      return String.format(CliMessages.GETOPT_UNRECOGNIZED, progname, "--" + body);
    }
    String spelling = "--" + found.name();
    String value = null;
    if (eq >= 0) {
      if (found.hasArg() == HasArg.NO) {
        return String.format(CliMessages.GETOPT_LONG_NO_ARG, progname, spelling);
      }
      value = body.substring(eq + 1);
    } else if (found.hasArg() == HasArg.REQUIRED) {
      if (next >= args.length) {
        return String.format(CliMessages.GETOPT_LONG_NEEDS_ARG, progname, spelling);
      }
      value = args[next];
      consumedNext = true;
    }
    items.add(new Item(found.key(), value, spelling));
    return null;
  }

  private String shortCluster(String arg, String[] args, int next, List<Item> items) {
    consumedNext = false;
    int j = 1;
    while (j < arg.length()) {
      int c = arg.codePointAt(j);
      j += Character.charCount(c);
      int at = c == ':' || c == ';' || c > 0xFFFF ? -1 : optstring.indexOf(c);
      if (at < 0) {
        return String.format(CliMessages.GETOPT_INVALID_SHORT, progname, c);
      }
      boolean takesArg = at + 1 < optstring.length() && optstring.charAt(at + 1) == ':';
      boolean optional = takesArg && at + 2 < optstring.length() && optstring.charAt(at + 2) == ':';
      String spelling = "-" + (char) c;
      if (!takesArg) {
        items.add(new Item(c, null, spelling));
        continue;
      }
      if (j < arg.length()) {
        items.add(new Item(c, arg.substring(j), spelling));
      } else if (optional) {
        items.add(new Item(c, null, spelling));
      } else if (next < args.length) {
        items.add(new Item(c, args[next], spelling));
        consumedNext = true;
      } else {
        return String.format(CliMessages.GETOPT_SHORT_NEEDS_ARG, progname, c);
      }
      return null;
    }
    return null;
  }
}
