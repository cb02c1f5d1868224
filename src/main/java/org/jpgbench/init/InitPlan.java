package org.jpgbench.init;

import java.util.ArrayList;
import java.util.List;

/** The -I string, checked and turned into the timed actions to run, in order. */
final class InitPlan {
  /** One step to run; {@code perUnit} is the M/S mode in force (generation steps only). */
  record Action(InitStep step, boolean perUnit) {}

  final List<Action> actions;

  private InitPlan(List<Action> actions) {
    this.actions = List.copyOf(actions);
  }

  /**
   * Parses the steps as pgbench's checkInitSteps does (empty string or unknown letter is an error),
   * with jpgbench's extra letters.
   *
   * @throws InitError with pgbench's messages
   */
  static InitPlan parse(String steps) throws InitError {
    return parse(steps, false);
  }

  /**
   * @param tpcc --workload=tpcc: g and G load its tables instead of pgbench's, f adds its foreign
   *     keys; c and U have no TPC-C counterpart and are refused
   */
  static InitPlan parse(String steps, boolean tpcc) throws InitError {
    if (steps == null || steps.isEmpty()) {
      throw new InitError(List.of(InitMessages.NO_STEPS));
    }
    List<Action> out = new ArrayList<>();
    boolean perUnit = false;
    for (int i = 0; i < steps.length(); i++) {
      char c = steps.charAt(i);
      if (c == ' ') {
        continue;
      }
      InitStep s = InitStep.of(c);
      if (s == null) {
        throw new InitError(
            List.of(
                InitMessages.unrecognizedStep(c), InitMessages.allowedSteps(InitStep.ALL_LETTERS)));
      }
      if (tpcc && (s == InitStep.CLIENT_BINARY || s == InitStep.SERVER_UNNEST)) {
        throw new InitError(List.of(InitMessages.tpccStepUnavailable(c)));
      } else if (!tpcc && s == InitStep.CHECK) {
        throw new InitError(List.of(InitMessages.CHECK_NEEDS_TPCC));
      }
      switch (s) {
        case PER_UNIT -> perUnit = true;
        case SINGLE -> perUnit = false;
        default -> out.add(new Action(s, perUnit));
      }
    }
    return new InitPlan(out);
  }

  boolean contains(InitStep step) {
    return actions.stream().anyMatch(a -> a.step() == step);
  }
}
