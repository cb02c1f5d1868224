package org.jpgbench.cli;

import java.util.ArrayList;
import java.util.List;
import org.jpgbench.config.Options;
import org.jpgbench.config.OptionsBuilder;
import org.jpgbench.script.Script;

/** What option processing has gathered so far: pgbench main()'s local variables. */
final class ParseState {
  /** pgbench allows at most this many -b/-f/-N/-S scripts. */
  static final int MAX_SCRIPTS = 128;

  final OptionsBuilder builder = Options.builder();

  /** Parsed scripts, in order (run mode). */
  final List<Script> scripts = new ArrayList<>();

  /** File or builtin text for each entry of builder.scripts. */
  final List<String> scriptTexts = new ArrayList<>();

  /** -I as given, null when absent. */
  String initSteps;

  boolean benchmarkingOptionSet;
  boolean initializationOptionSet;

  /** -h, -p, -U or -d given (jpgbench: --embedded refuses them). */
  boolean connectionOptionSet;

  /** Whether -i is among the options (known before they are applied, see OptionsReader). */
  final boolean initMode;

  ParseState(boolean initMode) {
    this.initMode = initMode;
    builder.mode = initMode ? Options.Mode.INIT : Options.Mode.RUN;
    builder.scriptTexts = scriptTexts;
  }

  /** Applies a benchmarking option (one that -i refuses). */
  void benchmarking(Runnable set) {
    benchmarkingOptionSet = true;
    set.run();
  }

  /** Applies an initialization option (one that a benchmark run refuses). */
  void initialization(Runnable set) {
    initializationOptionSet = true;
    set.run();
  }

  /** pgbench's addScript checks (empty script, too many scripts), then records the script. */
  void addScript(Options.ScriptSpec spec, String text, Script parsed) throws CliExit {
    if (parsed != null && parsed.commands().isEmpty()) {
      throw CliExit.error(CliMessages.EMPTY_SCRIPT, parsed.description());
    }
    if (builder.scripts.size() >= MAX_SCRIPTS) {
      throw CliExit.error(CliMessages.TOO_MANY_SCRIPTS, MAX_SCRIPTS);
    }
    builder.scripts.add(spec);
    scriptTexts.add(text);
    if (parsed != null) {
      scripts.add(parsed);
    }
  }
}
