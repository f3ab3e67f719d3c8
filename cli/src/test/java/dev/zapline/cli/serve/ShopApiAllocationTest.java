package dev.zapline.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bytes the shop API allocates per successful request, warmed: on the event loop over a real socket (login, account,
 * order, pipelined in batches, each response's status and body prefix checked on the test thread), and its pieces
 * (the JSON reader, issuing and checking a token) on the test thread: windows of calls allocating exactly 0 bytes,
 * and under a byte per call in all. Runs in the build's allocation pass.
 */
@Tag("allocation")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ShopApiAllocationTest {

    private static final int BATCH = 16;
    private static final int WINDOWS = 20;
    private static final int WINDOW = 5_000;
    private static final int LOOP_WINDOW = 5_000;

    @Test
    void warmedPiecesAllocateNothing() {
        JsonFields login = new JsonFields("user", "password");
        byte[] body = "{\"user\": \"user0042\", \"password\": \"secret-user0042\", \"x\": [1, {\"y\": null}]}"
                .getBytes(StandardCharsets.UTF_8);
        ShopTokens tokens = new ShopTokens(new byte[32]);
        byte[] token = new byte[ShopTokens.LENGTH];
        byte[] user = new byte[64];
        long sum = run(login, body, tokens, token, user, 20_000);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().threadId();
        long warm = 0;
        for (int i = 0; i < 3; i++) {
            warm += mx.getThreadAllocatedBytes(id);
        }
        assertThat(warm).isPositive();
        long calibrate = mx.getThreadAllocatedBytes(id);
        long overhead = mx.getThreadAllocatedBytes(id) - calibrate;
        long[] windows = new long[WINDOWS];
        for (int w = 0; w < WINDOWS; w++) {
            long before = mx.getThreadAllocatedBytes(id);
            sum += run(login, body, tokens, token, user, WINDOW);
            windows[w] = mx.getThreadAllocatedBytes(id) - before - overhead;
        }
        System.out.println("bytes per window of " + WINDOW + " logins read, issued and checked: "
                + java.util.Arrays.toString(windows));
        assertThat(sum).isEqualTo((20_000L + WINDOWS * WINDOW) * ShopApi.accountId("user0042"));
        assertOftenZero(windows, WINDOW, WINDOWS / 2 + 1, "pieces");
    }

    /**
     * At least {@code zeros} windows allocated exactly 0 bytes, and all together under a byte per call. A call that
     * allocates at all (16 bytes at least) makes every window non-zero; the event loop's occasional allocations
     * (Netty's pools and timers, the JVM) land in some windows, more of them the longer a window takes, so the
     * loop's windows need only a quarter at 0.
     */
    private static void assertOftenZero(long[] windows, int callsPerWindow, int zeros, String what) {
        assertThat(java.util.Arrays.stream(windows).filter(b -> b == 0).count())
                .as("windows of 0 bytes, " + what)
                .isGreaterThanOrEqualTo(zeros);
        assertThat(java.util.Arrays.stream(windows).sum())
                .as("bytes in all, " + what)
                .isLessThan((long) windows.length * callsPerWindow);
    }

    private static long run(JsonFields f, byte[] body, ShopTokens t, byte[] token, byte[] user, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            if (f.parse(body, body.length) != -1) {
                throw new AssertionError("parse");
            }
            int u = JsonText.unescape(body, f.start(0), f.end(0), user);
            t.issue(ShopApi.accountId(user, u), 2_000_000_000_000L, token, 0);
            sum += t.verify(token, 0, token.length, 1_000_000_000_000L);
        }
        return sum;
    }

    @Test
    void warmedRequestsAllocateAlmostNothingOnTheEventLoop() throws Exception {
        try (App app = ShopApi.create(InstantSource.system(), new byte[32])
                .routes(App.create(ServerConfig.defaults().withEventLoops(1)))
                .listen("http://127.0.0.1:0")
                .start()) {
            int port = app.addresses().get(0).port();
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
                s.setTcpNoDelay(true);
                InputStream in = new BufferedInputStream(s.getInputStream(), 65536);
                String user = "user0042";
                byte[] loginRequest = request(
                        "POST /login", null, "{\"user\":\"" + user + "\",\"password\":\"secret-" + user + "\"}");
                s.getOutputStream().write(loginRequest);
                String login = new String(Responses.read(in, 200), StandardCharsets.UTF_8);
                String token = login.substring(10, 70);
                int account = ShopApi.accountId(user);
                byte[] accountRequest = request("GET /accounts/" + account, token, null);
                byte[] orderRequest = request("POST /orders", token, "{\"item\":\"tea\",\"quantity\":3}");
                byte[][] requests = {loginRequest, accountRequest, orderRequest};
                int[] statuses = {200, 200, 201};
                String[] prefixes = {"{\"token\":\"", "{\"id\":" + account + ",\"balance\":", "{\"id\":\"ord-"};
                for (int r = 0; r < requests.length; r++) {
                    roundTrips(s, in, requests[r], statuses[r], prefixes[r], 30_000);
                }
                long thread = eventLoopThreadId();
                com.sun.management.ThreadMXBean mx =
                        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
                for (int r = 0; r < requests.length; r++) {
                    long[] windows = new long[WINDOWS];
                    for (int w = 0; w < WINDOWS; w++) {
                        long before = mx.getThreadAllocatedBytes(thread);
                        roundTrips(s, in, requests[r], statuses[r], prefixes[r], LOOP_WINDOW);
                        windows[w] = mx.getThreadAllocatedBytes(thread) - before;
                    }
                    System.out.println("event loop bytes per window of " + LOOP_WINDOW + " requests answered "
                            + prefixes[r] + "...: " + java.util.Arrays.toString(windows));
                    assertOftenZero(windows, LOOP_WINDOW, WINDOWS / 4, prefixes[r]);
                }
                assertThat(in.available()).isZero();
            }
        }
    }

    private static byte[] request(String line, String token, String body) {
        StringBuilder sb = new StringBuilder(line).append(" HTTP/1.1\r\nHost: t\r\n");
        if (token != null) {
            sb.append("Authorization: Bearer ").append(token).append("\r\n");
        }
        if (body != null) {
            sb.append("Content-Type: application/json\r\nContent-Length: ")
                    .append(body.length())
                    .append("\r\n\r\n")
                    .append(body);
        } else {
            sb.append("\r\n");
        }
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static void roundTrips(Socket s, InputStream in, byte[] request, int status, String prefix, int n)
            throws IOException {
        OutputStream out = s.getOutputStream();
        byte[] batch = new byte[request.length * BATCH];
        for (int i = 0; i < BATCH; i++) {
            System.arraycopy(request, 0, batch, i * request.length, request.length);
        }
        for (int sent = 0; sent < n; sent += BATCH) {
            out.write(batch);
            for (int i = 0; i < BATCH; i++) {
                String body = new String(Responses.read(in, status), StandardCharsets.UTF_8);
                if (!body.startsWith(prefix)) {
                    throw new AssertionError("want a body starting " + prefix + ", got " + body);
                }
            }
        }
    }

    /** HTTP/1.1 responses with a content-length, read on the test thread (its allocations are not counted). */
    private static final class Responses {
        static byte[] read(InputStream in, int status) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream(256);
            int last4 = 0;
            while (last4 != 0x0D0A0D0A) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("closed after " + head);
                }
                head.write(b);
                last4 = last4 << 8 | b;
            }
            String text = head.toString(StandardCharsets.ISO_8859_1);
            int got = Integer.parseInt(text.substring(9, 12));
            int length = -1;
            for (String line : text.split("\r\n")) {
                if (line.regionMatches(true, 0, "content-length:", 0, 15)) {
                    length = Integer.parseInt(line.substring(15).trim());
                }
            }
            byte[] body = in.readNBytes(length);
            if (got != status) {
                throw new AssertionError("want " + status + ", got " + text + new String(body, StandardCharsets.UTF_8));
            }
            return body;
        }
    }

    private static long eventLoopThreadId() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("zapline-loop")) {
                return t.threadId();
            }
        }
        throw new IllegalStateException("no zapline-loop thread");
    }
}
