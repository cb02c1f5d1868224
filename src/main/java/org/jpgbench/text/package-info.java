/**
 * Text as pgbench sees it: bytes. A C program passes a script's bytes, a {@code -D} value's bytes
 * and the server's bytes through unchanged, whatever their encoding; jpgbench holds them in Java
 * strings without losing one.
 *
 * <p>{@link org.jpgbench.text.RawUtf8} is the one mapping between the two: valid UTF-8 becomes the
 * characters it spells (so messages, comparisons and file names work as Unicode), and each byte
 * that is not part of valid UTF-8 becomes a lone surrogate U+DC80..U+DCFF that encodes back to that
 * very byte (Python calls this "surrogateescape"). Decoding then encoding gives back the input,
 * byte for byte, for every input. {@link org.jpgbench.text.RawUtf8#CHARSET} is the same mapping as
 * a {@link java.nio.charset.Charset}, for the streams jpgbench prints on.
 *
 * <p>A leaf package. Depends on nothing of jpgbench's.
 */
package org.jpgbench.text;
