package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class Http2LimitsTest {

    private static final Http2Limits D = Http2Limits.DEFAULT;

    @Test
    void eachWithChangesItsOwnComponentsAndKeepsTheRest() {
        assertThat(D.withMaxConcurrentStreams(7))
                .isEqualTo(new Http2Limits(
                        7,
                        65536,
                        16384,
                        1 << 20,
                        16 << 20,
                        200,
                        100,
                        Duration.ofSeconds(10),
                        10_000,
                        2,
                        16,
                        Duration.ofSeconds(10)));
        assertThat(D.withMaxHeaderListSize(4096))
                .isEqualTo(new Http2Limits(
                        256,
                        4096,
                        16384,
                        1 << 20,
                        16 << 20,
                        200,
                        100,
                        Duration.ofSeconds(10),
                        10_000,
                        2,
                        16,
                        Duration.ofSeconds(10)));
        assertThat(D.withWindows(1000, 70_000))
                .isEqualTo(new Http2Limits(
                        256,
                        65536,
                        16384,
                        1000,
                        70_000,
                        200,
                        100,
                        Duration.ofSeconds(10),
                        10_000,
                        2,
                        16,
                        Duration.ofSeconds(10)));
        assertThat(D.withFloodCaps(5, 6, Duration.ofSeconds(3)))
                .isEqualTo(new Http2Limits(
                        256,
                        65536,
                        16384,
                        1 << 20,
                        16 << 20,
                        5,
                        6,
                        Duration.ofSeconds(3),
                        10_000,
                        2,
                        16,
                        Duration.ofSeconds(10)));
        assertThat(D.withStallTimeout(Duration.ofMillis(250)))
                .isEqualTo(new Http2Limits(
                        256,
                        65536,
                        16384,
                        1 << 20,
                        16 << 20,
                        200,
                        100,
                        Duration.ofSeconds(10),
                        10_000,
                        2,
                        16,
                        Duration.ofMillis(250)));
    }

    @Test
    void withersChainWithoutLosingEarlierChanges() {
        Http2Limits l = D.withMaxConcurrentStreams(3).withWindows(10, 65535).withStallTimeout(Duration.ofSeconds(1));
        assertThat(l.maxConcurrentStreams()).isEqualTo(3);
        assertThat(l.initialStreamWindow()).isEqualTo(10);
        assertThat(l.connectionWindow()).isEqualTo(65535);
        assertThat(l.stallTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(l.maxHeaderListSize()).isEqualTo(D.maxHeaderListSize());
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
