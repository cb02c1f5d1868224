package org.jpgbench.report;

import java.util.Map;
import java.util.TreeMap;

/**
 * The server a run measured: its version and the settings that matter to a benchmark (as {@code
 * current_setting} shows them, e.g. "128MB"), fetched once before the run.
 */
public record ServerInfo(String version, Map<String, String> settings) {
  /** The settings reports show, in this order of importance. */
  public static final java.util.List<String> SETTING_NAMES =
      java.util.List.of(
          "shared_buffers",
          "synchronous_commit",
          "fsync",
          "full_page_writes",
          "max_connections",
          "work_mem",
          "effective_cache_size",
          "wal_level",
          "max_wal_size",
          "checkpoint_timeout",
          "random_page_cost",
          "jit",
          "huge_pages",
          "default_transaction_isolation");

  /**
   * The query of {@link #SETTING_NAMES}' values, rows of (name, current_setting): the names are
   * jpgbench's own constants, quoted as string literals.
   */
  public static String settingsQuery() {
    return SETTING_NAMES.stream()
        .map(name -> "'" + name.replace("'", "''") + "'")
        .collect(
            java.util.stream.Collectors.joining(
                ", ", "SELECT name, current_setting(name) FROM pg_settings WHERE name IN (", ")"));
  }

  public ServerInfo {
    settings = java.util.Collections.unmodifiableMap(new TreeMap<>(settings));
  }
}
