package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.jpgbench.script.Script;
import org.jpgbench.testing.HeadlessChromium;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report of a real run, rendered by headless Chromium: the page loads without console
 * errors, its DOM holds the three charts with their data drawn and the tables, and a screenshot is
 * not blank (it shows the charts' colours). Skipped when Chromium is not installed.
 */
@ExtendWith(PostgresExtension.class)
class HtmlReportChromiumTest {
  @TempDir Path dir;

  @Test
  void theReportRendersWithItsChartsAndNoConsoleError(TestDatabase db) throws Exception {
    HeadlessChromium chromium = HeadlessChromium.find(dir);
    Assumptions.assumeTrue(chromium != null, "chromium not installed");
    RunHarness h = new RunHarness();
    Path html = dir.resolve("report.html");
    h.options.reportHtml = html.toString();
    h.options.clients = 2;
    h.options.transactionsPerClient = 200;
    h.options.reportPerCommand = true;
    h.options.percentiles = new ArrayList<>(List.of(50.0, 99.0));
    Script one = h.script().sql("SELECT 1;").build("one.sql", 3);
    Script two =
        h.script().sql("SELECT count(*) FROM generate_series(1, 500);").build("two.sql", 1);
    h.run(db, one, two);
    assertEquals(0, h.status, h.err);
    String page = Files.readString(html);
    assertFalse(
        page.contains("http://")
            && page.replace("http://www.w3.org/2000/svg", "").contains("http://"),
        "the page fetches nothing");

    HeadlessChromium.Run dom = chromium.dumpDom(html);
    assertEquals(0, dom.status(), dom.err());
    assertEquals(3, count(dom.out(), "<svg "), dom.out());
    assertTrue(count(dom.out(), "class=\"series\"") >= 4, "tps, average, p50 and p99 lines");
    assertTrue(count(dom.out(), "class=\"bar\"") >= 1, "histogram bars");
    assertTrue(dom.out().contains("<td class=\"t\"><code>SELECT 1;</code></td>"), "command table");
    assertTrue(dom.out().contains("script 2: two.sql"), "percentiles per script");
    assertEquals(List.of(), dom.consoleLines());

    Path png = dir.resolve("report.png");
    HeadlessChromium.Run shot = chromium.screenshot(html, png, 1200, 1800);
    assertEquals(0, shot.status(), shot.err());
    BufferedImage img = ImageIO.read(png.toFile());
    assertEquals(1200, img.getWidth());
    Set<Integer> colours = new HashSet<>();
    int chartBlue = 0;
    for (int y = 0; y < img.getHeight(); y += 2) {
      for (int x = 0; x < img.getWidth(); x += 2) {
        int rgb = img.getRGB(x, y) & 0xffffff;
        colours.add(rgb);
        if (rgb == 0x2563eb) {
          chartBlue++;
        }
      }
    }
    assertTrue(colours.size() > 50, "a blank screenshot has few colours: " + colours.size());
    assertTrue(chartBlue > 100, "the charts' blue is drawn: " + chartBlue + " pixels");
  }

  private static int count(String s, String what) {
    Matcher m = Pattern.compile(Pattern.quote(what)).matcher(s);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }
}
