package dev.zapline.codec.snippets;

import dev.zapline.codec.rpc.Rpc;
import dev.zapline.codec.rpc.RpcFrames;
import dev.zapline.codec.rpc.RpcRequestView;
import io.netty.buffer.ByteBuf;

/** Examples for {@code dev.zapline.codec.rpc}. */
final class RpcSnippets {

    private static void dispatch(long method) {}

    void requestView(ByteBuf frame, int envelopeIndex, int envelopeLength) {
        // @start region="requestView"
        RpcRequestView call = new RpcRequestView(); // one per connection
        call.wrap(frame, envelopeIndex, envelopeLength); // ZapFormatException: answer 400
        dispatch(call.method());
        // @end
    }

    void response(ByteBuf out, int reqId, int promiseId, byte[] body) {
        // @start region="response"
        int mark = RpcFrames.startResponse(out, reqId, promiseId); // frame prefix, header, fixed section
        out.writeBytes(body); // the body, written in place by whoever has it
        RpcFrames.finishResponse(out, mark, Rpc.STATUS_OK); // lengths, size and status patched
        // @end
    }
}
