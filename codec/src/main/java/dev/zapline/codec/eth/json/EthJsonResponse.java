package dev.zapline.codec.eth.json;

import com.alibaba.fastjson2.annotation.JSONType;
import com.dslplatform.json.CompiledJson;
import com.dslplatform.json.JsonAttribute;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The eth response as JSON carries it: {@code {"id":1,"balance":…,"nonce":42,"blockHash":"0x…"}} (130 bytes for
 * the sample). A mutable JavaBean the handler refills per request. Not thread-safe.
 */
@CompiledJson(objectFormatPolicy = CompiledJson.ObjectFormatPolicy.FULL)
@JsonPropertyOrder({"id", "balance", "nonce", "blockHash"})
@JSONType(orders = {"id", "balance", "nonce", "blockHash"})
public final class EthJsonResponse {

    private long id;
    private long balance;
    private long nonce;
    private String blockHash;

    @JsonAttribute(index = 1)
    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    @JsonAttribute(index = 2)
    public long getBalance() {
        return balance;
    }

    public void setBalance(long balance) {
        this.balance = balance;
    }

    @JsonAttribute(index = 3)
    public long getNonce() {
        return nonce;
    }

    public void setNonce(long nonce) {
        this.nonce = nonce;
    }

    @JsonAttribute(index = 4)
    public String getBlockHash() {
        return blockHash;
    }

    public void setBlockHash(String blockHash) {
        this.blockHash = blockHash;
    }
}
