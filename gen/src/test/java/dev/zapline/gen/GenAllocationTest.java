package dev.zapline.gen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.wire.AllocationMeter;
import java.util.Map;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A generated struct with every kind is written (directly and with the generic builder) and read back, field by
 * field, without allocating in steady state (STYLE.md rule 3). The probe calls the generated code directly,
 * compiled with it, so no reflection or boxing is measured.
 */
@Tag("allocation")
class GenAllocationTest {

    private static final String PROBE = """
            package gen.alloc;

            import dev.zapline.wire.ZapBuilder;
            import dev.zapline.wire.ZapList;
            import dev.zapline.wire.ZapListCursor;
            import dev.zapline.wire.ZapMessage;
            import dev.zapline.wire.ZapSlice;

            public final class Probe implements java.util.function.LongSupplier {
                private final byte[] dst = new byte[4096];
                private final byte[] blob = {1, 2, 3};
                private final byte[] hash = {1, 2, 3, 4, 5, 6, 7, 8};
                private final byte[] inner = new byte[Leaf.SIZE];
                private final byte[][] leaves = {new byte[36], new byte[36]};
                private final byte[][] numbers = {{1, 0, 0, 0}, {2, 0, 0, 0}};
                private final byte[][] blobs = {{9}, {}};
                private final byte[][] names = {{'a'}};
                private final ZapBuilder builder = new ZapBuilder();
                private final ZapMessage msg = new ZapMessage();
                private final All all = new All();
                private final Leaf leaf = new Leaf();
                private final ZapSlice slice = new ZapSlice();
                private final ZapList list = new ZapList();
                private final ZapListCursor cursor = new ZapListCursor();
                private long n;

                @Override
                public long getAsLong() {
                    n++;
                    inner[8] = (byte) n;
                    int size = All.write(dst, 0, true, 7, (byte) -3, 65535, (short) -2, 4_000_000_000L, -9, n, -n,
                            1.5f, 2.5, "name é", blob, hash, leaves, numbers, blobs, inner, "note", names);
                    long sum = size + All.encode(builder, (n & 1) == 0, 1, (byte) 2, 3, (short) 4, 5, 6, n, 8,
                            9f, 10, "x", blob, hash, leaves, numbers, blobs, inner, "note", names);
                    all.wrap(msg.wrap(dst, 0, size));
                    sum += all.small() + all.signed() + all.short_() + all.sShort() + all.word() + all.sWord()
                            + all.long_() + all.sLong() + (long) all.float_() + (long) all.double_()
                            + (all.flag() ? 1 : 0);
                    sum += all.nameLength() + all.blob(slice).length() + all.hash(slice).byteAt(7)
                            + all.leavesCount() + all.inner(leaf).index() + all.noteLength()
                            + (all.noteEquals(blob) ? 1 : 0);
                    for (cursor.reset(all.numbers(list)); cursor.next(); ) {
                        sum += cursor.element(slice).byteAt(0);
                    }
                    return sum;
                }
            }
            """;

    @Test
    void writingAndReadingAGeneratedStructAllocatesNothing() throws Exception {
        try (Compiled code = Compiled.of(Schemas.parse("kinds.zap"), "gen.alloc", "alloc", Map.of("Probe", PROBE))) {
            LongSupplier probe =
                    (LongSupplier) code.type("Probe").getConstructor().newInstance();
            // A long warm-up: with 200k runs the JIT's last recompilation of this large probe sometimes lands in the
            // measured window (a one-off 48 bytes), which is not the steady state this test is about.
            AllocationMeter meter = new AllocationMeter(1_000_000, 100_000);
            long allocated = meter.allocatedBy("generatedAllStruct", probe);
            assertThat(meter.sink()).isNotZero();
            assertThat(allocated).isZero();
        }
    }
}
