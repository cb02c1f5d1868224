package org.jpgbench.cli;

/** Entry point: wires the process streams, environment and exit status, nothing else. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    int status = new Jpgbench(System.out, System.err, System.getenv(), System.in).run(args);
    System.out.flush();
    System.err.flush();
    System.exit(status);
  }
}
