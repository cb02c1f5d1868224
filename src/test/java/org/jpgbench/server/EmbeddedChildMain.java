package org.jpgbench.server;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Run in a child JVM by {@link EmbeddedPostgresTest}: starts a server, prints "READY pid dir", then
 * waits for its standard input to close (the test kills it before that).
 */
public final class EmbeddedChildMain {
  private EmbeddedChildMain() {}

  public static void main(String[] args) throws IOException {
    EmbeddedPostgres pg = EmbeddedPostgres.start(new PrintStream(OutputStream.nullOutputStream()));
    System.out.println("READY " + pg.pid() + " " + pg.rootDir());
    System.out.flush();
    while (System.in.read() >= 0) {
      // wait
    }
    pg.close();
  }
}
