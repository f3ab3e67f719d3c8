package dev.zapline.cli;

import dev.zapline.gen.JavaEmitter;
import dev.zapline.gen.Schema;
import dev.zapline.gen.SchemaParser;
import dev.zapline.server.rpc.RpcService;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The test schema {@code gen-rpc/echo.zap} compiled in-test with its RPC binding ({@code JavaEmitter} with rpc,
 * what {@code zapline gen --rpc} writes), together with the test's own sources beside it ({@code EchoService},
 * the implementation; {@code EchoCalls} and {@code EchoDriver}, which use the generated client), by
 * {@code javax.tools} under {@code -Xlint:all -Werror} into {@code target/gen-rpc/NAME}, then loaded.
 */
final class EchoGen implements AutoCloseable {

    static final String PACKAGE = "dev.zapline.cli.genrpc";
    private static final List<String> SOURCES = List.of("EchoService", "EchoCalls", "EchoDriver");

    private final URLClassLoader loader;

    private EchoGen(URLClassLoader loader) {
        this.loader = loader;
    }

    static EchoGen compile(String name) throws IOException, dev.zapline.gen.SchemaException {
        Path root = Path.of("target", "gen-rpc", name).toAbsolutePath();
        deleteTree(root);
        Path src = root.resolve("src");
        Path classes = root.resolve("classes");
        Files.createDirectories(classes);
        Schema schema = SchemaParser.parse("echo.zap", Files.readString(resource("echo.zap")));
        List<Path> files = new ArrayList<>(JavaEmitter.write(schema, PACKAGE, true, src));
        for (String s : SOURCES) {
            Path f = src.resolve(PACKAGE.replace('.', '/')).resolve(s + ".java");
            Files.copy(resource(s + ".java"), f);
            files.add(f);
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
        files.forEach(f -> args.add(f.toString()));
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, args.toArray(String[]::new));
        if (rc != 0) {
            throw new AssertionError("javac failed (" + rc + ") on " + files + "\n" + diagnostics);
        }
        return new EchoGen(new URLClassLoader(new URL[] {classes.toUri().toURL()}, EchoGen.class.getClassLoader()));
    }

    /** A file of the test's {@code gen-rpc} resources. */
    static Path resource(String file) {
        try {
            return Path.of(EchoGen.class.getResource("/gen-rpc/" + file).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    Class<?> type(String simpleName) {
        try {
            return loader.loadClass(PACKAGE + "." + simpleName);
        } catch (ClassNotFoundException e) {
            throw new AssertionError("not compiled: " + simpleName, e);
        }
    }

    /** A new instance of one of the test's sources, through its public constructor taking {@code args}. */
    <T> T create(String simpleName, Class<T> as, Object... args) throws ReflectiveOperationException {
        for (var c : type(simpleName).getConstructors()) {
            if (c.getParameterCount() == args.length) {
                return as.cast(c.newInstance(args));
            }
        }
        throw new AssertionError(simpleName + " has no public constructor of " + args.length + " parameters");
    }

    /** {@code EchoRpc.service(new EchoService())}: the generated binding serving the test implementation. */
    RpcService service() throws ReflectiveOperationException {
        Object impl = type("EchoService").getConstructor().newInstance();
        return (RpcService)
                type("EchoRpc").getMethod("service", type("EchoServer")).invoke(null, impl);
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
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
