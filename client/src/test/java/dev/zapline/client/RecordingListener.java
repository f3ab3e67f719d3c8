package dev.zapline.client;

import dev.zapline.codec.zaphttp.ZapHttpChunk;
import dev.zapline.codec.zaphttp.ZapHttpResponse;
import dev.zapline.wire.ZapSlice;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records what a {@link ZapChannel} delivers, as text lines, for tests that look at order and outcomes. */
final class RecordingListener implements ZapListener {

    final List<String> events = new CopyOnWriteArrayList<>();
    volatile String closed;
    /** Read batches ended, and how many events had been recorded at the last one's end. */
    volatile int readCompletes;

    volatile int eventsAtReadComplete;
    private final ZapSlice slice = new ZapSlice();

    @Override
    public void onResponse(long tag, ZapHttpResponse response) {
        events.add(tag + " " + response.status() + " " + response.body(slice).asString());
    }

    @Override
    public void onStreamHead(long tag, ZapHttpResponse head) {
        events.add(tag + " head " + head.status());
    }

    @Override
    public void onStreamData(long tag, ZapHttpChunk chunk) {
        events.add(tag + " data " + chunk.data(slice).asString());
    }

    @Override
    public void onStreamEnd(long tag, ZapHttpChunk end) {
        events.add(tag + " end");
    }

    @Override
    public void onReadComplete() {
        readCompletes++;
        eventsAtReadComplete = events.size();
    }

    @Override
    public void onFailure(long tag, ZapOutcome outcome) {
        events.add(tag + " " + outcome);
    }

    @Override
    public void onClosed(ZapOutcome reason, String detail) {
        closed = reason + ": " + detail;
    }
}
