package org.jpgbench.report.html;

/** The HTML report's stylesheet, inlined in the page. */
final class HtmlStyle {
  private HtmlStyle() {}

  static final String CSS =
      """
      :root { --fg: #0f172a; --muted: #64748b; --line: #e2e8f0; --bg: #f8fafc; --accent: #2563eb; }
      * { box-sizing: border-box; }
      body { margin: 0; background: var(--bg); color: var(--fg);
        font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
        sans-serif; }
      header { background: #0f172a; color: #f8fafc; padding: 22px 32px 18px; }
      header h1 { margin: 0 0 4px; font-size: 22px; font-weight: 600; letter-spacing: .2px; }
      header .sub { margin: 2px 0; color: #cbd5e1; }
      header .warn { margin: 8px 0 0; color: #fecaca; font-weight: 600; }
      main { max-width: 1120px; margin: 0 auto; padding: 20px 24px 8px; }
      section { background: #fff; border: 1px solid var(--line); border-radius: 10px;
        padding: 16px 20px; margin: 0 0 18px; }
      h2 { font-size: 16px; margin: 0 0 2px; font-weight: 600; }
      .note { color: var(--muted); margin: 0 0 8px; font-size: 12.5px; }
      .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
        gap: 12px; background: none; border: 0; padding: 0; }
      .card { background: #fff; border: 1px solid var(--line); border-radius: 10px;
        padding: 12px 14px; }
      .card .k { color: var(--muted); font-size: 12px; text-transform: uppercase;
        letter-spacing: .5px; }
      .card .v { font-size: 20px; white-space: nowrap; font-weight: 600; margin: 2px 0;
        font-variant-numeric: tabular-nums; }
      .card .n { color: var(--muted); font-size: 12px; }
      .chart { margin: 4px 0 10px; }
      table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
      th, td { padding: 6px 10px; border-bottom: 1px solid var(--line); text-align: right;
        white-space: nowrap; }
      th { color: var(--muted); font-weight: 600; font-size: 12px; background: #f8fafc; }
      td.t, th.t { text-align: left; white-space: normal; }
      td code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
        font-size: 12.5px; }
      .cols { display: grid; grid-template-columns: 1fr 1fr; gap: 18px; align-items: start; }
      footer { color: var(--muted); text-align: center; font-size: 12px; padding: 4px 0 24px; }
      """;
}
