package dev.zapline.wire;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Fuzz targets for the wire runtime alone: the message, object, list, cursor and slice readers, layouts and the
 * strict validator. In a normal build they replay their regression inputs
 * ({@code src/test/resources/dev/zapline/wire/ZapWireFuzzTestInputs/<method>/}); to fuzz one:
 *
 * <pre>
 * JAZZER_FUZZ=1 JAZZER_MAX_DURATION=3m ./mvnw -o -pl wire test \
 *     -Dtest='ZapWireFuzzTest#validatorAgreesWithReaders' -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * ({@code .ci/fuzz} runs every target of the build for a few seconds each.) Only {@link ZapFormatException} may leave
 * a wrap or the validator, and only {@link IllegalArgumentException} a layout spec; anything else escaping, or a
 * reader that disagrees with the raw bytes or with the validator's verdict ({@link LayoutReading}), is a finding.
 */
class ZapWireFuzzTest {

    /** Every kind of field and list element at least once; in the third, structs and struct elements nest twice. */
    private static final List<ZapLayout> LAYOUTS = List.of(
            layout("n:u32@0,s:text@8,b:bytes@16"),
            layout("m:text@0,t:text@8,p:text@16,h:bytes@24,b:bytes@32,r:bytes@40"),
            layout("c:struct@0,l:list<struct>@8,s:text@16,b:bytes@24,f:fixed[5]@32,u:u64@40,o:bool@48|v:u64@0,s:text@8,"
                    + "n:struct@16|e:u8@0"),
            layout("a:list<u8>@0,b:list<u16>@8,c:list<u32>@16,d:list<u64>@24,e:list<raw>@32,f:list<text>@40,"
                    + "g:list<bytes>@48,h:i8@56,i:i16@58,j:i32@60,k:f32@64,l:f64@72"));

    private final AccessorSweep sweep = new AccessorSweep();

    /**
     * Any bytes as a message: a failed wrap names a header field; every accessor ({@link AccessorSweep}) reads the
     * same from a heap copy and a direct copy of exactly the message's size (so a read outside would throw); the
     * validator agrees with a strict reading under each of {@link #LAYOUTS}.
     */
    @FuzzTest
    void anyBytesReadSafely(byte[] data) {
        ZapMessage msg = new ZapMessage();
        try {
            msg.wrap(data);
        } catch (ZapFormatException e) {
            if (e.offset() < 0 || e.offset() > Zap.OFFSET_SIZE) {
                throw new AssertionError("a header error at " + e.offset(), e);
            }
            return;
        }
        byte[] exact = Arrays.copyOf(data, msg.size());
        long heap = sweep.sweep(msg.wrap(exact));
        long direct =
                sweep.sweep(msg.wrap(ByteBuffer.allocateDirect(exact.length).put(0, exact), 0, exact.length));
        if (heap != direct) {
            throw new AssertionError("heap and direct reads of " + Hex.of(exact) + " differ");
        }
        for (ZapLayout layout : LAYOUTS) {
            agree(exact, layout);
        }
    }

    /**
     * A layout and a message: the input up to its first newline is a layout spec, or several joined by {@code |}
     * where each struct and struct list takes the next one as its nested layout (an empty spec is a layout without
     * fields); the rest is the message. A spec parses or is refused with {@link IllegalArgumentException}, and a
     * parsed one prints back to itself; the validator's verdict is the strict reading's, on the heap and in a direct
     * buffer, each exactly the message's size.
     */
    @FuzzTest
    void validatorAgreesWithReaders(byte[] data) {
        int newline = indexOf(data, (byte) '\n');
        ZapLayout layout;
        try {
            layout = layout(new String(data, 0, newline, StandardCharsets.ISO_8859_1));
        } catch (IllegalArgumentException refused) {
            return;
        }
        agree(Arrays.copyOfRange(data, Math.min(newline + 1, data.length), data.length), layout);
    }

    private static void agree(byte[] bytes, ZapLayout layout) {
        ZapMessage msg = new ZapMessage();
        try {
            msg.wrap(bytes);
        } catch (ZapFormatException e) {
            return;
        }
        byte[] exact = Arrays.copyOf(bytes, msg.size());
        long verdict = agree(new ZapMessage().wrap(exact), layout);
        ByteBuffer direct = ByteBuffer.allocateDirect(exact.length).put(0, exact);
        long viaDirect = agree(new ZapMessage().wrap(direct, 0, exact.length), layout);
        if (viaDirect != verdict) {
            throw new AssertionError("the validator stops at " + verdict + " on the heap, at " + viaDirect + " direct");
        }
    }

    private static long agree(ZapMessage msg, ZapLayout layout) {
        long verdict = LayoutReading.CLEAN;
        try {
            ZapValidator.validate(msg, layout);
        } catch (ZapFormatException e) {
            verdict = e.offset();
        }
        long reading = LayoutReading.stop(msg, layout);
        if (verdict != reading) {
            throw new AssertionError("the validator stops at " + verdict + ", a strict reading at " + reading + " of "
                    + Hex.of(msg.toByteArray()) + " under " + layout);
        }
        return verdict;
    }

    /**
     * Layouts joined by {@code |}, each struct and struct list of one taking the next as its nested layout.
     *
     * @throws IllegalArgumentException when a spec is refused
     */
    static ZapLayout layout(String specs) {
        String[] parts = specs.split("\\|", -1);
        ZapLayout[] plain = new ZapLayout[parts.length];
        for (int i = 0; i < parts.length; i++) {
            plain[i] = parts[i].isEmpty() ? ZapLayout.builder().build() : ZapLayout.parse(parts[i]);
        }
        ZapLayout nested = null;
        for (int i = parts.length - 1; i >= 0; i--) {
            if (!parts[i].isEmpty() && !reparse(plain[i].spec()).equals(plain[i])) {
                throw new AssertionError("spec " + parts[i] + " prints as " + plain[i].spec() + ", read otherwise");
            }
            nested = nest(plain[i], nested);
        }
        return nested;
    }

    private static ZapLayout reparse(String spec) {
        try {
            return ZapLayout.parse(spec);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("a layout prints as " + spec + ", which is refused: " + e.getMessage(), e);
        }
    }

    private static ZapLayout nest(ZapLayout layout, ZapLayout nested) {
        List<ZapField> fields = layout.fields().stream()
                .map(f -> f.kind() == ZapKind.STRUCT || f.element() == ZapKind.STRUCT
                        ? new ZapField(f.name(), f.kind(), f.offset(), f.fixedSize(), f.element(), nested)
                        : f)
                .toList();
        return new ZapLayout(fields, layout.fixedSize());
    }

    private static int indexOf(byte[] data, byte b) {
        for (int i = 0; i < data.length; i++) {
            if (data[i] == b) {
                return i;
            }
        }
        return data.length;
    }
}
