package dev.zapline.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.gen.Schema.Field;
import dev.zapline.gen.Schema.Struct;
import dev.zapline.gen.ZapType.Kind;
import dev.zapline.wire.Zap;
import dev.zapline.wire.ZapFormatException;
import dev.zapline.wire.ZapLayout;
import dev.zapline.wire.ZapMessage;
import dev.zapline.wire.ZapValidator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated {@code LAYOUT} makes {@code ZapValidator} check every pointer of a message: seeded random messages of
 * {@code kinds.zap} validate, and the same messages with one lying slot (a length, a count, a nested pointer or a list
 * element's length prefix past the end) are refused, naming the field. The differential test proves the other half,
 * that the peer's valid messages pass.
 */
class GeneratedLayoutTest {

    private static final long SEED = 0x1a70e7L;

    @Test
    void everyLyingSlotOfARandomMessageIsRefused() throws Exception {
        Schema schema = Schemas.parse("kinds.zap");
        try (Compiled code = Compiled.of(schema, "gen.layout.kinds", "layout_kinds")) {
            RandomFields random = new RandomFields(SEED, schema, code);
            Map<Kind, Integer> refused = new EnumMap<>(Kind.class);
            for (Struct s : schema.structs()) {
                ZapLayout layout =
                        (ZapLayout) code.type(s.name()).getField("LAYOUT").get(null);
                for (int i = 0; i < 100; i++) {
                    byte[] message = random.message(s, 0);
                    ZapValidator.validate(new ZapMessage().wrap(message), layout);
                    for (Field f : s.fields()) {
                        if (lie(message, f)) {
                            assertThatThrownBy(() -> ZapValidator.validate(new ZapMessage().wrap(message), layout))
                                    .as("%s.%s #%d", s.name(), f.name(), i)
                                    .isInstanceOf(ZapFormatException.class)
                                    .hasMessageContaining(f.name());
                            refused.merge(f.type().kind(), 1, Integer::sum);
                            lie(message, f); // back to the truth for the next field
                        }
                    }
                }
            }
            assertThat(refused).containsKeys(Kind.TEXT, Kind.BYTES, Kind.LIST, Kind.STRUCT);
            assertThat(refused.values()).allSatisfy(n -> assertThat(n).isGreaterThan(20));
        }
    }

    /**
     * Makes a non-null slot of {@code f} point past the message (or undoes it: the change is an xor), returning false
     * when the field has nothing to lie about (a scalar, or a null slot). A list of scalars lies in its first element's
     * length prefix, which only a layout that walks the prefixes catches.
     */
    private static boolean lie(byte[] message, Field f) {
        ByteBuffer b = ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN);
        int slot = Zap.HEADER_SIZE + f.offset();
        Kind kind = f.type().kind();
        if (kind == Kind.TEXT || kind == Kind.BYTES) {
            return b.getInt(slot) != 0 && flip(b, slot + 4);
        }
        if (kind == Kind.STRUCT) {
            return b.getInt(slot) != 0 && flip(b, slot);
        }
        if (kind == Kind.LIST) {
            if (b.getInt(slot) == 0) {
                return false;
            }
            return f.type().element().kind().scalar() ? flip(b, slot + b.getInt(slot)) : flip(b, slot + 4);
        }
        return false;
    }

    private static boolean flip(ByteBuffer b, int at) {
        b.putInt(at, b.getInt(at) ^ 0x40000000);
        return true;
    }
}
