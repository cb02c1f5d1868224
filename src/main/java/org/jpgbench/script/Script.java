package org.jpgbench.script;

import java.util.List;

/**
 * A parsed script: a name ("builtin: tpcb-like" or a file name), a weight and its commands.
 *
 * @param name as pgbench prints it in the report ("<builtin: TPC-B (sort of)>" is the description,
 *     the name is "tpcb-like" / the file path)
 * @param description for builtins, pgbench's description; otherwise the file name
 * @param builtin one of pgbench's builtin scripts (-b): then the run reads the scale from
 *     pgbench_branches, as pgbench does
 */
public record Script(
    String name, String description, int weight, List<Command> commands, boolean builtin) {
  public Script {
    commands = List.copyOf(commands);
  }

  public Script withWeight(int newWeight) {
    return new Script(name, description, newWeight, commands, builtin);
  }
}
