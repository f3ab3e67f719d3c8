package dev.zapline.codec.eth.json;

import dev.zapline.codec.eth.EthSample;
import java.nio.charset.StandardCharsets;

/** The sample eth record in JSON and the server's compute over the JSON fields, shared by every JSON codec. */
public final class EthJson {

    /** The response's block hash as JSON carries it. */
    public static final String BLOCK_HASH = "0x" + EthSample.BLOCK_HASH_HEX;

    private EthJson() {}

    /** A fresh copy of the sample request, 103 bytes. */
    public static byte[] sampleRequest() {
        return request(EthSample.ID, EthSample.BLOCK, EthSample.METHOD, "0x" + EthSample.ACCOUNT_HEX);
    }

    /** A request in the canonical compact form (fields in schema order, numbers in decimal). Allocating. */
    public static byte[] request(long id, long block, String method, String account) {
        String json = "{\"id\":" + id + ",\"block\":" + block + ",\"method\":\"" + method + "\",\"account\":\""
                + account + "\"}";
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The server's compute: fills {@code resp} for {@code req} (id echoed, balance from DESIGN.md with the account
     * as carried, the 42-character string; nonce 42; the sample block hash) and returns it.
     */
    public static EthJsonResponse respond(EthJsonRequest req, EthJsonResponse resp) {
        String method = req.getMethod();
        String account = req.getAccount();
        int accountLength = account == null ? 0 : account.length();
        int account0 = accountLength == 0 ? 0 : account.charAt(0) & 0xFF;
        resp.setId(req.getId());
        int methodLength = method == null ? 0 : method.length();
        resp.setBalance(EthSample.balance(req.getBlock(), methodLength, accountLength, account0));
        resp.setNonce(EthSample.NONCE);
        resp.setBlockHash(BLOCK_HASH);
        return resp;
    }
}
