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
 * that answers {@code /rpc} runs the same handler ({@code EthRpc}); only the body's encoding differs. The TLS arms
 * ({@link #tls}) offer one key-exchange group, so the group is the arm's; their servers are shared (one zapline
 * server with HTTPS and ZAPS listeners for every zapline TLS arm, one nginx for both nginx TLS arms), so steady state
 * and handshakes, X25519 and the hybrid, are compared on the very same process.
 */
enum Arm {
    RAW_NETTY("raw-netty", Server.RAW, null, false, Body.NONE, null, Handshake.NONE),
    /** nginx with one worker answering any GET with 200 "ok"; run only where {@code nginx} is installed. */
    NGINX("nginx", Server.NGINX, null, false, Body.NONE, null, Handshake.NONE),
    HTTP_HEALTH("http-health", Server.ZAPLINE, "jackson", false, Body.NONE, null, Handshake.NONE),
    ZAP_HEALTH("zap-health", Server.ZAPLINE, "jackson", true, Body.NONE, null, Handshake.NONE),
    HTTP_RPC_JACKSON("http-rpc-jackson", Server.ZAPLINE, "jackson", false, Body.JSON, null, Handshake.NONE),
    HTTP_RPC_DSLJSON("http-rpc-dsljson", Server.ZAPLINE, "dsljson", false, Body.JSON, null, Handshake.NONE),
    HTTP_RPC_FASTJSON2("http-rpc-fastjson2", Server.ZAPLINE, "fastjson2", false, Body.JSON, null, Handshake.NONE),
    HTTP_RPC_ZAP("http-rpc-zap", Server.ZAPLINE, "jackson", false, Body.ZAP, null, Handshake.NONE),
    ZAP_RPC_ZAP("zap-rpc-zap", Server.ZAPLINE, "jackson", true, Body.ZAP, null, Handshake.NONE),
    /** The same eth call as native ZAP RPC (docs/rpc.md): method 1 of the RPC listener, the record as params. */
    RPC_NATIVE("rpc-native", Server.ZAPLINE, Body.ZAP),
    // HTTP/2 with prior knowledge (h2c) on the zapline server's HTTP/1.1 port; the set's depth is streams per
    // connection instead of requests pipelined.
    H2C_HEALTH("h2c-health", Server.ZAPLINE, "jackson", Body.NONE),
    H2C_RPC_ZAP("h2c-rpc-zap", Server.ZAPLINE, "jackson", Body.ZAP),
    /** nghttpd (nghttp2's server, one worker) serving /health as a file; run only where it is installed. */
    NGHTTPD("nghttpd", Server.NGHTTPD, null, Body.NONE),
    // The TLS set: keep-alive over TLS with each group, then a new connection (a handshake) per request.
    HTTPS_HEALTH_X25519(
            "https-health-x25519", Server.ZAPLINE_TLS, "jackson", false, Body.NONE, G.X25519, Handshake.NONE),
    HTTPS_HEALTH_MLKEM("https-health-mlkem", Server.ZAPLINE_TLS, "jackson", false, Body.NONE, G.MLKEM, Handshake.NONE),
    ZAPS_HEALTH_X25519("zaps-health-x25519", Server.ZAPLINE_TLS, "jackson", true, Body.NONE, G.X25519, Handshake.NONE),
    ZAPS_HEALTH_MLKEM("zaps-health-mlkem", Server.ZAPLINE_TLS, "jackson", true, Body.NONE, G.MLKEM, Handshake.NONE),
    /** nginx over TLS 1.3: its OpenSSL (Debian's 3.0) has no hybrid group, so X25519 only. */
    NGINX_HTTPS("nginx-https", Server.NGINX_TLS, null, false, Body.NONE, G.X25519, Handshake.NONE),
    HANDSHAKE_X25519("handshake-x25519", Server.ZAPLINE_TLS, "jackson", false, Body.NONE, G.X25519, Handshake.FULL),
    HANDSHAKE_MLKEM("handshake-mlkem", Server.ZAPLINE_TLS, "jackson", false, Body.NONE, G.MLKEM, Handshake.FULL),
    RESUMED_X25519("resumed-x25519", Server.ZAPLINE_TLS, "jackson", false, Body.NONE, G.X25519, Handshake.RESUMED),
    RESUMED_MLKEM("resumed-mlkem", Server.ZAPLINE_TLS, "jackson", false, Body.NONE, G.MLKEM, Handshake.RESUMED),
    NGINX_HANDSHAKE("nginx-handshake-x25519", Server.NGINX_TLS, null, false, Body.NONE, G.X25519, Handshake.FULL);

    /** The request body an arm sends. */
    enum Body {
        NONE,
        JSON,
        ZAP
    }

    /** The server an arm runs against; arms of a TLS kind share one process of it. */
    enum Server {
        RAW,
        NGINX,
        /** nghttpd, h2c only. */
        NGHTTPD,
        ZAPLINE,
        /** The demo app with HTTP, ZAP, HTTPS and ZAPS listeners and the run's certificate. */
        ZAPLINE_TLS,
        /** nginx with a plaintext and a TLS port and the run's certificate. */
        NGINX_TLS
    }

    /**
     * How often the arm's connections handshake: once each ({@code NONE}: keep-alive, the handshake is in the
     * warm-up), or once per request, with no session resumption ({@code FULL}) or resuming the previous session
     * from a ticket ({@code RESUMED}).
     */
    enum Handshake {
        NONE,
        FULL,
        RESUMED
    }

    /** The groups the TLS arms offer (a nested holder: enum constants cannot refer to the enum's own fields). */
    private static final class G {
        static final String X25519 = "X25519";
        static final String MLKEM = "X25519MLKEM768";
    }

    /** The arms {@code --arms default} names: the plaintext comparison. */
    static final String DEFAULT = "default";
    /** The arms {@code --arms tls} names: the TLS set, with the plaintext health arms it is compared with. */
    static final String TLS = "tls";

    final String label;
    final Server server;
    /** JSON codec of the zapline server; null for the baselines (raw Netty, nginx). */
    final String json;

    final boolean zap;
    final Body body;
    /** The only key-exchange group the loader offers, or null for a plaintext arm. */
    final String group;

    final Handshake handshake;
    /** Whether the arm speaks HTTP/2 (h2c with prior knowledge). */
    final boolean h2;
    /** Whether the arm calls the eth method over native ZAP RPC instead of sending a request to {@code /rpc}. */
    final boolean rpc;

    Arm(String label, Server server, String json, boolean zap, Body body, String group, Handshake handshake) {
        this(label, server, json, zap, body, group, handshake, false, false);
    }

    /** An h2c arm: plaintext, keep-alive. */
    Arm(String label, Server server, String json, Body body) {
        this(label, server, json, false, body, null, Handshake.NONE, true, false);
    }

    /** A native RPC arm: plaintext, keep-alive, not HTTP (so no wrk), against the demo with the jackson codec. */
    Arm(String label, Server server, Body body) {
        this(label, server, "jackson", true, body, null, Handshake.NONE, false, true);
    }

    Arm(
            String label,
            Server server,
            String json,
            boolean zap,
            Body body,
            String group,
            Handshake handshake,
            boolean h2,
            boolean rpc) {
        this.label = label;
        this.server = server;
        this.json = json;
        this.zap = zap;
        this.body = body;
        this.group = group;
        this.handshake = handshake;
        this.h2 = h2;
        this.rpc = rpc;
    }

    boolean tls() {
        return group != null;
    }

    /** Whether the arm measures handshakes: a new connection per request. It runs in the plain set only. */
    boolean handshakes() {
        return handshake != Handshake.NONE;
    }

    /** The key of the server process the arm runs against: its own, or its TLS kind's shared one. */
    String serverKey() {
        return server == Server.ZAPLINE_TLS || server == Server.NGINX_TLS ? server.name() : label;
    }

    boolean raw() {
        return server == Server.RAW;
    }

    boolean nginx() {
        return server == Server.NGINX || server == Server.NGINX_TLS;
    }

    boolean nghttpd() {
        return server == Server.NGHTTPD;
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
                EthCallReq.encode(b, EthSample.ID, EthSample.BLOCK, EthSample.METHOD, EthSample.account());
                yield b.toByteArray();
            }
        };
    }

    /** The arm's URL on a server with these ports; the eth call is method 1 of its RPC listener. */
    String url(String host, int httpPort, int zapPort, int httpsPort, int zapsPort, int rpcPort) {
        if (rpc) {
            return "zaprpc://" + host + ":" + rpcPort + "/1";
        }
        String scheme = h2 ? "h2c" : (zap ? "zap" : "http") + (tls() ? "s" : "");
        int port = tls() ? (zap ? zapsPort : httpsPort) : (zap ? zapPort : httpPort);
        return scheme + "://" + host + ":" + port + path();
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

    /**
     * Arms named in a comma-separated list, in the list's order; {@code default} names the plaintext comparison,
     * {@code tls} the TLS set (with {@code http-health} and {@code zap-health}, its plaintext references), {@code all}
     * every arm. An arm a group names again is left where it first came; one named twice by itself is an error.
     */
    static List<Arm> parse(String list) {
        List<Arm> out = new ArrayList<>();
        List<Arm> named = new ArrayList<>();
        for (String s : list.split(",")) {
            String w = s.strip().toLowerCase(Locale.ROOT);
            if (w.isEmpty()) {
                continue;
            }
            List<Arm> group = group(w);
            if (group != null) {
                for (Arm a : group) {
                    if (!out.contains(a)) {
                        out.add(a);
                    }
                }
                continue;
            }
            Arm a = named(w);
            if (named.contains(a)) {
                throw new IllegalArgumentException("arm '" + a.label + "' is listed twice");
            }
            named.add(a);
            if (!out.contains(a)) {
                out.add(a);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--arms names no arm");
        }
        return out;
    }

    /** The arms of a group name, or null when {@code w} is not one. */
    private static List<Arm> group(String w) {
        List<Arm> out = new ArrayList<>();
        switch (w) {
            case "all" -> out.addAll(List.of(values()));
            case DEFAULT -> {
                for (Arm a : values()) {
                    if (!a.tls()) {
                        out.add(a);
                    }
                }
            }
            case TLS -> {
                out.add(HTTP_HEALTH);
                out.add(ZAP_HEALTH);
                for (Arm a : values()) {
                    if (a.tls()) {
                        out.add(a);
                    }
                }
            }
            default -> {
                return null;
            }
        }
        return out;
    }
}
