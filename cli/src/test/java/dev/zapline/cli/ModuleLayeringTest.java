package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The one-way module picture of {@code docs/design.md}, checked on the main sources of every module: each
 * {@code import dev.zapline.X} names a module this one may depend on, no module reaches into another's
 * {@code internal} package, and the HTTP/1.1 codec does not import the zaphttp codec. Within the server, its API
 * (handlers, middleware, RPC services) imports none of its transports, and the transports do not import each other
 * but for the one upgrade that needs it. Reads the sources from the repository the test runs in (the folder above
 * this module holding {@code mvnw}), nothing beside it.
 */
class ModuleLayeringTest {

    /** Module → the modules its main code may import (itself included). Mirrors the poms and docs/design.md. */
    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("wire", Set.of("wire")),
            Map.entry("codec", Set.of("wire", "codec")),
            Map.entry("transport", Set.of("transport")),
            Map.entry("server", Set.of("wire", "codec", "transport", "server")),
            Map.entry("client", Set.of("wire", "codec", "transport", "client")),
            Map.entry("fixtures", Set.of("wire", "codec", "fixtures")),
            Map.entry("load", Set.of("wire", "codec", "transport", "client", "load")),
            Map.entry("gen", Set.of("gen")),
            Map.entry("maven-plugin", Set.of("maven")), // runs gen in a child JVM, imports nothing of ours
            Map.entry(
                    "cli", Set.of("wire", "codec", "transport", "server", "client", "fixtures", "load", "gen", "cli")),
            Map.entry("bench", Set.of("wire", "codec", "transport", "server", "client", "fixtures", "load", "bench")));

    private static final Pattern IMPORT =
            Pattern.compile("^import (?:static )?dev\\.zapline\\.([a-z0-9]+)(\\S*);", Pattern.MULTILINE);

    /** The server's sources: the API package is this folder's own files, with middleware and rpc. */
    private static final String SERVER = "server/src/main/java/dev/zapline/server";

    /** The server's transport packages, below {@link #SERVER}. */
    private static final List<String> TRANSPORTS = List.of("internal.http1", "internal.http2", "internal.zap");

    /**
     * The one import between transports: an HTTP/1.1 connection that receives the h2c prior-knowledge preface
     * hands itself over to the HTTP/2 connection ({@code Http2Preface}, {@code Http2ServerConnection}).
     */
    private static final Map.Entry<String, String> H2C_UPGRADE = Map.entry("internal.http1", "internal.http2");

    private static final Pattern SERVER_IMPORT = Pattern.compile(
            "^import (?:static )?dev\\.zapline\\.server\\.(internal\\.(?:http1|http2|zap))\\.", Pattern.MULTILINE);

    @Test
    void everyModuleImportsOnlyWhatItDependsOn() {
        List<String> violations = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        int files = 0;
        for (String module : ALLOWED.keySet()) {
            if (mainSources(module).isEmpty()) {
                unread.add(module);
            }
            for (Path file : mainSources(module)) {
                files++;
                Matcher m = IMPORT.matcher(read(file));
                while (m.find()) {
                    String target = m.group(1);
                    if (!ALLOWED.get(module).contains(target)) {
                        violations.add(repo().relativize(file) + " imports dev.zapline." + target + m.group(2));
                    } else if (!target.equals(module) && m.group(2).contains(".internal.")) {
                        violations.add(repo().relativize(file) + " reaches into " + target + m.group(2));
                    }
                }
            }
        }
        assertThat(unread).as("modules without main sources to read").isEmpty();
        assertThat(files).as("main sources read").isGreaterThan(200);
        assertThat(violations).isEmpty();
    }

    @Test
    void http1CodecDoesNotImportTheZapHttpCodec() {
        Path http1 = repo().resolve("codec/src/main/java/dev/zapline/codec/http1");
        List<String> offenders = javaFiles(http1).stream()
                .filter(f -> read(f).contains("import dev.zapline.codec.zaphttp"))
                .map(f -> repo().relativize(f).toString())
                .toList();
        assertThat(javaFiles(http1)).isNotEmpty();
        assertThat(offenders).isEmpty();
    }

    @Test
    void serverApiImportsNoTransport() {
        Path server = repo().resolve(SERVER);
        List<Path> api = new ArrayList<>(javaFiles(server).stream()
                .filter(f -> f.getParent().equals(server))
                .toList());
        api.addAll(javaFiles(server.resolve("middleware")));
        api.addAll(javaFiles(server.resolve("rpc")));
        List<String> violations = new ArrayList<>();
        for (Path file : api) {
            Matcher m = SERVER_IMPORT.matcher(read(file));
            while (m.find()) {
                violations.add(repo().relativize(file) + " imports the transport package " + m.group(1));
            }
        }
        assertThat(api).as("server API sources read").hasSizeGreaterThan(30);
        assertThat(violations).isEmpty();
    }

    @Test
    void serverTransportsDoNotImportEachOther() {
        List<String> violations = new ArrayList<>();
        for (String transport : TRANSPORTS) {
            List<Path> files = javaFiles(repo().resolve(SERVER).resolve(transport.replace('.', '/')));
            assertThat(files).as("sources of " + transport).isNotEmpty();
            for (Path file : files) {
                Matcher m = SERVER_IMPORT.matcher(read(file));
                while (m.find()) {
                    String target = m.group(1);
                    if (!target.equals(transport)
                            && !Map.entry(transport, target).equals(H2C_UPGRADE)) {
                        violations.add(repo().relativize(file) + " imports the transport package " + target);
                    }
                }
            }
        }
        assertThat(violations).isEmpty();
    }

    @Test
    void everyModuleOfTheBuildIsChecked() {
        String pom = read(repo().resolve("pom.xml"));
        Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(pom);
        List<String> modules = new ArrayList<>();
        while (m.find()) {
            modules.add(m.group(1));
        }
        assertThat(modules).containsExactlyInAnyOrderElementsOf(ALLOWED.keySet());
    }

    private static List<Path> mainSources(String module) {
        return javaFiles(repo().resolve(module).resolve("src/main/java"));
    }

    static List<Path> javaFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The repository root: the nearest folder above the working directory that holds {@code mvnw}. */
    static Path repo() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("mvnw")) && Files.isRegularFile(d.resolve("pom.xml"))) {
                return d;
            }
        }
        throw new IllegalStateException("no mvnw above " + Path.of("").toAbsolutePath());
    }
}
