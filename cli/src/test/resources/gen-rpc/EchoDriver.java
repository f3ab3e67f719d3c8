package dev.zapline.cli.genrpc;

import dev.zapline.client.rpc.RpcClient;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

/**
 * Keeps {@link #BATCH} echo calls of the generated client in flight from the connection's event loop, written from
 * fields (no builder), until a count of answers (compiled in-test; GenRpcAllocationTest measures the loops).
 * {@link #getAsLong} is the answers that came back as expected.
 */
public final class EchoDriver implements IntConsumer, LongSupplier, Runnable, EchoClient.Answer<Note> {

    private static final int BATCH = 16;
    private static final byte[] TAG = {1, 2, 3, 4};
    private static final byte[] DATA = new byte[24];
    private static final String TEXT = "a warmed call";

    private final RpcClient rpc;
    private final EchoClient client;
    private volatile long target;
    private volatile CountDownLatch done;
    private long answers;
    private long seq;
    private volatile long ok;

    public EchoDriver(RpcClient rpc) {
        this.rpc = rpc;
        this.client = EchoRpc.client(rpc);
    }

    /** Makes {@code n} calls more and waits for their answers. */
    @Override
    public void accept(int n) {
        done = new CountDownLatch(1);
        target = answers + n;
        rpc.eventLoop().execute(this);
        try {
            if (!done.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("no " + n + " answers within a minute");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void run() {
        for (int i = 0; i < BATCH; i++) {
            client.echo(++seq, true, 5, 0.5, TAG, TEXT, DATA, this);
        }
    }

    @Override
    public void answered(int callId, Note answer) {
        if (answer.level() == -5 && !answer.flag() && answer.blobLength() == DATA.length && answer.seq() > 1) {
            ok++;
        }
        next();
    }

    @Override
    public void failed(int callId, int status, String message) {
        next();
    }

    private void next() {
        answers++;
        if (answers % BATCH == 0) {
            if (answers < target) {
                run();
            } else {
                done.countDown();
            }
        }
    }

    @Override
    public long getAsLong() {
        return ok;
    }
}
