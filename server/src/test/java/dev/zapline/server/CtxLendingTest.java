package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.internal.Dispatcher;
import dev.zapline.server.internal.ServerContext;
import dev.zapline.server.internal.http1.HttpConnection;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Request contexts are lent per event loop: several connections on one loop (here, EmbeddedChannels on the test
 * thread, sharing one {@link ServerContext}) take a context when a request starts and give it back when idle. These
 * tests check that the sharing never mixes requests up: held requests (half-received, handed off) keep their own
 * context, a closed connection's context is never reused, and per-connection attributes stay with the connection.
 */
class CtxLendingTest {

    private static final Attribute<String> USER = Attribute.perConnection("lending-user");
    private static final Attribute<String> NOTE = Attribute.perRequest("lending-note");

    private final Map<Ctx, Integer> seen = new IdentityHashMap<>();
    private final List<HandOff> handOffs = new ArrayList<>();
    private final List<EmbeddedChannel> channels = new ArrayList<>();
    private ServerContext server;

    private App routes() {
        App r = App.create();
        r.get("/who/:name", ctx -> {
            seen.merge(ctx, 1, Integer::sum);
            ctx.send(ctx.pathParam("name"));
        });
        r.get("/slow/:name", ctx -> {
            seen.merge(ctx, 1, Integer::sum);
            handOffs.add(ctx.handOff());
        });
        r.get("/login/:name", ctx -> {
            ctx.attribute(USER, ctx.pathParam("name"));
            ctx.attribute(NOTE, "set");
            ctx.send("ok");
        });
        r.get("/me", ctx -> ctx.send(ctx.attribute(USER) + "," + ctx.attribute(NOTE)));
        return r;
    }

    private EmbeddedChannel connect() {
        if (server == null) {
            App r = routes();
            server = new ServerContext(
                    new Dispatcher(r.compile(), r.rootMiddleware()),
                    ServerConfig.defaults().withClock(() -> Embedded.NOW));
        }
        EmbeddedChannel ch = new EmbeddedChannel(new HttpConnection(server));
        channels.add(ch);
        return ch;
    }

    private static void send(EmbeddedChannel ch, String bytes) {
        ch.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
        ch.runPendingTasks();
    }

    private static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n";
    }

    private static String read(EmbeddedChannel ch) {
        return Embedded.readAll(ch);
    }

    private static String body(String response) {
        return response.substring(response.indexOf("\r\n\r\n") + 4);
    }

    @AfterEach
    void close() {
        for (EmbeddedChannel ch : channels) {
            ch.finishAndReleaseAll();
        }
    }

    @Test
    void idleConnectionsShareOneContextAndHoldNone() {
        EmbeddedChannel a = connect();
        EmbeddedChannel b = connect();
        EmbeddedChannel c = connect();
        for (int i = 0; i < 5; i++) {
            send(a, get("/who/a" + i));
            send(b, get("/who/b" + i));
            send(c, get("/who/c" + i));
            assertThat(body(read(a))).isEqualTo("a" + i);
            assertThat(body(read(b))).isEqualTo("b" + i);
            assertThat(body(read(c))).isEqualTo("c" + i);
        }
        assertThat(seen).hasSize(1).containsValue(15);
        assertThat(server.ctxPool().free()).isEqualTo(1);
    }

    @Test
    void aHalfReceivedHeadKeepsItsContextWhileOthersAreServed() {
        EmbeddedChannel a = connect();
        EmbeddedChannel b = connect();
        send(a, "GET /who/first-half");
        for (int i = 0; i < 3; i++) {
            send(b, get("/who/b" + i));
            assertThat(body(read(b))).isEqualTo("b" + i);
        }
        send(a, "-and-rest HTTP/1.1\r\nHo");
        send(b, get("/who/b3"));
        assertThat(body(read(b))).isEqualTo("b3");
        send(a, "st: t\r\n\r\n");
        assertThat(body(read(a))).isEqualTo("first-half-and-rest");
        assertThat(server.ctxPool().free()).isEqualTo(2);
    }

    @Test
    void aHandedOffRequestKeepsItsContextAndIsAnsweredOnItsOwnConnection() throws Exception {
        EmbeddedChannel a = connect();
        EmbeddedChannel b = connect();
        // a: a slow request with one pipelined behind it
        send(a, get("/slow/a1") + get("/who/a2"));
        for (int i = 0; i < 3; i++) {
            send(b, get("/who/b" + i));
            assertThat(body(read(b))).isEqualTo("b" + i);
        }
        assertThat(read(a)).isEmpty();
        HandOff h = handOffs.get(0);
        h.complete(ctx -> ctx.send("late " + ctx.pathParam("name")));
        a.runPendingTasks();
        String answers = read(a);
        assertThat(answers).contains("late a1").contains("a2");
        assertThat(answers.indexOf("late a1")).isLessThan(answers.indexOf("a2"));
        assertThat(read(b)).isEmpty();
        assertThat(seen).hasSize(2);
    }

    @Test
    void aClosedConnectionsContextIsNeverLentAgain() {
        EmbeddedChannel a = connect();
        EmbeddedChannel b = connect();
        send(a, get("/slow/a1"));
        Ctx held = seen.keySet().iterator().next();
        a.close();
        for (int i = 0; i < 3; i++) {
            send(b, get("/who/b" + i));
            assertThat(body(read(b))).isEqualTo("b" + i);
        }
        assertThat(seen.get(held)).isEqualTo(1);
        // completing the dead connection's hand-off writes nowhere and disturbs nobody
        handOffs.get(0).complete(ctx -> ctx.send("late"));
        a.runPendingTasks();
        b.runPendingTasks();
        assertThat(read(b)).isEmpty();
        send(b, get("/who/b9"));
        assertThat(body(read(b))).isEqualTo("b9");
        assertThat(seen.get(held)).isEqualTo(1);
    }

    @Test
    void aProtocolErrorLeavesNoParserStateForTheNextBorrower() {
        EmbeddedChannel a = connect();
        EmbeddedChannel b = connect();
        send(a, "GET /who/x HTTP/1.1\r\nBad Header: 1\r\n");
        assertThat(read(a)).startsWith("HTTP/1.1 400 ");
        send(b, get("/who/fine"));
        assertThat(body(read(b))).isEqualTo("fine");
    }

    @Test
    void perConnectionAttributesStayWithTheirConnection() {
        EmbeddedChannel a = connect();
        EmbeddedChannel b = connect();
        send(a, get("/login/alice"));
        send(b, get("/login/bob"));
        read(a);
        read(b);
        send(b, get("/me"));
        send(a, get("/me"));
        assertThat(body(read(a))).isEqualTo("alice,null");
        assertThat(body(read(b))).isEqualTo("bob,null");
        EmbeddedChannel c = connect();
        send(c, get("/me"));
        assertThat(body(read(c))).isEqualTo("null,null");
    }
}
