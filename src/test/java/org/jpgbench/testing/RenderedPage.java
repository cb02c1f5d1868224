package org.jpgbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/** A page of uPlot charts as headless Chromium renders it, with the checks every page must pass. */
public final class RenderedPage {
  private RenderedPage() {}

  /**
   * Renders {@code html}: it must fetch nothing, log no console error and draw {@code charts} uPlot
   * charts, each on its canvas. Returns the DOM after the scripts ran (skips the test when Chromium
   * is not installed, after the checks that need no browser).
   */
  public static String render(Path dir, Path html, int charts) throws Exception {
    return render(dir, html, "", charts);
  }

  /** As {@link #render(Path, Path, int)}, the page opened at {@code #fragment}. */
  public static String render(Path dir, Path html, String fragment, int charts) throws Exception {
    String page = Files.readString(html);
    for (String fetch : List.of(" src=", "<link", "url(http", "fetch(", "XMLHttpRequest")) {
      assertFalse(page.contains(fetch), "the page fetches nothing: " + fetch);
    }
    HeadlessChromium chromium = HeadlessChromium.find(dir);
    Assumptions.assumeTrue(chromium != null, "chromium not installed");
    HeadlessChromium.Run dom = chromium.dumpDom(html, fragment);
    assertEquals(0, dom.status(), dom.err());
    assertEquals(List.of(), dom.consoleLines());
    assertTrue(dom.out().contains("data-charts=\"" + charts + "\""), "charts drawn");
    assertEquals(charts, count(dom.out(), "class=\"uplot "), "uPlot charts");
    assertEquals(charts, count(dom.out(), "<canvas"), "each with its canvas");
    return dom.out();
  }

  /** The rows (header included) of the page's table {@code id}. */
  public static int rowsOf(String dom, String id) {
    int at = dom.indexOf("<table id=\"" + id + "\">");
    assertTrue(at >= 0, "table " + id);
    return count(dom.substring(at, dom.indexOf("</table>", at)), "<tr>");
  }

  public static int count(String s, String what) {
    return s.split(java.util.regex.Pattern.quote(what), -1).length - 1;
  }
}
