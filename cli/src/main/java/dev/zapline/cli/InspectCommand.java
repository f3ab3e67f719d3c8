package dev.zapline.cli;

import dev.zapline.cli.inspect.Describer;
import dev.zapline.cli.inspect.Input;
import dev.zapline.cli.inspect.Render;
import dev.zapline.cli.inspect.Samples;
import dev.zapline.codec.zaphttp.ZapHttp;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapLayout;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zapline inspect}: decodes ZAP messages and zaphttp frames from a file, stdin or a bundled sample. */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Decode one ZAP message, or a stream of length-prefixed frames, and print it.",
            "zaphttp frames (types 1-5) are decoded as HTTP; other messages by --layout.",
            "Bad input prints one line with the offset and the reason, and exits with status 2."
        })
final class InspectCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "Input file; '-' or none reads stdin.")
    String file;

    @Option(names = "--hex", description = "The input is hex text (whitespace and # comments ignored).")
    boolean hex;

    @Option(
            names = "--sample",
            arity = "0..1",
            fallbackValue = "stream",
            paramLabel = "NAME",
            description = "Inspect a bundled sample instead of input: " + Samples.NAMES + " (default stream).")
    String sample;

    @Option(
            names = "--layout",
            paramLabel = "SPEC",
            description = {
                "Fields of the root object, e.g. \"id:u64@0,block:u64@8,method:text@16,account:bytes@24\"",
                "(types: bool u8 i8 u16 i16 u32 i32 f32 u64 i64 f64 text bytes struct fixed[N] list<E>),",
                "or a known name: eth-request, eth-response."
            })
    String layout;

    @Option(names = "--frames", description = "The input is a stream of [u32 big-endian length][message] frames.")
    boolean frames;

    @Option(names = "--message", description = "The input is one bare message (default: detected by the magic).")
    boolean message;

    @Option(
            names = "--max-frame",
            paramLabel = "BYTES",
            description = "Largest frame accepted (default ${DEFAULT-VALUE}).")
    int maxFrame = ZapHttp.DEFAULT_MAX_FRAME;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Option(
            names = "--save",
            paramLabel = "FILE",
            description = "Also write the input's bytes (a sample's, or hex text's decoded) to FILE once they decode: "
                    + "--sample eth-request --save call.bin gives zapline load zaprpc:// its --payload.")
    Path save;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        StringBuilder text = new StringBuilder();
        try {
            byte[] data = read();
            ZapLayout fields = layout();
            Input.Framing framing =
                    frames ? Input.Framing.FRAMES : message ? Input.Framing.MESSAGE : Input.Framing.AUTO;
            List<Input.Part> parts = Input.split(data, framing, maxFrame);
            Describer describer = new Describer(fields);
            List<Object> described = new ArrayList<>();
            boolean stream = parts.size() > 1 || parts.get(0).offset() > 0;
            for (Input.Part p : parts) {
                Map<String, Object> d = new LinkedHashMap<>();
                d.put("offset", p.offset());
                d.put("length", p.length());
                d.putAll(describer.describe(data, p.offset(), p.length()));
                described.add(d);
                if (!json) {
                    appendText(text, p, d, stream);
                }
            }
            if (save != null) {
                Files.write(save, data);
            }
            if (json) {
                StringBuilder sb = new StringBuilder();
                Render.json(Map.of("messages", described), sb);
                out.println(sb);
            } else {
                out.print(text);
            }
            out.flush();
            return 0;
        } catch (ZapFormatException e) {
            return fail(out, err, text, "offset " + e.offset() + ": " + e.reason());
        } catch (IllegalArgumentException e) {
            return fail(out, err, text, e.getMessage());
        } catch (NoSuchFileException e) {
            return fail(out, err, text, "no such file: " + e.getFile());
        } catch (IOException e) {
            return fail(out, err, text, "cannot read input: " + e.getMessage());
        }
    }

    private int fail(PrintWriter out, PrintWriter err, StringBuilder text, String line) {
        if (!json) {
            out.print(text);
            out.flush();
        }
        err.println("zapline inspect: " + line);
        err.flush();
        return 2;
    }

    private static void appendText(StringBuilder text, Input.Part p, Map<String, Object> d, boolean stream) {
        Map<String, Object> body = new LinkedHashMap<>(d);
        body.remove("offset");
        body.remove("length");
        if (stream) {
            text.append("frame ")
                    .append(p.index() + 1)
                    .append(" at offset ")
                    .append(p.offset())
                    .append(" (")
                    .append(p.length())
                    .append(" bytes)\n");
            Render.text(body, text, "  ");
        } else {
            Render.text(body, text, "");
        }
    }

    private ZapLayout layout() {
        if (layout == null) {
            return sample != null ? Samples.layoutFor(sample) : null;
        }
        ZapLayout named = Samples.LAYOUTS.get(layout);
        return named != null ? named : ZapLayout.parse(layout);
    }

    private byte[] read() throws IOException {
        if (sample != null) {
            if (file != null) {
                throw new IllegalArgumentException("give either FILE or --sample, not both");
            }
            return Samples.bytes(sample);
        }
        byte[] raw;
        if (file == null || file.equals("-")) {
            try (InputStream in = System.in) {
                raw = in.readAllBytes();
            }
        } else {
            raw = Files.readAllBytes(Path.of(file));
        }
        return hex ? Input.fromHex(new String(raw, StandardCharsets.UTF_8)) : raw;
    }
}
