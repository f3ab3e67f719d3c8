package dev.zapline.gen;

import dev.zapline.gen.Schema.Interface;
import dev.zapline.gen.Schema.Struct;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a {@link Schema} into Java sources that depend only on zapline-wire: per struct a reader and writers
 * ({@link StructEmitter}), per interface its ordinal table, server and client types ({@link InterfaceEmitter})
 * and, on request, their binding to the native RPC runtime ({@link RpcEmitter}).
 * Every file starts with a header naming the schema it came from.
 *
 * {@snippet class=dev.zapline.gen.snippets.GenSnippets region=emit}
 *
 * <p>Stateless and thread-safe.
 */
public final class JavaEmitter {

    /** Types the generated code names unqualified: a schema type of one of these names would shadow it. */
    private static final Set<String> TAKEN = Set.of(
            "Zap",
            "ZapBuilder",
            "ZapField",
            "ZapKind",
            "ZapLayout",
            "ZapValidator",
            "ZapList",
            "ZapListWriter",
            "ZapMessage",
            "ZapObject",
            "ZapObjectWriter",
            "ZapSlice",
            "Utf8",
            "MethodHandles",
            "VarHandle",
            "ByteOrder",
            "Arrays",
            "Objects",
            "Object",
            "String",
            "CharSequence",
            "Float",
            "Double",
            "System",
            "IllegalArgumentException",
            "ByteBuf",
            "ByteBufZap",
            "PooledByteBufAllocator",
            "RpcCall",
            "RpcClient",
            "RpcMethod",
            "RpcReply",
            "RpcResponseListener",
            "RpcResponseView",
            "RpcService",
            "ZapFormatException",
            "ArrayDeque",
            "ThreadLocal",
            "Rpc",
            "Answer",
            "LoopState",
            "ClientImpl",
            "PendingCall");

    private JavaEmitter() {}

    /**
     * The sources for {@code schema} in {@code javaPackage}: simple class name → source text, in declaration order.
     *
     * @throws IllegalArgumentException when two names of the schema map to one Java name
     */
    public static Map<String, String> emit(Schema schema, String javaPackage) {
        return emit(schema, javaPackage, false);
    }

    /**
     * As {@link #emit(Schema, String)}; with {@code rpc}, also per interface {@code NameRpc}, its binding to the
     * native RPC runtime ({@link RpcEmitter}), which makes the generated code depend on zapline-server and
     * zapline-client.
     *
     * @throws IllegalArgumentException when two names of the schema map to one Java name
     */
    public static Map<String, String> emit(Schema schema, String javaPackage, boolean rpc) {
        Map<String, String> files = new LinkedHashMap<>();
        for (Struct s : schema.structs()) {
            put(files, JavaNames.type(s.name()), new StructEmitter(schema, s, javaPackage).emit());
        }
        for (Interface i : schema.interfaces()) {
            for (Map.Entry<String, String> e :
                    new InterfaceEmitter(schema, i, javaPackage).emit().entrySet()) {
                put(files, e.getKey(), e.getValue());
            }
            if (rpc) {
                put(files, JavaNames.type(i.name()) + "Rpc", new RpcEmitter(schema, i, javaPackage).emit());
            }
        }
        return files;
    }

    private static void put(Map<String, String> files, String name, String source) {
        if (TAKEN.contains(name)) {
            throw new IllegalArgumentException(
                    "the Java type " + name + " would shadow a type the generated code uses");
        }
        if (files.putIfAbsent(name, source) != null) {
            throw new IllegalArgumentException("two declarations generate the Java type " + name);
        }
    }

    /** Writes the sources of {@link #emit} under {@code outDir}, in the package's folders; returns the files. */
    public static List<Path> write(Schema schema, String javaPackage, Path outDir) throws IOException {
        return write(schema, javaPackage, false, outDir);
    }

    /** Writes the sources of {@link #emit(Schema, String, boolean)} under {@code outDir}; returns the files. */
    public static List<Path> write(Schema schema, String javaPackage, boolean rpc, Path outDir) throws IOException {
        Path dir = outDir.resolve(javaPackage.replace('.', '/'));
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, String> e : emit(schema, javaPackage, rpc).entrySet()) {
            Path file = dir.resolve(e.getKey() + ".java");
            Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
            written.add(file);
        }
        return written;
    }
}
