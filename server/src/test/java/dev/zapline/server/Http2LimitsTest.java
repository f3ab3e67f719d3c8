package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class Http2LimitsTest {

    private static final Http2Limits D = Http2Limits.DEFAULT;

    /** The components of {@code after} that differ from {@code before}'s, by name, in declaration order. */
    private static Map<String, Object> changed(Http2Limits before, Http2Limits after) throws Exception {
        Map<String, Object> diff = new LinkedHashMap<>();
        for (RecordComponent c : Http2Limits.class.getRecordComponents()) {
            Object a = c.getAccessor().invoke(before);
            Object b = c.getAccessor().invoke(after);
            if (!Objects.equals(a, b)) {
                diff.put(c.getName(), b);
            }
        }
        return diff;
    }

    @Test
    void eachWithChangesItsOwnComponentsAndKeepsTheRest() throws Exception {
        assertThat(changed(D, D.withMaxConcurrentStreams(7))).isEqualTo(Map.of("maxConcurrentStreams", 7));
        assertThat(changed(D, D.withMaxHeaderListSize(4096))).isEqualTo(Map.of("maxHeaderListSize", 4096));
        assertThat(changed(D, D.withWindows(1000, 70_000)))
                .isEqualTo(Map.of("initialStreamWindow", 1000, "connectionWindow", 70_000));
        assertThat(changed(D, D.withFloodCaps(5, 6, Duration.ofSeconds(3))))
                .isEqualTo(Map.of(
                        "maxResetsPerWindow", 5, "maxControlFramesPerWindow", 6, "floodWindow", Duration.ofSeconds(3)));
        assertThat(changed(D, D.withStallTimeout(Duration.ofMillis(250))))
                .isEqualTo(Map.of("stallTimeout", Duration.ofMillis(250)));
    }

    @Test
    void withersChainWithoutLosingEarlierChanges() throws Exception {
        Http2Limits l = D.withMaxConcurrentStreams(3).withWindows(10, 65535).withStallTimeout(Duration.ofSeconds(1));
        assertThat(changed(D, l))
                .isEqualTo(Map.of(
                        "maxConcurrentStreams", 3,
                        "initialStreamWindow", 10,
                        "connectionWindow", 65535,
                        "stallTimeout", Duration.ofSeconds(1)));
        assertThat(D.maxConcurrentStreams()).as("the default is not changed").isEqualTo(256);
    }

    @Test
    void aWithThatBreaksALimitIsRefusedByTheConstructor() {
        assertThatThrownBy(() -> D.withWindows(1, 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("connection window 100 < 65535");
        assertThatThrownBy(() -> D.withFloodCaps(1, 1, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> D.withMaxConcurrentStreams(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
