package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.concurrent.Ticker;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The HTTP/1.1 and ZAP connections' idle timeout is the transports' one idle policy: closed between one and one and
 * a half timeouts after the last read, by one periodic task that does not outlive the connection.
 */
class IdleCloseTest {

    private static Embedded connection(Transport transport) {
        ServerConfig config =
                ServerConfig.defaults().withClock(() -> Embedded.NOW).withIdleTimeout(Duration.ofSeconds(10));
        App app = App.create();
        app.get("/health", ctx -> ctx.send("ok"));
        return new Embedded(app, config, transport, Ticker.newMockTicker());
    }

    @Test
    void anIdleHttpConnectionClosesAtTheSecondQuietCheckAndLeavesNoTask() {
        assertIdleClose(Transport.HTTP);
    }

    @Test
    void anIdleZapConnectionClosesAtTheSecondQuietCheckAndLeavesNoTask() {
        assertIdleClose(Transport.ZAP);
    }

    private static void assertIdleClose(Transport transport) {
        try (Embedded e = connection(transport)) {
            e.advance(TimeUnit.SECONDS.toNanos(10) - 1);
            assertThat(e.ch.isOpen()).as("open before the second check").isTrue();
            e.advance(1);
            assertThat(e.ch.isOpen()).as("closed at the second quiet check").isFalse();
            assertThat(e.ch.runScheduledPendingTasks()).as("no task left").isEqualTo(-1);
        }
    }
}
