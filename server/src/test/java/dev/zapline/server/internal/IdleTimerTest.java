package dev.zapline.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The one idle policy of the server's transports: quiet checks counted per period, one task, cancelled on stop. */
class IdleTimerTest {

    @Test
    void halvesIsIdleAfterTwoQuietChecksAndAReadStartsAgain() {
        IdleTimer t = IdleTimer.halves(1000, () -> {});
        assertThat(t.periodNanos()).isEqualTo(500);
        assertThat(t.idle()).isFalse();
        t.read();
        assertThat(t.idle()).as("read since the last check").isFalse();
        assertThat(t.idle()).isFalse();
        assertThat(t.idle()).as("two quiet checks").isTrue();
        assertThat(t.idle()).as("the count goes on").isTrue();
        t.restart();
        assertThat(t.idle()).isFalse();
        assertThat(t.idle()).isTrue();
    }

    @Test
    void everyCountsQuietChecksUpToTheTimeout() {
        IdleTimer t = IdleTimer.every(300, 1000, () -> {});
        assertThat(t.periodNanos()).isEqualTo(300);
        assertThat(t.idle()).isFalse();
        assertThat(t.idle()).isFalse();
        assertThat(t.idle()).as("900 ns quiet").isFalse();
        assertThat(t.idle()).as("1200 ns quiet").isTrue();
    }

    @Test
    void aTinyTimeoutStillChecksEveryNanosecond() {
        assertThat(IdleTimer.halves(1, () -> {}).periodNanos()).isEqualTo(1);
        assertThat(IdleTimer.every(0, 1, () -> {}).periodNanos()).isEqualTo(1);
    }

    @Test
    void oneTaskRunsEachPeriodUntilStopped() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.freezeTime();
        AtomicInteger runs = new AtomicInteger();
        IdleTimer t = IdleTimer.halves(TimeUnit.SECONDS.toNanos(1), runs::incrementAndGet);
        t.start(ch.eventLoop());
        for (int i = 0; i < 4; i++) {
            ch.advanceTimeBy(500, TimeUnit.MILLISECONDS);
            ch.runScheduledPendingTasks();
        }
        assertThat(runs).hasValue(4);
        t.stop();
        t.stop();
        assertThat(ch.runScheduledPendingTasks()).as("no task left").isEqualTo(-1);
        ch.finishAndReleaseAll();
    }
}
