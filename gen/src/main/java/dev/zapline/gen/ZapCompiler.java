package dev.zapline.gen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Several schemas compiled as one unit, what {@code zapline gen} and the Maven plugin's {@code generate} goal share:
 * every schema is parsed, checked and emitted before anything is written, so a bad one leaves the output untouched,
 * and two schemas generating one Java type is an error rather than a silent overwrite.
 */
public final class ZapCompiler {

    /** A schema's text and the name it is reported by (in errors and in the generated files' header). */
    public record Source(String name, String text) {}

    private ZapCompiler() {}

    /**
     * The generated sources of every schema: the path relative to the output folder (the package's folders, then
     * {@code Type.java}) → source text, in schema then declaration order.
     *
     * @param javaPackage the package of every generated type, or null for each schema's own {@code package}
     * @param rpc also emit the bindings to the native RPC runtime ({@link JavaEmitter#emit(Schema, String, boolean)})
     * @throws SchemaException for the first schema that does not compile, naming its file, line and column
     * @throws IllegalArgumentException when two declarations (of one schema or of two) generate one Java type
     */
    public static Map<Path, String> compile(List<Source> sources, String javaPackage, boolean rpc)
            throws SchemaException {
        Map<Path, String> files = new LinkedHashMap<>();
        for (Source source : sources) {
            Schema schema = SchemaParser.parse(source.name(), source.text());
            String pkg = javaPackage != null ? javaPackage : schema.pkg();
            Path dir = Path.of(pkg.replace('.', '/'));
            for (Map.Entry<String, String> e :
                    JavaEmitter.emit(schema, pkg, rpc).entrySet()) {
                if (files.put(dir.resolve(e.getKey() + ".java"), e.getValue()) != null) {
                    throw new IllegalArgumentException(
                            source.name() + ": a second schema generates " + pkg + "." + e.getKey());
                }
            }
        }
        return files;
    }

    /**
     * Writes {@code files} (from {@link #compile}) under {@code out}, leaving a file whose text is already the same
     * untouched so that an incremental compiler sees no change; returns the files written.
     */
    public static List<Path> write(Path out, Map<Path, String> files) throws IOException {
        List<Path> written = new ArrayList<>();
        for (Map.Entry<Path, String> f : files.entrySet()) {
            Path file = out.resolve(f.getKey());
            byte[] text = f.getValue().getBytes(StandardCharsets.UTF_8);
            if (Files.isRegularFile(file) && java.util.Arrays.equals(Files.readAllBytes(file), text)) {
                continue;
            }
            Files.createDirectories(file.getParent());
            Files.write(file, text);
            written.add(file);
        }
        return written;
    }
}
