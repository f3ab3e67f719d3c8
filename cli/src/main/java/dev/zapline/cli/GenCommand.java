package dev.zapline.cli;

import dev.zapline.gen.SchemaException;
import dev.zapline.gen.ZapCompiler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zapline gen SCHEMA.zap... -d OUT [--package P] [--rpc]}: compiles {@code .zap} schemas to Java
 * (docs/gen.md); {@code --rpc} adds the bindings to the native RPC runtime. Every schema is parsed and checked before
 * anything is written, so a bad one leaves OUT untouched; it exits 2 with the parser's
 * {@code FILE:LINE:COLUMN: problem}.
 */
@Command(
        name = "gen",
        mixinStandardHelpOptions = true,
        description = "Compile .zap schemas to Java readers, writers and interfaces (docs/gen.md).")
final class GenCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "SCHEMA.zap", description = "Schemas to compile.")
    List<Path> schemas;

    @Option(
            names = {"-d", "--out"},
            required = true,
            paramLabel = "OUT",
            description = "Folder to write the sources into (in their package's sub-folders).")
    Path out;

    @Option(
            names = "--package",
            paramLabel = "JAVA_PACKAGE",
            description = "Java package of the generated types (default: each schema's package).")
    String javaPackage;

    @Option(
            names = "--rpc",
            description = "Also write NameRpc per interface, binding it to the native RPC runtime (docs/rpc.md);"
                    + " the code then depends on zapline-server and zapline-client.")
    boolean rpc;

    @Override
    public Integer call() {
        try {
            List<ZapCompiler.Source> sources = new ArrayList<>();
            for (Path file : schemas) {
                sources.add(new ZapCompiler.Source(file.toString(), Files.readString(file, StandardCharsets.UTF_8)));
            }
            Map<Path, String> files = ZapCompiler.compile(sources, javaPackage, rpc);
            ZapCompiler.write(out, files);
            for (Path f : files.keySet()) {
                spec.commandLine().getOut().println(out.resolve(f));
            }
            spec.commandLine()
                    .getErr()
                    .println("zapline gen: " + files.size() + " files from " + schemas.size() + " schema(s) into "
                            + out);
            return 0;
        } catch (SchemaException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return 2;
        } catch (IllegalArgumentException | IOException e) {
            spec.commandLine().getErr().println("zapline gen: " + e.getMessage());
            return 2;
        }
    }
}
