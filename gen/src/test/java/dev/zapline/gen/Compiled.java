package dev.zapline.gen;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Generated sources compiled in the test with {@code javax.tools} ({@code -Xlint:all -Werror}, release 21, against
 * the test class path, so against zapline-wire) under {@code target/gen-it/NAME}, and loaded.
 */
final class Compiled implements AutoCloseable {

    final Path sources;
    final List<Path> files;
    final String javaPackage;
    private final URLClassLoader loader;

    private Compiled(Path sources, List<Path> files, String javaPackage, URLClassLoader loader) {
        this.sources = sources;
        this.files = files;
        this.javaPackage = javaPackage;
        this.loader = loader;
    }

    /** Generates {@code schema} into {@code target/gen-it/name} in {@code javaPackage}, compiles and loads it. */
    static Compiled of(Schema schema, String javaPackage, String name) throws IOException {
        return of(schema, javaPackage, name, java.util.Map.of());
    }

    /** Like {@link #of(Schema, String, String)}, compiling {@code extra} sources (class name → text) with it. */
    static Compiled of(Schema schema, String javaPackage, String name, java.util.Map<String, String> extra)
            throws IOException {
        Path root = Path.of("target", "gen-it", name).toAbsolutePath();
        deleteTree(root);
        Path src = root.resolve("src");
        Path classes = root.resolve("classes");
        Files.createDirectories(classes);
        List<Path> files = JavaEmitter.write(schema, javaPackage, src);
        List<Path> all = new ArrayList<>(files);
        for (java.util.Map.Entry<String, String> e : extra.entrySet()) {
            Path f = src.resolve(javaPackage.replace('.', '/')).resolve(e.getKey() + ".java");
            Files.writeString(f, e.getValue());
            all.add(f);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of(
                "-Xlint:all",
                "-Werror",
                "--release",
                "21",
                "-classpath",
                System.getProperty("java.class.path"),
                "-d",
                classes.toString()));
        all.forEach(f -> args.add(f.toString()));
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, args.toArray(String[]::new));
        if (rc != 0) {
            throw new AssertionError("javac failed (" + rc + ") on " + files + "\n" + diagnostics);
        }
        URLClassLoader loader =
                new URLClassLoader(new URL[] {classes.toUri().toURL()}, Compiled.class.getClassLoader());
        return new Compiled(src, files, javaPackage, loader);
    }

    Class<?> type(String simpleName) {
        try {
            return loader.loadClass(javaPackage + "." + simpleName);
        } catch (ClassNotFoundException e) {
            throw new AssertionError("not generated: " + simpleName, e);
        }
    }

    @Override
    public void close() throws IOException {
        loader.close();
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p :
                    s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        }
    }
}
