package org.jpgbench.run;

import java.util.Arrays;

/**
 * The clients of one loop that wait for a time (\sleep, a --rate slot), in a binary heap ordered by
 * that time, so that the loop knows how long it may wait and which clients are due.
 */
final class Deadlines {
  private LoopEntry[] heap = new LoopEntry[8];
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  /** The earliest wake-up time (µs), {@link Long#MAX_VALUE} when none. */
  long earliest() {
    return size == 0 ? Long.MAX_VALUE : heap[0].wakeAt;
  }

  /** Adds {@code c}, due at {@code at} µs (a client is in the heap at most once). */
  void add(LoopEntry c, long at) {
    if (c.heapIndex >= 0) {
      remove(c);
    }
    c.wakeAt = at;
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    heap[size] = c;
    c.heapIndex = size;
    up(size++);
  }

  /** Removes and returns the earliest client, if it is due by {@code now}; else null. */
  LoopEntry pollDue(long now) {
    if (size == 0 || heap[0].wakeAt > now) {
      return null;
    }
    LoopEntry c = heap[0];
    removeAt(0);
    return c;
  }

  void remove(LoopEntry c) {
    if (c.heapIndex >= 0) {
      removeAt(c.heapIndex);
    }
  }

  private void removeAt(int i) {
    LoopEntry gone = heap[i];
    gone.heapIndex = -1;
    size--;
    if (i < size) {
      heap[i] = heap[size];
      heap[i].heapIndex = i;
      heap[size] = null;
      if (!up(i)) {
        down(i);
      }
    } else {
      heap[size] = null;
    }
  }

  private boolean up(int i) {
    boolean moved = false;
    LoopEntry c = heap[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (heap[parent].wakeAt <= c.wakeAt) {
        break;
      }
      heap[i] = heap[parent];
      heap[i].heapIndex = i;
      i = parent;
      moved = true;
    }
    heap[i] = c;
    c.heapIndex = i;
    return moved;
  }

  private void down(int i) {
    LoopEntry c = heap[i];
    while (true) {
      int child = 2 * i + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && heap[child + 1].wakeAt < heap[child].wakeAt) {
        child++;
      }
      if (heap[child].wakeAt >= c.wakeAt) {
        break;
      }
      heap[i] = heap[child];
      heap[i].heapIndex = i;
      i = child;
    }
    heap[i] = c;
    c.heapIndex = i;
  }
}
