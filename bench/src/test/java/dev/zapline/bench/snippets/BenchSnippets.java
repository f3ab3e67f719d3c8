package dev.zapline.bench.snippets;

import dev.zapline.bench.fixtures.eth.ZapEthCodec;

/** Examples for the benchmark codecs. */
final class BenchSnippets {

    int zapEthCodec(byte[] request, byte[] out) {
        // @start region="zapEthCodec"
        ZapEthCodec zap = new ZapEthCodec(); // one per thread
        int n = zap.handle(request, request.length, out); // the response's size, written into out
        // @end
        return n;
    }
}
