package org.jpgbench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Archives made by the system's GNU tar in each of its formats, unpacked by {@link TarExtractor}.
 */
class TarExtractorTest {
  @TempDir Path tmp;

  private static final String LONG =
      "a".repeat(60) + "/" + "b".repeat(70) + "/file-with-a-long-name.txt";

  private Path makeTree() throws IOException {
    Path src = tmp.resolve("src");
    Files.createDirectories(src.resolve("bin"));
    Files.createDirectories(src.resolve("lib"));
    Path exe = Files.writeString(src.resolve("bin/prog"), "#!/bin/sh\necho hi\n");
    Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path ro = Files.writeString(src.resolve("lib/data.txt"), "data");
    Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r--r-----"));
    Files.write(src.resolve("lib/big.bin"), new byte[70_000]);
    Files.createSymbolicLink(src.resolve("lib/link.txt"), Path.of("data.txt"));
    Files.createDirectories(src.resolve(LONG).getParent());
    Files.writeString(src.resolve(LONG), "long");
    Files.writeString(src.resolve("lib/orig.txt"), "shared");
    Files.createLink(src.resolve("bin/hard.txt"), src.resolve("lib/orig.txt"));
    return src;
  }

  private byte[] tar(Path src, String format) throws Exception {
    Path out = tmp.resolve("a-" + format + ".tar");
    Process p =
        new ProcessBuilder(
                "tar", "--format=" + format, "-cf", out.toString(), "-C", src.toString(), ".")
            .redirectErrorStream(true)
            .start();
    String msg = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), msg);
    return Files.readAllBytes(out);
  }

  @ParameterizedTest
  @ValueSource(strings = {"gnu", "pax", "ustar"})
  void unpacksFilesDirectoriesLinksAndModes(String format) throws Exception {
    byte[] archive = tar(makeTree(), format);
    Path dest = Files.createDirectories(tmp.resolve("dest"));
    TarExtractor.extract(new ByteArrayInputStream(archive), dest);

    assertEquals(
        "rwxr-xr-x",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(dest.resolve("bin/prog"))));
    assertEquals(
        "r--r-----",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(dest.resolve("lib/data.txt"))));
    assertEquals("data", Files.readString(dest.resolve("lib/data.txt")));
    assertEquals(70_000, Files.size(dest.resolve("lib/big.bin")));
    assertTrue(Files.isSymbolicLink(dest.resolve("lib/link.txt")));
    assertEquals(Path.of("data.txt"), Files.readSymbolicLink(dest.resolve("lib/link.txt")));
    assertEquals("long", Files.readString(dest.resolve(LONG)));
    assertEquals("shared", Files.readString(dest.resolve("bin/hard.txt")));
    assertEquals("shared", Files.readString(dest.resolve("lib/orig.txt")));
  }

  @Test
  void refusesEntriesOutsideTheDestination() throws Exception {
    Path src = Files.createDirectories(tmp.resolve("evil"));
    Files.createSymbolicLink(src.resolve("up"), Path.of("../../etc"));
    byte[] archive = tar(src, "gnu");
    Path dest = Files.createDirectories(tmp.resolve("dest2"));
    IOException e =
        assertThrows(
            IOException.class, () -> TarExtractor.extract(new ByteArrayInputStream(archive), dest));
    assertTrue(e.getMessage().contains("leaves the destination"), e.getMessage());
  }

  @Test
  void rejectsACorruptHeader() throws Exception {
    byte[] archive = tar(makeTree(), "gnu");
    archive[10] ^= 0x55; // inside the first entry's name: the checksum no longer matches
    Path dest = Files.createDirectories(tmp.resolve("dest3"));
    InputStream in = new ByteArrayInputStream(archive);
    IOException e = assertThrows(IOException.class, () -> TarExtractor.extract(in, dest));
    assertTrue(e.getMessage().contains("checksum"), e.getMessage());
  }

  @Test
  void modeBitsMapToPermissions() {
    assertEquals("rwxr-x--x", PosixFilePermissions.toString(TarExtractor.permissions(0751)));
    assertEquals(List.of(), List.copyOf(TarExtractor.permissions(0)));
  }
}
