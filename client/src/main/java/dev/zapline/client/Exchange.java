package dev.zapline.client;

import java.util.List;

/**
 * One request of a {@link ZapClient} from send to its end: the frame, where its response goes, its deadline.
 * Touched only on its connection's event loop; {@link #done} turns true once, when the sink has heard the end,
 * an error or the timeout (after which a late response is dropped and counted).
 */
final class Exchange {

    private static final System.Logger LOG = System.getLogger("dev.zapline.client");

    final ZapRequest request;
    final StreamListener sink;
    final long deadline;
    final long timeoutNanos;
    long tag;
    boolean done;
    boolean timedOut;

    Exchange(ZapRequest request, StreamListener sink, long deadline, long timeoutNanos) {
        this.request = request;
        this.sink = sink;
        this.deadline = deadline;
        this.timeoutNanos = timeoutNanos;
    }

    void head(ZapResponse head) {
        try {
            sink.onHead(head);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "stream listener failed on the head of " + request, e);
        }
    }

    void data(byte[] data) {
        try {
            sink.onData(data);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "stream listener failed on data of " + request, e);
        }
    }

    void end(List<ZapHeader> trailers) {
        done = true;
        try {
            sink.onEnd(trailers);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "stream listener failed on the end of " + request, e);
        }
    }

    void error(ZapException error) {
        done = true;
        try {
            sink.onError(error);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "stream listener failed on an error of " + request, e);
        }
    }

    ZapTimeoutException timeout() {
        return new ZapTimeoutException("no response to " + request.method() + " " + request.target() + " within "
                + timeoutNanos / 1_000_000 + " ms");
    }
}
