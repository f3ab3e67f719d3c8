package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.client.ZapAddress;
import dev.zapline.client.ZapLoops;
import dev.zapline.client.rpc.RpcClient;
import dev.zapline.client.rpc.RpcResponseListener;
import dev.zapline.codec.rpc.RpcResponseView;
import dev.zapline.fixtures.eth.EthCallReq;
import dev.zapline.fixtures.eth.EthCallResp;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.wire.ZapMessage;
import io.netty.buffer.Unpooled;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code zapline serve --rpc} from the packaged jar: the eth call as native RPC method 1, then a clean stop. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServeRpcIT {

    @Test
    void serveAnswersTheEthCallOverNativeRpcAndExitsZeroOnSigterm() throws Exception {
        Process p = ShadedJarIT.java("serve", "--rpc", "127.0.0.1:0").start();
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            int port = ShadedJarIT.awaitListening(in, "listening on rpc 127\\.0\\.0\\.1:(\\d+)")
                    .port();
            byte[] req = new byte[EthCallReq.messageSize(EthSample.METHOD, EthSample.account())];
            int n = EthCallReq.write(req, 0, 77, EthSample.BLOCK, EthSample.METHOD, EthSample.account());
            CompletableFuture<byte[]> answer = new CompletableFuture<>();
            try (ZapLoops loops = ZapLoops.create(1, false);
                    RpcClient client =
                            RpcClient.connect(loops, ZapAddress.tcp("127.0.0.1", port), "it", Duration.ofSeconds(5))) {
                assertThat(client.peerId()).isEqualTo("zapline");
                client.call(1, 0, Unpooled.wrappedBuffer(req, 0, n), new RpcResponseListener() {
                    @Override
                    public void onResponse(int reqId, RpcResponseView r) {
                        byte[] body = new byte[r.bodyLength()];
                        r.buffer().getBytes(r.bodyIndex(), body);
                        answer.complete(r.status() == 200 ? body : null);
                    }

                    @Override
                    public void onClosed(int reqId) {
                        answer.completeExceptionally(new IllegalStateException("closed"));
                    }
                });
                byte[] body = answer.get(10, TimeUnit.SECONDS);
                assertThat(body).as("status 200").isNotNull();
                EthCallResp resp = new EthCallResp().wrap(new ZapMessage().wrap(body));
                assertThat(resp.id()).isEqualTo(77);
                assertThat(resp.nonce()).isEqualTo(EthSample.NONCE);
            }
            p.toHandle().destroy();
            assertThat(p.waitFor(20, TimeUnit.SECONDS))
                    .as("serve stops on SIGTERM")
                    .isTrue();
            StringBuilder rest = new StringBuilder();
            for (String line; (line = in.readLine()) != null; ) {
                rest.append(line).append('\n');
            }
            assertThat(p.exitValue()).as("exit status; output:%n%s", rest).isZero();
            assertThat(rest).contains("stopped");
        } finally {
            p.destroyForcibly();
        }
    }
}
