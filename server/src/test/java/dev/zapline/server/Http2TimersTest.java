package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.concurrent.Ticker;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * An HTTP/2 connection's timers on a manual clock ({@link Embedded} with a mock ticker, the raw frame client over
 * it): the idle timeout, the deadline of a request whose body does not come and the stall on a window held at zero,
 * each due at its exact instant and not a nanosecond before. The checks run every half of the shorter of the idle
 * and stall timeouts ({@code Http2Watch}): a quiet or stalled connection is closed at the first check at which the
 * quiet or stalled checks add up to the timeout.
 */
class Http2TimersTest {

    private static final long MS = 1_000_000L;

    private static App app() {
        App app = App.create();
        app.get("/health", ctx -> ctx.send("ok"));
        app.post("/echo", ctx -> ctx.send(ctx.bodyAsString()));
        app.get("/big", ctx -> ctx.send(new byte[200_000]));
        return app;
    }

    private static Embedded embedded(ServerConfig config) {
        return new Embedded(app(), config.withClock(() -> Embedded.NOW), Transport.HTTP, Ticker.newMockTicker());
    }

    /** Whether the server has written nothing more (a read on the manual clock finds nothing). */
    private static boolean silent(H2Client c) throws IOException {
        try {
            c.read();
            return false;
        } catch (SocketTimeoutException nothing) {
            return true;
        }
    }

    @Test
    void anIdleConnectionGetsGoAwayAtTheCheckThatCompletesTheIdleTimeout() throws IOException {
        // idle 400 ms: checks every 200 ms; the one at 200 ms sees the request read, those at 400 and 600 ms two
        // quiet periods: 400 ms
        try (Embedded e = embedded(ServerConfig.defaults().withIdleTimeout(Duration.ofMillis(400)))) {
            H2Client c = H2Client.embedded(e);
            assertThat(c.get("/health")).isEqualTo(new H2Client.Response("200", "ok", -1));
            e.advance(600 * MS - 1);
            assertThat(silent(c)).isTrue();
            assertThat(e.ch.isOpen()).isTrue();
            e.advance(1);
            assertThat(c.goAway()).isEqualTo(H2Client.NO_ERROR);
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void aRequestWhoseBodyDoesNotArriveWithinTheIdleTimeoutGets408AndTheConnectionGoesOn() throws IOException {
        try (Embedded e = embedded(ServerConfig.defaults().withIdleTimeout(Duration.ofMillis(400)))) {
            H2Client c = H2Client.embedded(e);
            int slow = c.nextStream();
            c.frame(H2Client.HEADERS, H2Client.END_HEADERS, slow, H2Client.request("POST", "/echo"));
            c.frame(H2Client.DATA, 0, slow, "part".getBytes(StandardCharsets.US_ASCII));
            e.advance(400 * MS - 1);
            assertThat(silent(c)).as("nothing before the deadline").isTrue();
            e.advance(1);
            assertThat(c.response(slow).status()).isEqualTo("408");
            assertThat(c.get("/health").body()).isEqualTo("ok");
            assertThat(e.ch.isOpen()).isTrue();
        }
    }

    @Test
    void aWindowHeldAtZeroWithAResponsePendingIsClosedAtTheStallTimeout() throws IOException {
        // stall 1 s (the idle timeout is longer): checks every 500 ms, each seeing the response blocked
        ServerConfig config = ServerConfig.defaults()
                .withIdleTimeout(Duration.ofSeconds(30))
                .withHttp2(Http2Limits.DEFAULT.withStallTimeout(Duration.ofSeconds(1)));
        try (Embedded e = embedded(config)) {
            // SETTINGS_INITIAL_WINDOW_SIZE 0: the response's DATA can never be sent
            H2Client c = H2Client.embedded(e, 4, 0);
            c.send("GET", "/big", null);
            assertThat(c.read().type()).as("the response's HEADERS").isEqualTo(H2Client.HEADERS);
            e.advance(1000 * MS - 1);
            assertThat(silent(c)).isTrue();
            assertThat(e.ch.isOpen()).isTrue();
            e.advance(1);
            assertThat(c.goAway()).isEqualTo(H2Client.ENHANCE_YOUR_CALM);
            assertThat(c.closedByServer()).isTrue();
        }
    }
}
