import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Raises the class files of Java 5 and older in a jar to Java 8's format (52), with the stack maps
 * that format needs, in place: {@code java bin/RaiseClassVersions.java target/sustain.jar}.
 *
 * <p>Why: picocli (and the ASM and annotation classes beside it) is compiled for Java 5, and JDK
 * 25's ahead-of-time cache cannot hold such classes ("Unlinked class not supported by
 * AOTClassLinking": the JVM verifies them with the old verifier at every start). Every start then
 * read, parsed and verified picocli's ~180 classes from the jar: about 130 ms of CPU of a
 * {@code --version} that took 300 ms. Raised, they are in the cache like every other class. The
 * code is not changed: each method is rebuilt as it was, with stack maps computed from the jar's
 * own class hierarchy. A class that cannot be rebuilt is left as it was (it then just loads the
 * slow way), so the jar always works.
 */
public final class RaiseClassVersions {

  private static final int JAVA_6 = 50;
  private static final int JAVA_8 = 52;

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java bin/RaiseClassVersions.java JAR");
      System.exit(2);
    }
    Path jar = Path.of(args[0]);
    Path out = jar.resolveSibling(jar.getFileName() + ".raising");
    int raised = 0;
    int kept = 0;
    try (URLClassLoader classes = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
        ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
        ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(out))) {
      ClassFile classFile =
          ClassFile.of(
              ClassFile.ClassHierarchyResolverOption.of(
                  ClassHierarchyResolver.ofResourceParsing(classes)
                      .orElse(ClassHierarchyResolver.defaultResolver())));
      for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
        byte[] bytes = in.readAllBytes();
        if (e.getName().endsWith(".class") && majorVersion(bytes) < JAVA_6) {
          try {
            bytes = raise(classFile, bytes);
            raised++;
          } catch (RuntimeException notRebuilt) {
            kept++;
          }
        }
        ZipEntry copy = new ZipEntry(e.getName());
        copy.setTime(e.getTime());
        zip.putNextEntry(copy);
        zip.write(bytes);
        zip.closeEntry();
      }
    }
    if (raised == 0) {
      Files.delete(out); // nothing old: the jar stays as it was, its time too
      return;
    }
    Files.move(out, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    System.err.println(
        "raised " + raised + " old class files to Java 8's format" + (kept > 0 ? ", kept " + kept : ""));
  }

  /** The class file's major version; a file too short to be a class counts as current. */
  static int majorVersion(byte[] b) {
    return b.length < 8 || (b[0] & 0xff) != 0xca ? Integer.MAX_VALUE : ((b[6] & 0xff) << 8) | (b[7] & 0xff);
  }

  /** The same class in format 52, every method body rebuilt so that stack maps are generated. */
  static byte[] raise(ClassFile classFile, byte[] bytes) {
    ClassTransform version =
        (builder, element) -> {
          if (element instanceof ClassFileVersion) {
            builder.with(ClassFileVersion.of(JAVA_8, 0));
          } else {
            builder.with(element);
          }
        };
    return classFile.transformClass(
        classFile.parse(bytes),
        ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL).andThen(version));
  }
}
