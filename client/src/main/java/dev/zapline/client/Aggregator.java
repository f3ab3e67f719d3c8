package dev.zapline.client;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Collects a (possibly streamed) response into one {@link ZapResponse} and completes a future with it. */
final class Aggregator implements StreamListener {

    final CompletableFuture<ZapResponse> future = new CompletableFuture<>();
    private ZapResponse head;
    private ByteArrayOutputStream body;

    @Override
    public void onHead(ZapResponse head) {
        this.head = head;
    }

    @Override
    public void onData(byte[] data) {
        if (body == null) {
            body = new ByteArrayOutputStream(Math.max(256, head.bodyLength() + data.length));
            body.writeBytes(head.body());
        }
        body.writeBytes(data);
    }

    @Override
    public void onEnd(List<ZapHeader> trailers) {
        if (body == null && trailers.equals(head.trailers())) {
            future.complete(head);
        } else {
            future.complete(head.with(body == null ? head.body() : body.toByteArray(), trailers));
        }
    }

    @Override
    public void onError(ZapException error) {
        future.completeExceptionally(error);
    }
}
