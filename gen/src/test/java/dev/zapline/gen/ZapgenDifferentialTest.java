package dev.zapline.gen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.gen.RandomFields.Value;
import dev.zapline.gen.Schema.Field;
import dev.zapline.gen.Schema.Struct;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapValidator;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generated Java against the real peer, the npm zapgen of {@code @zap-proto/zap@1.6.0}: for the same schema
 * and the same seeded values, the TypeScript builders it emits and the Java writers ({@code write} and
 * {@code encode}) give identical bytes, the TypeScript views read the Java bytes back and the Java readers read
 * the TypeScript bytes back.
 */
class ZapgenDifferentialTest {

    private static final long SEED = 0x5EED_18L;

    /** Schema → messages per struct. The indentation twins are left out: the npm zapgen needs explicit offsets. */
    private static final Object[][] RUNS = {
        {"kinds.zap", 300}, {"basetx.zap", 100}, {"packed.zap", 100}, {"documented.zap", 60}
    };

    private record Case(Struct struct, List<Value> values, byte[] java) {}

    @Test
    void javaAndTypeScriptAgreeOnEveryByte() throws Exception {
        Path prefix = GenPeer.install();
        int messages = 0;
        for (Object[] run : RUNS) {
            messages += check((String) run[0], (int) run[1], prefix);
        }
        assertThat(messages).isGreaterThanOrEqualTo(1_000);
    }

    private int check(String name, int perStruct, Path prefix) throws Exception {
        Schema schema = Schemas.parse(name);
        String dir = "diff_" + name.replace(".zap", "");
        Path work = prefix.resolve(dir);
        Path ts = GenPeer.zapgen(prefix, Schemas.copy(name, work), work);
        try (Compiled code = Compiled.of(schema, "gen.diff." + name.replace(".zap", ""), dir)) {
            RandomFields random = new RandomFields(SEED ^ name.hashCode(), schema, code);
            List<Case> cases = new ArrayList<>();
            for (Struct s : schema.structs()) {
                for (int i = 0; i < perStruct; i++) {
                    List<Value> values = random.values(s, 0);
                    byte[] java = random.write(s, values);
                    assertThat(encode(code, s, values))
                            .as("%s %s #%d: write vs encode", name, s.name(), i)
                            .isEqualTo(java);
                    cases.add(new Case(s, values, java));
                }
            }
            Path json = work.resolve("cases.json");
            Files.writeString(json, json(schema, cases), StandardCharsets.UTF_8);
            List<String> lines = GenPeer.drive(prefix, ts, json);
            assertThat(lines).hasSize(cases.size());
            ReaderDump reader = new ReaderDump(schema, code);
            for (int i = 0; i < cases.size(); i++) {
                Case c = cases.get(i);
                String what = name + " " + c.struct.name() + " case " + i + " (seed " + SEED + ")";
                String[] parts = lines.get(i).split("\t", -1);
                List<String> expected = expected(c);
                assertThat(parts[0])
                        .as(what + ": bytes built by TypeScript")
                        .isEqualTo(RandomFields.HEX.formatHex(c.java));
                assertThat(Arrays.asList(parts).subList(1, parts.length))
                        .as(what + ": TypeScript reading Java")
                        .isEqualTo(expected);
                assertThat(reader.dump(c.struct, RandomFields.HEX.parseHex(parts[0])))
                        .as(what + ": Java reading TypeScript")
                        .isEqualTo(expected);
                validates(code, c.struct, c.java, what + ": LAYOUT validating Java's bytes");
                validates(
                        code, c.struct, RandomFields.HEX.parseHex(parts[0]), what + ": LAYOUT validating TypeScript's");
            }
            return cases.size();
        }
    }

    /** The generated {@code LAYOUT} accepts every valid message: a validator that refused the peer's would show. */
    private static void validates(Compiled code, Struct s, byte[] message, String what)
            throws ReflectiveOperationException {
        ZapLayout layout = (ZapLayout) code.type(s.name()).getField("LAYOUT").get(null);
        assertThat(layout.fixedSize()).as(what).isEqualTo(s.fixedSize());
        try {
            ZapValidator.validate(new ZapMessage().wrap(message), layout);
        } catch (ZapFormatException e) {
            throw new AssertionError(what + ": " + e.getMessage(), e);
        }
    }

    private static byte[] encode(Compiled code, Struct s, List<Value> values) throws ReflectiveOperationException {
        Method encode = RandomFields.method(code.type(s.name()), "encode");
        ZapBuilder b = new ZapBuilder(64);
        Object[] args = new Object[values.size() + 1];
        args[0] = b;
        for (int i = 0; i < values.size(); i++) {
            args[i + 1] = values.get(i).arg();
        }
        encode.invoke(null, args);
        return b.toByteArray();
    }

    private static List<String> expected(Case c) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < c.values.size(); i++) {
            out.add(c.struct.fields().get(i).name() + "=" + c.values.get(i).canonical());
        }
        return out;
    }

    private static String json(Schema schema, List<Case> cases) {
        StringBuilder s = new StringBuilder("{\"cases\":[");
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            s.append(i == 0 ? "" : ",")
                    .append("{\"struct\":\"")
                    .append(c.struct.name())
                    .append("\",\"java\":\"");
            s.append(RandomFields.HEX.formatHex(c.java)).append("\",\"fields\":[");
            for (int f = 0; f < c.values.size(); f++) {
                Field field = c.struct.fields().get(f);
                ZapType t = field.type();
                int size = t.kind() == ZapType.Kind.STRUCT
                        ? schema.struct(t.struct()).fixedSize()
                        : 0;
                s.append(f == 0 ? "" : ",")
                        .append("{\"name\":\"")
                        .append(field.name())
                        .append("\",\"kind\":\"");
                s.append(t.kind().keyword()).append("\",\"size\":").append(size).append(",\"value\":");
                s.append(c.values.get(f).json()).append('}');
            }
            s.append("]}");
        }
        return s.append("]}").toString();
    }
}
