package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BackoffTest {

    @ParameterizedTest(name = "failures {0}, jitter {1}, random {2} -> {3}")
    @CsvSource({
        "1, 0, 0, 100",
        "2, 0, 0, 200",
        "3, 0, 0, 400",
        "7, 0, 0, 5000",
        "8, 0, 0, 5000",
        "1000, 0, 0, 5000",
        "1, 0.5, 0.5, 75",
        "3, 0.2, 0.999, 321",
        "9, 1, 0.5, 2500",
    })
    void doublesFromTheMinimumUpToTheMaximumLessTheJitter(int failures, double jitter, double random, long delay) {
        assertThat(Backoff.delayNanos(failures, 100, 5000, jitter, random)).isEqualTo(delay);
    }

    @Test
    void neverOverflowsWithLargeDelays() {
        assertThat(Backoff.delayNanos(64, Long.MAX_VALUE / 4, Long.MAX_VALUE, 0, 0))
                .isEqualTo(Long.MAX_VALUE);
        assertThat(Backoff.delayNanos(Integer.MAX_VALUE, 1, Long.MAX_VALUE, 0, 0))
                .isEqualTo(1L << 62);
    }

    @Test
    void rejectsZeroFailures() {
        assertThatThrownBy(() -> Backoff.delayNanos(0, 1, 2, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("failures 0");
    }
}
