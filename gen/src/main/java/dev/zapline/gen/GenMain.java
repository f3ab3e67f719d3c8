package dev.zapline.gen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The compiler as a process, what the Maven plugin runs in a JDK 21+ of the build's toolchain (Maven's own JVM may be
 * older than the compiler's classes):
 *
 * <pre>
 * java -cp zapline-gen.jar dev.zapline.gen.GenMain --out DIR [--package P] [--rpc] [--prune] {--schema NAME PATH}...
 * </pre>
 *
 * NAME is what errors and the generated header call the schema (the plugin passes its path relative to the project).
 * {@code --prune} deletes the {@code .java} files under DIR that this run did not generate: for an output folder the
 * caller owns. Prints {@code files N written W pruned P}; exits 2 with {@code FILE:LINE:COLUMN: problem} (or another
 * refusal) on stderr when a schema does not compile, writing nothing; 1 on an I/O error.
 */
public final class GenMain {

    private GenMain() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        Path out = null;
        String pkg = null;
        boolean rpc = false;
        boolean prune = false;
        List<ZapCompiler.Source> sources = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--out" -> out = Path.of(args[++i]);
                    case "--package" -> pkg = args[++i];
                    case "--rpc" -> rpc = true;
                    case "--prune" -> prune = true;
                    case "--schema" -> {
                        String name = args[++i];
                        Path file = Path.of(args[++i]);
                        sources.add(new ZapCompiler.Source(name, Files.readString(file, StandardCharsets.UTF_8)));
                    }
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            if (out == null) {
                throw new IllegalArgumentException("--out DIR is required");
            }
            Map<Path, String> files = ZapCompiler.compile(sources, pkg, rpc);
            List<Path> written = ZapCompiler.write(out, files);
            int pruned = prune ? prune(out, files.keySet()) : 0;
            System.out.println("files " + files.size() + " written " + written.size() + " pruned " + pruned);
            return 0;
        } catch (SchemaException | IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            System.err.println(
                    e instanceof ArrayIndexOutOfBoundsException ? "an option lacks its value" : e.getMessage());
            return 2;
        } catch (IOException e) {
            System.err.println("I/O error: " + e);
            return 1;
        }
    }

    private static int prune(Path out, Set<Path> generated) throws IOException {
        if (!Files.isDirectory(out)) {
            return 0;
        }
        List<Path> stale;
        try (Stream<Path> walk = Files.walk(out)) {
            stale = walk.filter(p -> p.getFileName().toString().endsWith(".java"))
                    .filter(p -> !generated.contains(out.relativize(p)))
                    .toList();
        }
        for (Path p : stale) {
            Files.delete(p);
        }
        return stale.size();
    }
}
