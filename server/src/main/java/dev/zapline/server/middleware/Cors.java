package dev.zapline.server.middleware;

import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import dev.zapline.server.HeaderName;
import io.netty.util.concurrent.FastThreadLocal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * Cross-origin resource sharing (the Fetch standard's CORS protocol). A preflight ({@code OPTIONS} with
 * {@code Origin} and {@code Access-Control-Request-Method}) from an allowed origin is answered here with 204 and the
 * allowed methods, headers, credentials and max-age, without running the rest of the chain. Any other request from
 * an allowed origin gets {@code access-control-allow-origin} (and the exposed headers and credentials flag) on its
 * response, error responses included. A disallowed origin gets no {@code access-control-*} header, so the browser
 * withholds the response; its preflight goes on down the chain like any OPTIONS request.
 *
 * {@snippet class=dev.zapline.server.snippets.MiddlewareSnippets region=cors}
 *
 * <p>Origins match exactly, byte for byte, as browsers send them ({@code scheme://host[:port]}). With a list of
 * origins, or with credentials (which make {@code *} echo the request's origin), every response also carries
 * {@code vary: origin}, so a cache does not serve one origin's answer to another. Defaults: methods GET, HEAD, PUT,
 * PATCH, POST, DELETE; no extra request headers; no exposed headers; no credentials; no max-age.
 *
 * <p>Allocation-free per request. Immutable and thread-safe: each {@code allow…}/{@code maxAge} returns a new
 * instance.
 */
public final class Cors implements Handler {

    private static final HeaderName ORIGIN = HeaderName.of("origin");
    private static final HeaderName REQUEST_METHOD = HeaderName.of("access-control-request-method");
    private static final HeaderName ALLOW_ORIGIN = HeaderName.of("access-control-allow-origin");
    private static final HeaderName ALLOW_METHODS = HeaderName.of("access-control-allow-methods");
    private static final HeaderName ALLOW_HEADERS = HeaderName.of("access-control-allow-headers");
    private static final HeaderName ALLOW_CREDENTIALS = HeaderName.of("access-control-allow-credentials");
    private static final HeaderName EXPOSE_HEADERS = HeaderName.of("access-control-expose-headers");
    private static final HeaderName MAX_AGE = HeaderName.of("access-control-max-age");
    private static final HeaderName VARY = HeaderName.of("vary");
    private static final byte[] ANY = ascii("*");
    private static final byte[] TRUE = ascii("true");
    private static final byte[] ORIGIN_VALUE = ascii("origin");
    private static final byte[] EMPTY = new byte[0];
    /** Longer origins are refused; no browser sends one near this. */
    private static final int MAX_ORIGIN = 1024;

    private static final FastThreadLocal<byte[]> SCRATCH = new FastThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
            return new byte[MAX_ORIGIN];
        }
    };

    private final byte[][] origins;
    private final byte[] methods;
    private final byte[] headers;
    private final byte[] exposed;
    private final boolean credentials;
    private final byte[] maxAge;

    private Cors(byte[][] origins, byte[] methods, byte[] headers, byte[] exposed, boolean credentials, byte[] maxAge) {
        this.origins = origins;
        this.methods = methods;
        this.headers = headers;
        this.exposed = exposed;
        this.credentials = credentials;
        this.maxAge = maxAge;
    }

    /** Allows exactly these origins, e.g. {@code https://app.example:8443}. */
    public static Cors allowOrigins(String... origins) {
        if (origins.length == 0) {
            throw new IllegalArgumentException("no origin to allow; use allowAnyOrigin() for *");
        }
        byte[][] o = new byte[origins.length][];
        for (int i = 0; i < origins.length; i++) {
            if (origins[i].equals("*")) {
                throw new IllegalArgumentException("use allowAnyOrigin() for *");
            }
            if (origins[i].isEmpty()
                    || origins[i].length() > MAX_ORIGIN
                    || !origins[i].chars().allMatch(c -> c > 0x20 && c < 0x7F)) {
                throw new IllegalArgumentException("origin '" + origins[i] + "' is not a serialized origin");
            }
            o[i] = ascii(origins[i]);
        }
        return new Cors(o, ascii("GET, HEAD, PUT, PATCH, POST, DELETE"), null, null, false, null);
    }

    /** Allows every origin ({@code *}). */
    public static Cors allowAnyOrigin() {
        return new Cors(null, ascii("GET, HEAD, PUT, PATCH, POST, DELETE"), null, null, false, null);
    }

    /** The methods a preflight allows. */
    public Cors allowMethods(String... methods) {
        if (methods.length == 0) {
            throw new IllegalArgumentException("a preflight must allow at least one method");
        }
        return new Cors(origins, list(methods, false), headers, exposed, credentials, maxAge);
    }

    /** The request headers a preflight allows (beyond the CORS-safelisted ones). */
    public Cors allowHeaders(String... names) {
        return new Cors(origins, methods, list(names, true), exposed, credentials, maxAge);
    }

    /** Response headers the browser lets scripts read (beyond the CORS-safelisted ones). */
    public Cors exposeHeaders(String... names) {
        return new Cors(origins, methods, headers, list(names, true), credentials, maxAge);
    }

    /** Lets requests carry cookies and authorization; with any origin, the request's origin is echoed, not *. */
    public Cors allowCredentials() {
        return new Cors(origins, methods, headers, exposed, true, maxAge);
    }

    /** How long a browser may cache a preflight's answer (whole seconds). */
    public Cors maxAge(Duration age) {
        if (age.isNegative()) {
            throw new IllegalArgumentException("max-age " + age + " is negative");
        }
        return new Cors(origins, methods, headers, exposed, credentials, ascii(Long.toString(age.toSeconds())));
    }

    @Override
    public void handle(Ctx ctx) throws Exception {
        boolean varies = origins != null || credentials;
        if (varies) {
            ctx.header(VARY, ORIGIN_VALUE);
        }
        byte[] origin = SCRATCH.get();
        int n = ctx.copyHeader(ORIGIN, origin, 0);
        if (n >= 0 && n <= origin.length && allowed(origin, n)) {
            if (credentials || origins != null) {
                ctx.header(ALLOW_ORIGIN, origin, 0, n);
            } else {
                ctx.header(ALLOW_ORIGIN, ANY);
            }
            if (credentials) {
                ctx.header(ALLOW_CREDENTIALS, TRUE);
            }
            if (ctx.method().equals("OPTIONS") && ctx.hasHeader(REQUEST_METHOD)) {
                preflight(ctx);
                return;
            }
            if (exposed != null) {
                ctx.header(EXPOSE_HEADERS, exposed);
            }
        }
        ctx.pinHeaders();
        ctx.next();
    }

    private void preflight(Ctx ctx) {
        ctx.header(ALLOW_METHODS, methods);
        if (headers != null) {
            ctx.header(ALLOW_HEADERS, headers);
        }
        if (maxAge != null) {
            ctx.header(MAX_AGE, maxAge);
        }
        ctx.status(204).send(EMPTY);
    }

    private boolean allowed(byte[] origin, int length) {
        if (origins == null) {
            return true;
        }
        for (byte[] o : origins) {
            if (Arrays.equals(o, 0, o.length, origin, 0, length)) {
                return true;
            }
        }
        return false;
    }

    private static byte[] list(String[] items, boolean headerNames) {
        if (items.length == 0) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (String item : items) {
            HeaderName.of(item); // a method is a token too: refuses spaces, commas, CR and LF
            sb.append(sb.isEmpty() ? "" : ", ").append(headerNames ? item.toLowerCase(Locale.ROOT) : item);
        }
        return ascii(sb.toString());
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
