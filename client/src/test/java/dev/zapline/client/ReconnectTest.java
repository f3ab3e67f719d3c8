package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.codec.LeakTracker;
import dev.zapline.wire.Await;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A pool slot whose server goes away reconnects by the injected clock, with the delay doubling per failure. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReconnectTest {

    private static final Duration SECOND = Duration.ofSeconds(1);
    /** A request timeout on the manual clock, which only the test moves: the sends below never reach it. */
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Real time long enough for many ticks: a reconnect that is due would have started. */
    private static final Duration SETTLE = Duration.ofMillis(100);

    @AfterAll
    static void noLeaks() {
        assertThat(LeakTracker.leaks()).as(LeakTracker.lastLeak()).isZero();
    }

    @Test
    void reconnectsAfterTheServerRestartsWithExponentialBackoff() throws Exception {
        ManualClock clock = new ManualClock();
        ZapClientConfig config = ZapClientConfig.defaults()
                .with(c -> c.backoff(SECOND, Duration.ofSeconds(8), 0.5).clock(clock, () -> 0.0));
        TestServer first = TestServer.start("first", "127.0.0.1:0");
        int port = first.port(0);
        String address = "127.0.0.1:" + port;
        try (ZapClient client = ZapClient.connect(config, address)) {
            assertThat(client.sendSync(ZapRequest.get("/who"), WAIT).bodyAsString())
                    .isEqualTo("first");

            first.close();
            Await.until("the disconnect", () -> client.stats().disconnects() == 1);
            assertThat(client.connectionsUp()).isZero();
            assertThatThrownBy(() -> client.sendSync(ZapRequest.get("/who"), WAIT))
                    .isInstanceOf(ZapException.class)
                    .extracting(e -> ((ZapException) e).outcome())
                    .isEqualTo(ZapOutcome.CLOSED);

            Await.pause(SETTLE);
            assertThat(client.stats().connectFailures())
                    .as("no attempt before the first delay")
                    .isZero();
            clock.advance(SECOND);
            Await.until("the first attempt, refused", () -> client.stats().connectFailures() == 1);

            try (TestServer second = TestServer.start("second", address)) {
                clock.advance(SECOND);
                Await.pause(SETTLE);
                assertThat(client.stats().connects())
                        .as("the second delay is two seconds")
                        .isEqualTo(1);
                assertThat(client.stats().connectFailures()).isEqualTo(1);

                clock.advance(SECOND);
                Await.until("the reconnect", () -> client.connectionsUp() == 1);
                assertThat(client.stats().connects()).isEqualTo(2);
                assertThat(client.sendSync(ZapRequest.get("/who"), WAIT).bodyAsString())
                        .isEqualTo("second");
            }
        }
    }
}
