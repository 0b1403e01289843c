package org.occam.report;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;

/** PNG bytes of an image composed in memory (the multi-panel figures). */
final class Png {
  private Png() {}

  static byte[] encode(BufferedImage image) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", bytes);
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode PNG", e);
    }
    return bytes.toByteArray();
  }
}
