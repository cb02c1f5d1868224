package org.jpgbench.init;

/**
 * PostgreSQL's hash partitioning of an int4 or int8 key, computed on the client so that each hash
 * partition can be loaded directly (with COPY FREEZE): hashint4extended / hashint8extended with the
 * partition seed, combined as compute_partition_hash_value does, modulo the modulus. Checked
 * against the server's satisfies_hash_partition() before use.
 */
final class HashPartitioner {
  /** HASH_PARTITION_SEED (src/include/catalog/partition.h). */
  private static final long SEED = 0x7A5B22367996DCFDL;

  private final int modulus;
  private final boolean bigint;

  HashPartitioner(int modulus, boolean bigint) {
    this.modulus = modulus;
    this.bigint = bigint;
  }

  /** The remainder (partition) of key {@code aid}. */
  int remainder(long aid) {
    long h = bigint ? hashInt8(aid) : hashUint32((int) aid);
    long row = h + 0x49a0f4dd15e5a8e3L; // hash_combine64(0, h)
    return (int) Long.remainderUnsigned(row, modulus);
  }

  private static long hashInt8(long v) {
    int lo = (int) v;
    int hi = (int) (v >>> 32);
    lo ^= v >= 0 ? hi : ~hi;
    return hashUint32(lo);
  }

  /** hash_uint32_extended(k, SEED): Bob Jenkins' lookup3 with a 64-bit seed. */
  private static long hashUint32(int k) {
    int a = 0x9e3779b9 + 4 + 3923095;
    int b = a;
    int c = a;
    a += (int) (SEED >>> 32);
    b += (int) SEED;
    // mix(a, b, c)
    a -= c;
    a ^= Integer.rotateLeft(c, 4);
    c += b;
    b -= a;
    b ^= Integer.rotateLeft(a, 6);
    a += c;
    c -= b;
    c ^= Integer.rotateLeft(b, 8);
    b += a;
    a -= c;
    a ^= Integer.rotateLeft(c, 16);
    c += b;
    b -= a;
    b ^= Integer.rotateLeft(a, 19);
    a += c;
    c -= b;
    c ^= Integer.rotateLeft(b, 4);
    b += a;
    a += k;
    // final(a, b, c)
    c ^= b;
    c -= Integer.rotateLeft(b, 14);
    a ^= c;
    a -= Integer.rotateLeft(c, 11);
    b ^= a;
    b -= Integer.rotateLeft(a, 25);
    c ^= b;
    c -= Integer.rotateLeft(b, 16);
    a ^= c;
    a -= Integer.rotateLeft(c, 4);
    b ^= a;
    b -= Integer.rotateLeft(a, 14);
    c ^= b;
    c -= Integer.rotateLeft(b, 24);
    return ((long) b << 32) | (c & 0xffffffffL);
  }
}
