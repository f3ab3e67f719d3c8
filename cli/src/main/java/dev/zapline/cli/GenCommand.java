package dev.zapline.cli;

import dev.zapline.gen.JavaEmitter;
import dev.zapline.gen.Schema;
import dev.zapline.gen.SchemaException;
import dev.zapline.gen.SchemaParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zapline gen SCHEMA.zap... -d OUT [--package P]}: compiles {@code .zap} schemas to Java (docs/gen.md). Every
 * schema is parsed and checked before anything is written, so a bad one leaves OUT untouched; it exits 2 with the
 * parser's {@code FILE:LINE:COLUMN: problem}.
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

    @Override
    public Integer call() {
        List<Schema> parsed = new ArrayList<>();
        try {
            for (Path file : schemas) {
                parsed.add(SchemaParser.parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8)));
            }
            int written = 0;
            for (Schema schema : parsed) {
                String pkg = javaPackage != null ? javaPackage : schema.pkg();
                for (Path p : JavaEmitter.write(schema, pkg, out)) {
                    spec.commandLine().getOut().println(p);
                    written++;
                }
            }
            spec.commandLine()
                    .getErr()
                    .println("zapline gen: " + written + " files from " + parsed.size() + " schema(s) into " + out);
            return 0;
        } catch (SchemaException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return 2;
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("zapline gen: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            spec.commandLine().getErr().println("zapline gen: " + e);
            return 2;
        }
    }
}
