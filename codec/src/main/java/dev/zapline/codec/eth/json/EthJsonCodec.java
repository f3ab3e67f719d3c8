package dev.zapline.codec.eth.json;

/**
 * One JSON library's codec for the eth record, each by that library's idiomatic fast path, so the benchmarks and
 * {@code zapline bench} compare like with like.
 *
 * <pre>{@code
 * EthJsonCodec codec = new DslJsonEthCodec();          // one per thread
 * EthJsonResponse resp = new EthJsonResponse();        // reused
 * int n = codec.handle(request, request.length, resp, out);
 * }</pre>
 *
 * <p>Implementations hold reusable state (readers, writers, buffers): one instance per thread.
 */
public interface EthJsonCodec {

    /** Short name used in reports, e.g. {@code "jackson"}. */
    String name();

    /**
     * Decodes the request in {@code in[0, len)}. The result may be an instance the codec reuses: it is valid until
     * the next call.
     *
     * @throws IllegalArgumentException when the input is not a valid request
     */
    EthJsonRequest decodeRequest(byte[] in, int len);

    /**
     * Encodes {@code resp} into {@code out} from index 0 and returns the number of bytes written.
     *
     * @throws IllegalStateException when {@code out} is too small
     */
    int encodeResponse(EthJsonResponse resp, byte[] out);

    /** The whole server handler: decode, compute, encode into {@code out}; returns the response length. */
    default int handle(byte[] in, int len, EthJsonResponse resp, byte[] out) {
        return encodeResponse(EthJson.respond(decodeRequest(in, len), resp), out);
    }

    /** Every codec, fresh. */
    static EthJsonCodec[] all() {
        return new EthJsonCodec[] {new JacksonEthCodec(), new DslJsonEthCodec(), new Fastjson2EthCodec()};
    }

    /** The codec called {@code name}. @throws IllegalArgumentException for an unknown name */
    static EthJsonCodec named(String name) {
        return switch (name) {
            case "jackson" -> new JacksonEthCodec();
            case "dsljson" -> new DslJsonEthCodec();
            case "fastjson2" -> new Fastjson2EthCodec();
            default -> throw new IllegalArgumentException(
                    "unknown JSON codec '" + name + "' (jackson, dsljson, fastjson2)");
        };
    }
}
