import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * The least a JVM client can do for pgbench's select-only transaction: the protocol written by
 * hand into one buffer (Bind/Execute/Sync of a named statement), one write and one read per
 * transaction, nothing else: no script, no statistics, no driver. It measures what the JVM itself
 * costs on this machine (start-up, JIT, system calls), the floor under any Java pgbench. Trust
 * authentication only: it is a measuring instrument, not a client.
 *
 * <p>Three threading models: without THREADS, one platform thread per connection blocked in its
 * read (jpgbench's model); with THREADS, pgbench's: each thread drives its share of the connections
 * with non-blocking sockets, tries every connection that waits for a result and sleeps in a
 * Selector only when none has progressed; with {@code virtual}, one virtual thread per connection
 * (run it with {@code -Djdk.virtualThreadScheduler.parallelism=2} to match {@code -j 2}).
 *
 * <p>Usage: ClientFloor HOST PORT USER DATABASE CLIENTS SECONDS [THREADS | virtual]
 */
public final class ClientFloor {
  private static volatile boolean stop;

  public static void main(String[] args) throws Exception {
    String host = args[0];
    int port = Integer.parseInt(args[1]);
    int clients = Integer.parseInt(args[4]);
    int seconds = Integer.parseInt(args[5]);
    boolean virtual = args.length > 6 && args[6].equals("virtual");
    int nthreads = args.length > 6 && !virtual ? Integer.parseInt(args[6]) : 0;
    LongAdder done = new LongAdder();
    SocketChannel[] chans = new SocketChannel[clients];
    int accounts = 0;
    for (int i = 0; i < clients; i++) {
      chans[i] = connect(host, port, args[2], args[3]);
      accounts = 100000 * scale(chans[i]);
      prepare(chans[i]);
    }
    int naccounts = accounts;
    Thread[] threads;
    if (nthreads == 0) {
      threads = new Thread[clients];
      for (int i = 0; i < clients; i++) {
        SocketChannel ch = chans[i];
        Runnable body = () -> loop(ch, naccounts, done);
        threads[i] = virtual ? Thread.ofVirtual().name("floor-" + i).unstarted(body)
            : new Thread(body, "floor-" + i);
      }
    } else {
      threads = new Thread[nthreads];
      for (int t = 0; t < nthreads; t++) {
        SocketChannel[] mine = new SocketChannel[clients / nthreads + (t < clients % nthreads ? 1 : 0)];
        for (int k = 0; k < mine.length; k++) {
          mine[k] = chans[t + k * nthreads];
        }
        threads[t] = new Thread(() -> multiplexed(mine, naccounts, done), "floor-" + t);
      }
    }
    for (Thread t : threads) {
      t.start();
    }
    Thread.sleep(seconds * 1000L);
    stop = true;
    for (Thread t : threads) {
      t.join();
    }
    System.out.println("number of transactions actually processed: " + done.sum());
  }

  private static void loop(SocketChannel ch, int accounts, LongAdder done) {
    ByteBuffer out = ByteBuffer.allocateDirect(256);
    ByteBuffer in = ByteBuffer.allocateDirect(8192);
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long n = 0;
    try {
      while (!stop) {
        send(ch, out, random.nextInt(accounts) + 1);
        in.clear();
        untilReady(ch, in);
        n++;
      }
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
    done.add(n);
  }

  /** pgbench's threadRun for this one transaction: several connections, non-blocking, one thread. */
  private static void multiplexed(SocketChannel[] chans, int accounts, LongAdder done) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int n = chans.length;
    ByteBuffer out = ByteBuffer.allocateDirect(256);
    ByteBuffer[] in = new ByteBuffer[n];
    int[] at = new int[n];
    long count = 0;
    try (Selector selector = Selector.open()) {
      for (int i = 0; i < n; i++) {
        chans[i].configureBlocking(false);
        chans[i].register(selector, SelectionKey.OP_READ);
        in[i] = ByteBuffer.allocateDirect(8192);
        send(chans[i], out, random.nextInt(accounts) + 1);
      }
      while (!stop) {
        boolean progressed = false;
        for (int i = 0; i < n; i++) {
          ByteBuffer b = in[i];
          int r = chans[i].read(b);
          if (r < 0) {
            throw new IOException("server closed the connection");
          }
          if (r == 0) {
            continue;
          }
          int z = scan(b, at[i]);
          if (z < 0) {
            at[i] = -z - 1;
            continue;
          }
          b.clear();
          at[i] = 0;
          count++;
          progressed = true;
          send(chans[i], out, random.nextInt(accounts) + 1);
        }
        if (!progressed) {
          selector.select();
          selector.selectedKeys().clear();
        }
      }
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
    done.add(count);
  }

  private static void send(SocketChannel ch, ByteBuffer out, int aidValue) throws IOException {
    out.clear();
    byte[] aid = Integer.toString(aidValue).getBytes(StandardCharsets.US_ASCII);
    out.put((byte) 'B').putInt(0).put((byte) 0);
    out.put((byte) 'P').put((byte) '1').put((byte) 0).putShort((short) 0).putShort((short) 1);
    out.putInt(aid.length).put(aid).putShort((short) 0);
    out.putInt(1, out.position() - 1);
    out.put((byte) 'E').putInt(9).put((byte) 0).putInt(0);
    out.put((byte) 'S').putInt(4);
    out.flip();
    while (out.hasRemaining()) {
      ch.write(out);
    }
  }

  /**
   * Whole messages in {@code in} from {@code at}: the position after ReadyForQuery when it has
   * come, else -(where the next incomplete message starts) - 1; fails on ErrorResponse.
   */
  private static int scan(ByteBuffer in, int at) throws IOException {
    while (in.position() - at >= 5) {
      byte type = in.get(at);
      int len = in.getInt(at + 1);
      if (in.position() - at < len + 1) {
        break;
      }
      if (type == 'E') {
        throw new IOException("server error");
      }
      at += len + 1;
      if (type == 'Z') {
        return at;
      }
    }
    return -at - 1;
  }

  /** Reads messages until ReadyForQuery; fails on ErrorResponse. */
  private static void untilReady(SocketChannel ch, ByteBuffer in) throws IOException {
    int at = 0;
    while (true) {
      if (ch.read(in) < 0) {
        throw new IOException("server closed the connection");
      }
      int z = scan(in, at);
      if (z >= 0) {
        return;
      }
      at = -z - 1;
    }
  }

  private static SocketChannel connect(String host, int port, String user, String db) throws IOException {
    SocketChannel ch = SocketChannel.open(new InetSocketAddress(host, port));
    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
    ByteBuffer b = ByteBuffer.allocate(512);
    b.putInt(0).putInt(196608);
    for (String s : new String[] {"user", user, "database", db}) {
      b.put(s.getBytes(StandardCharsets.UTF_8)).put((byte) 0);
    }
    b.put((byte) 0).putInt(0, b.position()).flip();
    ch.write(b);
    untilReady(ch, ByteBuffer.allocate(1 << 16));
    return ch;
  }

  private static int scale(SocketChannel ch) throws IOException {
    ByteBuffer q = ByteBuffer.allocate(128);
    byte[] sql = "select count(*) from pgbench_branches".getBytes(StandardCharsets.US_ASCII);
    q.put((byte) 'Q').putInt(4 + sql.length + 1).put(sql).put((byte) 0).flip();
    ch.write(q);
    ByteBuffer in = ByteBuffer.allocate(8192);
    untilReady(ch, in);
    in.flip();
    while (in.remaining() >= 5) { // the DataRow: int16 1, int32 length, digits
      byte type = in.get();
      int len = in.getInt();
      if (type == 'D') {
        in.getShort();
        byte[] v = new byte[in.getInt()];
        in.get(v);
        return Integer.parseInt(new String(v, StandardCharsets.US_ASCII));
      }
      in.position(in.position() + len - 4);
    }
    throw new IOException("no pgbench_branches row");
  }

  private static void prepare(SocketChannel ch) throws IOException {
    ByteBuffer p = ByteBuffer.allocate(256);
    byte[] sql = "SELECT abalance FROM pgbench_accounts WHERE aid = $1;".getBytes(StandardCharsets.US_ASCII);
    p.put((byte) 'P').putInt(4 + 3 + sql.length + 1 + 2).put((byte) 'P').put((byte) '1').put((byte) 0);
    p.put(sql).put((byte) 0).putShort((short) 0);
    p.put((byte) 'S').putInt(4).flip();
    ch.write(p);
    untilReady(ch, ByteBuffer.allocate(8192));
  }
}
