package dev.zapline.server.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrames;
import dev.zapline.codec.rpc.RpcRequestView;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.wire.peer.NodePeer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The envelopes zapline writes are byte for byte the peer's ({@code @zap-proto/zap@1.6.0} {@code buildRequest}
 * and {@code buildResponse}) for the same fields, over seeded random cases (empty and non-empty capability,
 * payload and body, unsigned extremes), and zapline's views read the peer's bytes back to the same fields.
 * Fails (never skips) without node and npm.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class RpcEnvelopePeerTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final int CASES = 400;

    record Case(long method, long promise, long target, String cap, String payload, long status, String body) {}

    @Test
    void envelopesEqualThePeersForTheSameFieldsAndReadBack() throws Exception {
        List<Case> cases = cases(new Random(18));
        List<String> peer = peer(cases);
        assertThat(peer).hasSize(cases.size());
        RpcRequestView request = new RpcRequestView();
        RpcResponseView response = new RpcResponseView();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            String[] both = peer.get(i).split(" ");
            assertThat(requestEnvelope(c)).as("request %d %s", i, c).isEqualTo(both[0]);
            assertThat(responseEnvelope(c)).as("response %d %s", i, c).isEqualTo(both[1]);

            ByteBuf req = Unpooled.wrappedBuffer(HEX.parseHex(both[0]));
            request.wrap(req, 0, req.readableBytes());
            assertThat(request.method()).isEqualTo(c.method());
            assertThat(Integer.toUnsignedLong(request.promiseId())).isEqualTo(c.promise());
            assertThat(Integer.toUnsignedLong(request.target())).isEqualTo(c.target());
            assertThat(hex(req, request.capIndex(), request.capLength())).isEqualTo(c.cap());
            assertThat(hex(req, request.payloadIndex(), request.payloadLength()))
                    .isEqualTo(c.payload());

            ByteBuf resp = Unpooled.wrappedBuffer(HEX.parseHex(both[1]));
            response.wrap(resp, 0, resp.readableBytes());
            assertThat(Integer.toUnsignedLong(response.status())).isEqualTo(c.status());
            assertThat(Integer.toUnsignedLong(response.promiseId())).isEqualTo(c.promise());
            assertThat(hex(resp, response.bodyIndex(), response.bodyLength())).isEqualTo(c.body());
        }
    }

    private static String requestEnvelope(Case c) {
        ByteBuf out = Unpooled.buffer();
        RpcFrames.writeRequest(
                out,
                7,
                c.method(),
                (int) c.promise(),
                (int) c.target(),
                Unpooled.wrappedBuffer(HEX.parseHex(c.cap())),
                Unpooled.wrappedBuffer(HEX.parseHex(c.payload())));
        assertThat(out.getIntLE(0)).isEqualTo(out.readableBytes() - Rpc.LENGTH_PREFIX);
        assertThat(out.getIntLE(4)).isEqualTo(7);
        assertThat(out.getIntLE(8)).isEqualTo(Rpc.FLAG_REQUEST);
        return hex(out, 12, out.readableBytes() - 12);
    }

    private static String responseEnvelope(Case c) {
        ByteBuf out = Unpooled.buffer();
        out.writeBytes(new byte[] {1, 2, 3});
        int mark = RpcFrames.startResponse(out, 9, (int) c.promise());
        out.writeBytes(HEX.parseHex(c.body()));
        RpcFrames.finishResponse(out, mark, (int) c.status());
        assertThat(out.getIntLE(3)).isEqualTo(out.readableBytes() - 3 - Rpc.LENGTH_PREFIX);
        assertThat(out.getIntLE(7)).isEqualTo(9);
        assertThat(out.getIntLE(11)).isEqualTo(Rpc.FLAG_RESPONSE);
        return hex(out, 15, out.readableBytes() - 15);
    }

    private static String hex(ByteBuf b, int index, int length) {
        byte[] a = new byte[length];
        b.getBytes(index, a);
        return HEX.formatHex(a);
    }

    private static List<Case> cases(Random r) {
        List<Case> cases = new ArrayList<>();
        long[] extremes = {0, 1, 200, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFFL};
        long[] statuses = {200, 400, 401, 403, 404, 500};
        for (int i = 0; i < CASES; i++) {
            cases.add(new Case(
                    i < extremes.length ? extremes[i] : r.nextLong(0, 1L << 32),
                    r.nextBoolean() ? extremes[r.nextInt(extremes.length)] : r.nextLong(0, 1L << 32),
                    r.nextInt(4) == 0 ? r.nextLong(0, 1L << 32) : 0,
                    bytes(r, i % 3 == 0 ? 0 : r.nextInt(80)),
                    bytes(r, i % 5 == 0 ? 0 : r.nextInt(i % 7 == 0 ? 5000 : 200)),
                    r.nextInt(8) == 0 ? r.nextLong(0, 1L << 32) : statuses[r.nextInt(statuses.length)],
                    bytes(r, i % 4 == 0 ? 0 : r.nextInt(300))));
        }
        return cases;
    }

    private static String bytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return HEX.formatHex(b);
    }

    private static List<String> peer(List<Case> cases) throws Exception {
        Path prefix = NodePeer.install();
        Path input = prefix.resolve("rpc-envelope-cases.json");
        new ObjectMapper()
                .writeValue(
                        input.toFile(),
                        cases.stream()
                                .map(c -> Map.of(
                                        "method", c.method(),
                                        "promise", c.promise(),
                                        "target", c.target(),
                                        "cap", c.cap(),
                                        "payload", c.payload(),
                                        "status", c.status(),
                                        "body", c.body()))
                                .toList());
        Path script = Path.of(RpcEnvelopePeerTest.class
                .getResource("/peer/rpc-envelope-peer.mjs")
                .toURI());
        String out = NodePeer.node(script, List.of(prefix.toString(), input.toString()), 60);
        Files.deleteIfExists(input);
        return out.lines().toList();
    }
}
