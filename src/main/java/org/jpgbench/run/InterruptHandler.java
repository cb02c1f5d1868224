package org.jpgbench.run;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ctrl-C during a run: the first SIGINT stops the clients (their queries are cancelled) so that the
 * report of what ran is printed and the logs are flushed; a second one exits at once. The previous
 * handler is restored when the run ends. Uses the JDK's sun.misc.Signal (module jdk.unsupported),
 * reached reflectively; without it Ctrl-C keeps the JVM's default behaviour.
 */
final class InterruptHandler implements AutoCloseable {
  /** Exit status of an interrupted run: 128 + SIGINT, as a shell reports a process killed by it. */
  static final int STATUS = 130;

  private final Object signal;
  private final Object previous;
  private final Method handle;

  private InterruptHandler(Object signal, Object previous, Method handle) {
    this.signal = signal;
    this.previous = previous;
    this.handle = handle;
  }

  static InterruptHandler install(RunControl control) {
    AtomicInteger presses = new AtomicInteger();
    try {
      Class<?> signalClass = Class.forName("sun.misc.Signal");
      Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
      Object sig = signalClass.getConstructor(String.class).newInstance("INT");
      Object handler = Proxy.newProxyInstance(handlerClass.getClassLoader(),
          new Class<?>[] {handlerClass}, (proxy, method, args) -> {
            if (method.getName().equals("handle")) {
              if (presses.getAndIncrement() == 0) {
                control.interrupt();
              } else {
                Runtime.getRuntime().halt(STATUS);
              }
              return null;
            }
            return switch (method.getName()) {
              case "hashCode" -> System.identityHashCode(proxy);
              case "equals" -> proxy == args[0];
              default -> "jpgbench SIGINT handler";
            };
          });
      Method handle = signalClass.getMethod("handle", signalClass, handlerClass);
      Object previous = handle.invoke(null, sig, handler);
      return new InterruptHandler(sig, previous, handle);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return new InterruptHandler(null, null, null); // no signal support: default behaviour
    }
  }

  @Override
  public void close() {
    if (signal != null) {
      try {
        handle.invoke(null, signal, previous);
      } catch (ReflectiveOperationException | RuntimeException ignored) {
        // nothing to restore
      }
    }
  }
}
