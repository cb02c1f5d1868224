package org.jpgbench.report;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * Histograms as text: HdrHistogram's compressed V2 encoding in Base64, the same payload an
 * HdrHistogram interval log line carries, so any HdrHistogram implementation can decode it.
 */
public final class HistogramCodec {
  private HistogramCodec() {}

  public static String encode(AbstractHistogram h) {
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf, java.util.zip.Deflater.BEST_COMPRESSION);
    byte[] bytes = new byte[n];
    buf.flip();
    buf.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /**
   * @throws IllegalArgumentException when the text is not an encoded histogram
   */
  public static Histogram decode(String text) {
    try {
      byte[] bytes = Base64.getDecoder().decode(text);
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("not an encoded histogram", e);
    }
  }
}
