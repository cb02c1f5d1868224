package org.jpgbench.script;

import java.util.List;

/**
 * A parsed script: a name ("builtin: tpcb-like" or a file name), a weight and its commands.
 *
 * @param name as pgbench prints it in the report ("<builtin: TPC-B (sort of)>" is the description,
 *     the name is "tpcb-like" / the file path)
 * @param description for builtins, pgbench's description; otherwise the file name
 */
public record Script(String name, String description, int weight, List<Command> commands) {
  public Script {
    commands = List.copyOf(commands);
  }

  public Script withWeight(int newWeight) {
    return new Script(name, description, newWeight, commands);
  }
}
