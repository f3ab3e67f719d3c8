package dev.zapline.cli.load;

import dev.zapline.client.ZapLoops;
import dev.zapline.gen.Schema;
import dev.zapline.gen.SchemaException;
import dev.zapline.gen.SchemaParser;
import dev.zapline.load.engine.RpcLoadClient;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The URL of {@code zapline load zaprpc://host:port/METHOD}: native ZAP RPC calls (docs/rpc.md) of one method, named
 * by its ordinal ({@code /1}) or as {@code Interface.method} of a {@code .zap} schema given with {@code --schema}.
 *
 * @param host host
 * @param port port
 * @param method the path's method: an ordinal or {@code Interface.method}
 */
public record RpcTarget(String url, String host, int port, String method) {

    /** The scheme, lower case. */
    public static final String SCHEME = "zaprpc";

    /** Whether {@code url} names a native RPC target (its scheme is {@code zaprpc}, in any case). */
    public static boolean isRpc(String url) {
        return url != null && url.regionMatches(true, 0, SCHEME + "://", 0, SCHEME.length() + 3);
    }

    /** @throws IllegalArgumentException naming what is wrong */
    public static RpcTarget parse(String url) {
        URI u;
        try {
            u = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("URL '" + url + "': " + e.getMessage());
        }
        if (u.getScheme() == null || !u.getScheme().toLowerCase(Locale.ROOT).equals(SCHEME)) {
            throw new IllegalArgumentException("URL '" + url + "' is not zaprpc://host:port/METHOD");
        }
        if (u.getHost() == null || u.getPort() < 0) {
            throw new IllegalArgumentException("URL '" + url + "': zaprpc:// needs host:port (TCP only)");
        }
        String path = u.getPath() == null ? "" : u.getPath();
        String method = path.startsWith("/") ? path.substring(1) : path;
        if (method.isEmpty() || method.contains("/") || u.getRawQuery() != null) {
            throw new IllegalArgumentException("URL '" + url + "': the path is the method, an ordinal (/1) or "
                    + "Interface.method with --schema, and nothing else");
        }
        return new RpcTarget(url, u.getHost(), u.getPort(), method);
    }

    /**
     * The method's ordinal: the path's number, or the ordinal {@code schema} gives {@code Interface.method}.
     *
     * @throws IllegalArgumentException for a name without a schema, a name the schema does not declare, a number
     *     outside u32
     */
    public long ordinal(Path schema) throws IOException {
        if (method.chars().allMatch(Character::isDigit)) {
            long n;
            try {
                n = Long.parseLong(method);
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 0 || n > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException("URL '" + url + "': method " + method + " is not a u32 ordinal");
            }
            return n;
        }
        int dot = method.indexOf('.');
        if (dot <= 0 || dot == method.length() - 1) {
            throw new IllegalArgumentException(
                    "URL '" + url + "': method '" + method + "' is neither an ordinal nor Interface.method");
        }
        if (schema == null) {
            throw new IllegalArgumentException("URL '" + url + "': method '" + method
                    + "' is a name: give the schema that declares it " + "(--schema FILE.zap), or its ordinal");
        }
        Schema s;
        try {
            s = SchemaParser.parse(schema.toString(), Files.readString(schema, StandardCharsets.UTF_8));
        } catch (SchemaException e) {
            throw new IllegalArgumentException("--schema " + schema + ": " + e.getMessage(), e);
        }
        String iface = method.substring(0, dot);
        String name = method.substring(dot + 1);
        List<String> known = new ArrayList<>();
        for (Schema.Interface i : s.interfaces()) {
            for (Schema.Method m : i.methods()) {
                if (i.name().equals(iface) && m.name().equals(name)) {
                    return m.ordinal();
                }
                known.add(i.name() + "." + m.name());
            }
        }
        throw new IllegalArgumentException("--schema " + schema + " declares no method " + method
                + (known.isEmpty() ? " (it has no interface)" : "; it has " + String.join(", ", known)));
    }

    /** The client calling method {@code ordinal} with {@code payload}, up to {@code depth} calls per connection. */
    public RpcLoadClient client(ZapLoops loops, long ordinal, byte[] payload, String nodeId, int depth) {
        return new RpcLoadClient(loops, host, port, ordinal, payload, nodeId, depth, url);
    }
}
