package org.jpgbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.jpgbench.script.Script;
import org.jpgbench.testing.HeadlessChromium;
import org.jpgbench.testing.PostgresExtension;
import org.jpgbench.testing.RenderedPage;
import org.jpgbench.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report of a real run, rendered by headless Chromium: the page fetches nothing and loads
 * without console errors, its DOM holds the three uPlot charts with their legends and the tables,
 * and a screenshot is not blank (it shows the charts' colours). Skipped when Chromium is not
 * installed.
 */
@ExtendWith(PostgresExtension.class)
class HtmlReportChromiumTest {
  @TempDir Path dir;

  @Test
  void theReportRendersWithItsChartsAndNoConsoleError(TestDatabase db) throws Exception {
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
    // tps and latency over time, the latency distribution
    String dom = RenderedPage.render(dir, html, 3);
    for (String series : List.of(">tps<", ">average<", ">p50<", ">p99<", ">transactions<")) {
      assertTrue(dom.contains(series), "the legend names " + series);
    }
    assertTrue(dom.contains("<td class=\"t\"><code>SELECT 1;</code></td>"), "command table");
    assertTrue(dom.contains("script 2: two.sql"), "percentiles per script");
    HeadlessChromium chromium = HeadlessChromium.find(dir);

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
}
