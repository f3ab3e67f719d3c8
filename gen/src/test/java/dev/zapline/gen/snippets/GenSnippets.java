package dev.zapline.gen.snippets;

import dev.zapline.gen.JavaEmitter;
import dev.zapline.gen.Schema;
import dev.zapline.gen.SchemaException;
import dev.zapline.gen.SchemaParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Examples for the schema compiler of {@code dev.zapline.gen}. */
final class GenSnippets {

    List<Path> emit(Path file, Path out) throws IOException, SchemaException {
        // @start region="emit"
        Schema schema = SchemaParser.parse(file.toString(), Files.readString(file));
        List<Path> written = JavaEmitter.write(schema, "com.example.ledger", out); // one .java per type
        // @end
        return written;
    }
}
