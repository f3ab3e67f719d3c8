package dev.zapline.cli.genrpc;

import dev.zapline.client.rpc.RpcClient;
import dev.zapline.wire.ZapBuilder;
import dev.zapline.wire.ZapSlice;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Calls every method of the generated {@code EchoClient} over {@code EchoRpc.client}, one after the other, and
 * describes each answer as a line (compiled in-test with the generated code; GenRpcClientTest checks the lines).
 */
public final class EchoCalls implements Function<RpcClient, List<String>> {

    private static final HexFormat HEX = HexFormat.of();

    @Override
    public List<String> apply(RpcClient rpc) {
        EchoClient client = EchoRpc.client(rpc);
        byte[] tag = {1, 2, 3, 4};
        byte[] data = {9, 8, 7};
        List<String> lines = new ArrayList<>();
        lines.add(await(a -> client.echo(7, true, 12, 1.5, tag, "héllo", data, a), EchoCalls::note));
        ZapBuilder b = new ZapBuilder();
        Note.encode(b, -1L, false, Integer.MIN_VALUE, -0.25, new byte[4], "", new byte[0]);
        lines.add(await(a -> client.echo(b, a), EchoCalls::note));
        lines.add("tell " + (client.tell(3, true, 0, 0, tag, "x", data) > 0));
        lines.add(await(client::count, c -> "count " + c.heard()));
        lines.add(await(client::forget, v -> "forget " + v));
        lines.add(await(client::count, c -> "count " + c.heard()));
        lines.add(await(a -> client.echo(1, false, 0, 0, tag, "boom", data, a), EchoCalls::note));
        return lines;
    }

    private static String note(Note n) {
        ZapSlice s = new ZapSlice();
        return "echo seq=" + n.seq() + " flag=" + n.flag() + " level=" + n.level() + " ratio=" + n.ratio() + " tag="
                + HEX.formatHex(n.tag(s).toByteArray()) + " label=" + n.labelAsString() + " blob="
                + HEX.formatHex(n.blob(s).toByteArray());
    }

    private interface Call<T> {
        int start(EchoClient.Answer<T> answer);
    }

    /** Makes one call and waits for its answer, described by {@code describe} on the event loop. */
    private static <T> String await(Call<T> call, Function<T, String> describe) {
        CompletableFuture<String> done = new CompletableFuture<>();
        CompletableFuture<Integer> answeredId = new CompletableFuture<>();
        int id = call.start(new EchoClient.Answer<T>() {
            @Override
            public void answered(int callId, T answer) {
                answeredId.complete(callId);
                done.complete(describe.apply(answer));
            }

            @Override
            public void failed(int callId, int status, String message) {
                answeredId.complete(callId);
                done.complete("failed " + status + " " + message);
            }
        });
        try {
            String line = done.get(10, TimeUnit.SECONDS);
            return answeredId.get() == id ? line : "answered call " + answeredId.get() + ", not " + id;
        } catch (Exception e) {
            throw new IllegalStateException("no answer to call " + id, e);
        }
    }
}
