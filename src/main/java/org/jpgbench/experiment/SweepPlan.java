package org.jpgbench.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * What a sweep runs: its points (client counts, -R rates, or both crossed), how many times each,
 * and the warm-up before each run; in an interleaved order (every point once, then every point
 * again) so that a drift of the server over time spreads over all points instead of bending the
 * curve.
 *
 * @param clients the client counts, or empty to keep -c
 * @param rates the -R rates, or empty to keep -R
 * @param repeat runs per point, at least 1
 * @param warmupSeconds a run of this length before each measured run, discarded (0: none)
 * @param autoRepeat --repeat=auto: {@code repeat} is the most, and a point whose tps is known
 *     within the margin runs no more (see {@link SequentialRounds#precise})
 */
public record SweepPlan(
    List<Integer> clients, List<Double> rates, int repeat, int warmupSeconds, boolean autoRepeat) {
  public SweepPlan {
    clients = List.copyOf(clients);
    rates = List.copyOf(rates);
  }

  /** A plan with a fixed number of runs per point. */
  public SweepPlan(List<Integer> clients, List<Double> rates, int repeat, int warmupSeconds) {
    this(clients, rates, repeat, warmupSeconds, false);
  }

  /** One point of the curve; a 0 field keeps the run options' -c or -R. */
  public record Point(int clients, double rate) {}

  /** One run of the sweep: its point and which of the point's repeats it is (0-based). */
  public record Trial(Point point, int repeat) {}

  /** The points, client counts outermost. */
  public List<Point> points() {
    List<Point> out = new ArrayList<>();
    for (int c : clients.isEmpty() ? List.of(0) : clients) {
      for (double r : rates.isEmpty() ? List.of(0.0) : rates) {
        out.add(new Point(c, r));
      }
    }
    return out;
  }

  /** The runs in the order they are made: all points once, then all again. */
  public List<Trial> order() {
    List<Trial> out = new ArrayList<>();
    for (int r = 0; r < repeat; r++) {
      for (Point p : points()) {
        out.add(new Trial(p, r));
      }
    }
    return out;
  }
}
