package dev.zapline.codec.eth.json;

import com.alibaba.fastjson2.annotation.JSONType;
import com.dslplatform.json.CompiledJson;
import com.dslplatform.json.JsonAttribute;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The eth request as JSON carries it: {@code {"id":1,"block":68943,"method":"eth_getBalance","account":"0x…"}}
 * (103 bytes for the sample). The account stays the {@code 0x}-hex string: codecs are not charged for hex.
 *
 * <p>A mutable JavaBean so that every library binds it by its idiomatic path; the annotations only pin the field
 * order (and ask dsl-json for compile-time code). Not thread-safe.
 */
@CompiledJson(objectFormatPolicy = CompiledJson.ObjectFormatPolicy.FULL)
@JsonPropertyOrder({"id", "block", "method", "account"})
@JSONType(orders = {"id", "block", "method", "account"})
public final class EthJsonRequest {

    private long id;
    private long block;
    private String method;
    private String account;

    public EthJsonRequest() {}

    public EthJsonRequest(long id, long block, String method, String account) {
        this.id = id;
        this.block = block;
        this.method = method;
        this.account = account;
    }

    @JsonAttribute(index = 1)
    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    @JsonAttribute(index = 2)
    public long getBlock() {
        return block;
    }

    public void setBlock(long block) {
        this.block = block;
    }

    @JsonAttribute(index = 3)
    public String getMethod() {
        return method;
    }

    public void setMethod(String method) {
        this.method = method;
    }

    @JsonAttribute(index = 4)
    public String getAccount() {
        return account;
    }

    public void setAccount(String account) {
        this.account = account;
    }
}
