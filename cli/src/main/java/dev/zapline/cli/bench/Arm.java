package dev.zapline.cli.bench;

import dev.zapline.fixtures.eth.EthCallReq;
import dev.zapline.fixtures.eth.EthSample;
import dev.zapline.fixtures.eth.json.EthJson;
import dev.zapline.wire.ZapBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One column of the comparison: which server runs, over which transport, and the request it is sent. Every arm
 * that answers {@code /rpc} runs the same handler ({@code EthRpc}); only the body's encoding differs.
 */
enum Arm {
    RAW_NETTY("raw-netty", null, false, Body.NONE),
    /** nginx with one worker answering any GET with 200 "ok"; run only where {@code nginx} is on the PATH. */
    NGINX("nginx", null, false, Body.NONE),
    HTTP_HEALTH("http-health", "jackson", false, Body.NONE),
    ZAP_HEALTH("zap-health", "jackson", true, Body.NONE),
    HTTP_RPC_JACKSON("http-rpc-jackson", "jackson", false, Body.JSON),
    HTTP_RPC_DSLJSON("http-rpc-dsljson", "dsljson", false, Body.JSON),
    HTTP_RPC_FASTJSON2("http-rpc-fastjson2", "fastjson2", false, Body.JSON),
    HTTP_RPC_ZAP("http-rpc-zap", "jackson", false, Body.ZAP),
    ZAP_RPC_ZAP("zap-rpc-zap", "jackson", true, Body.ZAP);

    /** The request body an arm sends. */
    enum Body {
        NONE,
        JSON,
        ZAP
    }

    final String label;
    /** JSON codec of the zapline server; null for the baselines (raw Netty, nginx). */
    final String json;

    final boolean zap;
    final Body body;

    Arm(String label, String json, boolean zap, Body body) {
        this.label = label;
        this.json = json;
        this.zap = zap;
        this.body = body;
    }

    boolean raw() {
        return this == RAW_NETTY;
    }

    boolean nginx() {
        return this == NGINX;
    }

    String method() {
        return body == Body.NONE ? "GET" : "POST";
    }

    String path() {
        return body == Body.NONE ? "/health" : "/rpc";
    }

    /** The content type of the body, or null. */
    String contentType() {
        return switch (body) {
            case NONE -> null;
            case JSON -> "application/json";
            case ZAP -> "application/zap";
        };
    }

    byte[] bodyBytes() {
        return switch (body) {
            case NONE -> new byte[0];
            case JSON -> EthJson.sampleRequest();
            case ZAP -> {
                ZapBuilder b = new ZapBuilder();
                EthCallReq.encode(b, EthSample.ID, EthSample.BLOCK, EthSample.method(), EthSample.account());
                yield b.toByteArray();
            }
        };
    }

    String url(String host, int httpPort, int zapPort) {
        return (zap ? "zap://" + host + ":" + zapPort : "http://" + host + ":" + httpPort) + path();
    }

    static Arm named(String label) {
        for (Arm a : values()) {
            if (a.label.equals(label.strip().toLowerCase(Locale.ROOT))) {
                return a;
            }
        }
        List<String> all = new ArrayList<>();
        for (Arm a : values()) {
            all.add(a.label);
        }
        throw new IllegalArgumentException("no arm '" + label + "'; arms: " + String.join(", ", all));
    }

    /** Arms named in a comma-separated list, in the list's order, or all of them for "all". */
    static List<Arm> parse(String list) {
        List<Arm> out = new ArrayList<>();
        if (list.strip().equals("all")) {
            return List.of(values());
        }
        for (String s : list.split(",")) {
            if (s.isBlank()) {
                continue;
            }
            Arm a = named(s);
            if (out.contains(a)) {
                throw new IllegalArgumentException("arm '" + a.label + "' is listed twice");
            }
            out.add(a);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--arms names no arm");
        }
        return out;
    }
}
