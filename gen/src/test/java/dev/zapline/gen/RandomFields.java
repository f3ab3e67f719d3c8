package dev.zapline.gen;

import dev.zapline.gen.Schema.Field;
import dev.zapline.gen.Schema.Struct;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random values for the fields of a generated struct, each as the Java writer's argument, the JSON the
 * Node driver reads, and the canonical text both sides' readers must give back (the driver's format).
 */
final class RandomFields {

    /** One field's value three ways. */
    record Value(Object arg, String json, String canonical) {}

    static final HexFormat HEX = HexFormat.of();
    private static final String[] TEXT = {"a", "Z", "0", " ", "é", "€", "ü", "\uD83D\uDE80", "中", "\n", "\"", "\\"};

    private final SplittableRandom r;
    private final Schema schema;
    private final Compiled code;

    RandomFields(long seed, Schema schema, Compiled code) {
        this.r = new SplittableRandom(seed);
        this.schema = schema;
        this.code = code;
    }

    List<Value> values(Struct s, int depth) {
        List<Value> out = new ArrayList<>();
        for (Field f : s.fields()) {
            out.add(value(f.type(), depth));
        }
        return out;
    }

    /** A complete message of {@code s} with random values, written by its generated {@code write}. */
    byte[] message(Struct s, int depth) {
        return write(s, values(s, depth));
    }

    /**
     * The message of these values by the generated {@code write}, into a destination full of noise at a random
     * offset; a struct with text also has the overload taking each text as its UTF-8 bytes, which must write the
     * same bytes (checked here, so every caller checks it).
     */
    byte[] write(Struct s, List<Value> values) {
        Method write = null;
        Method utf8 = null;
        for (Method m : code.type(s.name()).getMethods()) {
            if (m.getName().equals("write")) {
                boolean chars = Arrays.asList(m.getParameterTypes()).contains(CharSequence.class);
                boolean text = s.fields().stream().anyMatch(f -> f.type().kind() == ZapType.Kind.TEXT);
                if (chars || !text) {
                    write = m;
                } else {
                    utf8 = m;
                }
            }
        }
        byte[] viaChars = invoke(write, values, false);
        if (utf8 != null && !Arrays.equals(invoke(utf8, values, true), viaChars)) {
            throw new AssertionError(s.name() + ": write with UTF-8 text differs from write with CharSequence");
        }
        return viaChars;
    }

    private byte[] invoke(Method write, List<Value> values, boolean utf8) {
        byte[] dst = new byte[1 << 16];
        r.nextBytes(dst);
        int off = r.nextInt(8);
        Object[] args = new Object[values.size() + 2];
        args[0] = dst;
        args[1] = off;
        for (int i = 0; i < values.size(); i++) {
            Object arg = values.get(i).arg();
            args[i + 2] = utf8 && arg instanceof String t ? t.getBytes(StandardCharsets.UTF_8) : arg;
        }
        try {
            int size = (int) write.invoke(null, args);
            return Arrays.copyOfRange(dst, off, off + size);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static Method method(Class<?> type, String name) {
        return Arrays.stream(type.getMethods())
                .filter(m -> m.getName().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private Value value(ZapType t, int depth) {
        boolean edge = r.nextInt(6) == 0;
        return switch (t.kind()) {
            case BOOL -> {
                boolean v = r.nextBoolean();
                yield new Value(v, q(String.valueOf(v)), String.valueOf(v));
            }
            case U8 -> integer(edge ? (r.nextBoolean() ? 0 : 255) : r.nextInt(256));
            case I8 -> {
                byte v = (byte) (edge ? (r.nextBoolean() ? Byte.MIN_VALUE : Byte.MAX_VALUE) : r.nextInt());
                yield new Value(v, q(String.valueOf(v)), String.valueOf(v));
            }
            case U16 -> integer(edge ? 65535 : r.nextInt(65536));
            case I16 -> {
                short v = (short) (edge ? Short.MIN_VALUE : r.nextInt());
                yield new Value(v, q(String.valueOf(v)), String.valueOf(v));
            }
            case U32 -> {
                long v = edge ? 0xFFFF_FFFFL : r.nextLong(1L << 32);
                yield new Value(v, q(String.valueOf(v)), String.valueOf(v));
            }
            case I32 -> integer(edge ? Integer.MIN_VALUE : r.nextInt());
            case U64 -> {
                long v = edge ? -1L : r.nextLong();
                yield new Value(v, q(Long.toUnsignedString(v)), Long.toUnsignedString(v));
            }
            case I64 -> {
                long v = edge ? Long.MIN_VALUE : r.nextLong();
                yield new Value(v, q(String.valueOf(v)), String.valueOf(v));
            }
            case F32 -> {
                float v = Float.intBitsToFloat(r.nextInt());
                if (Float.isNaN(v) || edge) {
                    v = edge ? -0.0f : 1.25f;
                }
                yield new Value(v, q(Double.toString(v)), String.format("%08x", Float.floatToRawIntBits(v)));
            }
            case F64 -> {
                double v = Double.longBitsToDouble(r.nextLong());
                if (Double.isNaN(v) || edge) {
                    v = edge ? Double.POSITIVE_INFINITY : -3.5;
                }
                yield new Value(v, q(Double.toString(v)), String.format("%016x", Double.doubleToRawLongBits(v)));
            }
            case TEXT -> {
                String v = text(edge ? 0 : r.nextInt(24));
                String hex = HEX.formatHex(v.getBytes(StandardCharsets.UTF_8));
                yield new Value(v, q(hex), hex);
            }
            case BYTES -> bytes(edge ? 0 : 1 + r.nextInt(40));
            case BYTES_FIXED -> bytes(t.fixedSize());
            case LIST -> list(t.element(), edge ? 0 : r.nextInt(5), depth);
            case STRUCT -> {
                Struct s = schema.struct(t.struct());
                if (edge || depth > 2) {
                    yield new Value(new byte[0], q(""), "");
                }
                byte[] m = message(s, depth + 1);
                byte[] fixed = Arrays.copyOfRange(m, 16, 16 + s.fixedSize());
                yield new Value(fixed, q(HEX.formatHex(fixed)), HEX.formatHex(fixed));
            }
        };
    }

    private Value integer(int v) {
        return new Value(v, q(String.valueOf(v)), String.valueOf(v));
    }

    private Value bytes(int n) {
        byte[] v = new byte[n];
        r.nextBytes(v);
        return new Value(v, q(HEX.formatHex(v)), HEX.formatHex(v));
    }

    private Value list(ZapType element, int count, int depth) {
        byte[][] elements = new byte[depth > 2 ? 0 : count][];
        for (int i = 0; i < elements.length; i++) {
            elements[i] = element(element, depth);
        }
        List<String> json = new ArrayList<>();
        List<String> canonical = new ArrayList<>();
        for (byte[] e : elements) {
            json.add(q(HEX.formatHex(e)));
            canonical.add(HEX.formatHex(e));
        }
        return new Value(elements, "[" + String.join(",", json) + "]", String.join(",", canonical));
    }

    /** One list element as the peer frames it: a scalar's little-endian bytes, raw bytes or a whole message. */
    private byte[] element(ZapType t, int depth) {
        if (t.kind().scalar()) {
            byte[] b = new byte[t.slotSize()];
            r.nextBytes(b);
            return b;
        }
        return switch (t.kind()) {
            case TEXT -> text(r.nextInt(10)).getBytes(StandardCharsets.UTF_8);
            case STRUCT -> message(schema.struct(t.struct()), depth + 1);
            default -> {
                byte[] b = new byte[r.nextInt(12)];
                r.nextBytes(b);
                yield b;
            }
        };
    }

    private String text(int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(TEXT[r.nextInt(TEXT.length)]);
        }
        return s.toString();
    }

    static String q(String s) {
        return "\"" + s + "\"";
    }
}
