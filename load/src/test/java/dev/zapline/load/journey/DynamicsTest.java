package dev.zapline.load.journey;

import static dev.zapline.load.journey.Fixtures.dynamic;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DynamicsTest {

    private final byte[] out = new byte[Dynamics.MAX_LENGTH + 8];

    private String draw(Dynamics d, Part.DynamicKind kind, long min, long max, long wallMillis) {
        int n = d.write((Part.Dynamic) dynamic(kind, min, max), wallMillis, out, 3);
        assertThat(n).isLessThanOrEqualTo(Dynamics.MAX_LENGTH);
        return Fixtures.text(out, 3, n);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 42, -7, 1234567890123L})
    void uuidsAreVersion4FromTheSeededGenerator(long seed) {
        Dynamics d = new Dynamics(seed);
        SplittableRandom reference = new SplittableRandom(seed);
        for (int i = 0; i < 200; i++) {
            String uuid = draw(d, Part.DynamicKind.UUID, 0, 0, 0);
            long hi = (reference.nextLong() & ~0xF000L) | 0x4000L;
            long lo = (reference.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
            assertThat(uuid).isEqualTo(new UUID(hi, lo).toString()).hasSize(36);
            UUID parsed = UUID.fromString(uuid);
            assertThat(parsed.version()).isEqualTo(4);
            assertThat(parsed.variant()).isEqualTo(2);
            assertThat(uuid).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
        }
    }

    @ParameterizedTest
    @CsvSource({"0,1000", "-5,5", "7,8", "-9223372036854775808,9223372036854775807", "100,100", "5,3"})
    void randomIntsStayInTheHalfOpenRange(long min, long max) {
        Dynamics d = new Dynamics(9);
        SplittableRandom reference = new SplittableRandom(9);
        for (int i = 0; i < 500; i++) {
            long expected = max > min ? reference.nextLong(min, max) : min;
            String value = draw(d, Part.DynamicKind.RANDOM_INT, min, max, 0);
            assertThat(value).isEqualTo(Long.toString(expected));
            assertThat(Long.parseLong(value)).isGreaterThanOrEqualTo(min);
            if (max > min) {
                assertThat(Long.parseLong(value)).isLessThan(max);
            }
        }
    }

    @ParameterizedTest
    @CsvSource({
        "0,0,1970-01-01T00:00:00.000Z",
        "1733354013042,1733354013,2024-12-04T23:13:33.042Z",
        "1709164800000,1709164800,2024-02-29T00:00:00.000Z",
        "951782400999,951782400,2000-02-29T00:00:00.999Z",
        "-1,-1,1969-12-31T23:59:59.999Z",
        "253402300799999,253402300799,9999-12-31T23:59:59.999Z",
        "-62135596800000,-62135596800,0001-01-01T00:00:00.000Z"
    })
    void timestampsReadTheGivenWallClock(long millis, String seconds, String iso) {
        Dynamics d = new Dynamics(1);
        assertThat(draw(d, Part.DynamicKind.TIMESTAMP, 0, 0, millis)).isEqualTo(seconds);
        assertThat(draw(d, Part.DynamicKind.ISO_TIMESTAMP, 0, 0, millis)).isEqualTo(iso);
    }

    @ParameterizedTest
    @ValueSource(longs = {3, 17, 2026})
    void isoTimestampsMatchJavaTimeAcrossTheCalendar(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Dynamics d = new Dynamics(seed);
        DateTimeFormatter format =
                DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);
        for (int i = 0; i < 20_000; i++) {
            long millis = random.nextLong(-62_135_596_800_000L, 253_402_300_800_000L);
            String expected = format.format(Instant.ofEpochMilli(millis).truncatedTo(ChronoUnit.MILLIS));
            assertThat(draw(d, Part.DynamicKind.ISO_TIMESTAMP, 0, 0, millis)).isEqualTo(expected);
            assertThat(draw(d, Part.DynamicKind.TIMESTAMP, 0, 0, millis))
                    .isEqualTo(Long.toString(Math.floorDiv(millis, 1000L)));
        }
    }
}
