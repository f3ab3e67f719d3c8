package dev.zapline.cli.serve;

import dev.zapline.server.Ctx;
import dev.zapline.server.HeaderName;
import dev.zapline.server.HttpStatusException;
import dev.zapline.server.Routes;
import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocal;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.InstantSource;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small shop API for journeys to log in and act as a user: {@code POST /login}, {@code GET /accounts/:id},
 * {@code POST /orders} (docs/serve.md has the contract). Nothing is stored per user or per order: tokens are
 * self-contained and signed ({@link ShopTokens}), balances are computed from the account id, order ids come from a
 * counter. The handlers run on the event loop and, once warm, allocate nothing for a request that succeeds: bodies
 * are read by {@link JsonFields} and answers written into arrays kept per event loop.
 */
public final class ShopApi {

    /** The password the API accepts for user {@code u}: {@code "secret-" + u}. */
    public static final String PASSWORD_PREFIX = "secret-";

    static final int MAX_BODY = 4096;
    static final int MAX_USER = 64;
    static final int MAX_ITEM = 200;
    static final int MAX_QUANTITY = 1000;
    static final int ACCOUNTS = 1_000_000;

    private static final HeaderName CONTENT_TYPE = HeaderName.of("content-type");
    private static final HeaderName AUTHORIZATION = HeaderName.of("authorization");
    private static final HeaderName WWW_AUTHENTICATE = HeaderName.of("www-authenticate");
    private static final byte[] APPLICATION_JSON = ascii("application/json");
    private static final byte[] CHALLENGE = ascii("Bearer realm=\"shop\"");
    private static final byte[] CHALLENGE_INVALID = ascii("Bearer realm=\"shop\", error=\"invalid_token\"");
    private static final byte[] PREFIX = ascii(PASSWORD_PREFIX);
    private static final byte[] BEARER = ascii("bearer");

    private static final byte[] TOKEN_OPEN = ascii("{\"token\":\"");
    private static final byte[] ACCOUNT_FIELD = ascii("\",\"account\":");
    private static final byte[] EXPIRES_FIELD = ascii(",\"expiresIn\":" + ShopTokens.LIFETIME.toSeconds() + "}");
    private static final byte[] ID_OPEN = ascii("{\"id\":");
    private static final byte[] BALANCE_FIELD = ascii(",\"balance\":");
    private static final byte[] ORDER_OPEN = ascii("{\"id\":\"ord-");
    private static final byte[] ITEM_FIELD = ascii(",\"item\":\"");
    private static final byte[] QUANTITY_FIELD = ascii("\",\"quantity\":");

    // Shared, stack-less exceptions: throwing one allocates nothing (the error page it renders does).
    private static final HttpStatusException NO_TOKEN =
            new HttpStatusException.Unauthorized("an Authorization: Bearer token is required (POST /login)");
    private static final HttpStatusException BAD_TOKEN =
            new HttpStatusException.Unauthorized("the bearer token is not valid");
    private static final HttpStatusException OLD_TOKEN =
            new HttpStatusException.Unauthorized("the bearer token has expired (POST /login again)");
    private static final HttpStatusException BAD_LOGIN = new HttpStatusException.Unauthorized("wrong user or password");
    private static final HttpStatusException NOT_YOURS =
            new HttpStatusException.Forbidden("the token is for another account");
    private static final HttpStatusException BAD_ID =
            new HttpStatusException.BadRequest("the account id must be a number");

    /** What each event loop reuses for every request. */
    private static final class State {
        final ShopTokens tokens;
        final JsonFields login = new JsonFields("user", "password");
        final JsonFields order = new JsonFields("item", "quantity");
        final byte[] in = new byte[MAX_BODY];
        final byte[] out = new byte[1024];
        final byte[] user = new byte[MAX_USER];
        final byte[] password = new byte[MAX_USER + PREFIX.length];
        final byte[] auth = new byte[128];
        final StringBuilder path = new StringBuilder(64);

        State(byte[] key) {
            tokens = new ShopTokens(key);
        }
    }

    private final InstantSource clock;
    private final byte[] key;
    private final AtomicLong orders = new AtomicLong();
    private final FastThreadLocal<State> state = new FastThreadLocal<>() {
        @Override
        protected State initialValue() {
            return new State(key);
        }
    };

    private ShopApi(InstantSource clock, byte[] key) {
        this.clock = clock;
        this.key = key.clone();
    }

    /** The API with the system clock and a random 32-byte key (tokens die with the process). */
    public static ShopApi create() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return new ShopApi(InstantSource.system(), key);
    }

    /** The API reading the time from {@code clock} (tests move it past tokens' expiry), signing with {@code key}. */
    static ShopApi create(InstantSource clock, byte[] key) {
        return new ShopApi(clock, key);
    }

    /** Registers the three routes on {@code routes} (an app or a group); returns it. */
    public <T extends Routes<T>> T routes(T routes) {
        return routes.post("/login", this::login)
                .get("/accounts/:id", this::account)
                .post("/orders", this::order);
    }

    /** The account id of {@code user}: FNV-1a (32-bit) of its UTF-8 bytes, unsigned, mod 1,000,000. */
    public static int accountId(String user) {
        byte[] b = user.getBytes(StandardCharsets.UTF_8);
        return accountId(b, b.length);
    }

    static int accountId(byte[] utf8, int length) {
        int h = 0x811C9DC5;
        for (int i = 0; i < length; i++) {
            h = (h ^ (utf8[i] & 0xFF)) * 0x01000193;
        }
        return (int) (Integer.toUnsignedLong(h) % ACCOUNTS);
    }

    /** The balance of {@code account} in cents: a fixed scramble of the id, 0 to 999,999. */
    static long balanceCents(long account) {
        long h = (account + 1) * 0x9E3779B97F4A7C15L;
        return Long.remainderUnsigned(h ^ h >>> 29, ACCOUNTS);
    }

    private void login(Ctx ctx) {
        State s = state.get();
        JsonFields f = s.login;
        readJson(ctx, s, f);
        if (f.kind(0) != JsonFields.STRING || f.kind(1) != JsonFields.STRING) {
            throw new HttpStatusException.BadRequest("the body needs \"user\" and \"password\" strings");
        }
        int u = JsonText.unescape(s.in, f.start(0), f.end(0), s.user);
        if (u <= 0) {
            throw new HttpStatusException.BadRequest("\"user\" must be 1 to " + MAX_USER + " bytes of UTF-8");
        }
        int p = JsonText.unescape(s.in, f.start(1), f.end(1), s.password);
        if (p != PREFIX.length + u
                || !Arrays.equals(s.password, 0, PREFIX.length, PREFIX, 0, PREFIX.length)
                || !Arrays.equals(s.password, PREFIX.length, p, s.user, 0, u)) {
            throw challenge(ctx, CHALLENGE, BAD_LOGIN);
        }
        int account = accountId(s.user, u);
        byte[] o = s.out;
        int n = put(o, 0, TOKEN_OPEN);
        n += s.tokens.issue(account, clock.millis() + ShopTokens.LIFETIME.toMillis(), o, n);
        n = put(o, n, ACCOUNT_FIELD);
        n = putDecimal(o, n, account);
        n = put(o, n, EXPIRES_FIELD);
        ctx.header(CONTENT_TYPE, APPLICATION_JSON).send(o, 0, n);
    }

    private void account(Ctx ctx) {
        State s = state.get();
        long account = authenticate(ctx, s);
        long id = pathId(ctx, s);
        if (id != account) {
            throw NOT_YOURS;
        }
        long cents = balanceCents(account);
        byte[] o = s.out;
        int n = put(o, 0, ID_OPEN);
        n = putDecimal(o, n, account);
        n = put(o, n, BALANCE_FIELD);
        n = putDecimal(o, n, cents / 100);
        o[n++] = '.';
        o[n++] = (byte) ('0' + cents / 10 % 10);
        o[n++] = (byte) ('0' + cents % 10);
        o[n++] = '}';
        ctx.header(CONTENT_TYPE, APPLICATION_JSON).send(o, 0, n);
    }

    private void order(Ctx ctx) {
        State s = state.get();
        long account = authenticate(ctx, s);
        JsonFields f = s.order;
        readJson(ctx, s, f);
        int itemLength = f.end(0) - f.start(0);
        if (f.kind(0) != JsonFields.STRING || itemLength == 0 || itemLength > MAX_ITEM) {
            throw new HttpStatusException.BadRequest("\"item\" must be a string of 1 to " + MAX_ITEM + " bytes");
        }
        long quantity = f.kind(1) == JsonFields.NUMBER ? integer(s.in, f.start(1), f.end(1)) : -1;
        if (quantity < 1 || quantity > MAX_QUANTITY) {
            throw new HttpStatusException.BadRequest("\"quantity\" must be an integer from 1 to " + MAX_QUANTITY);
        }
        byte[] o = s.out;
        int n = put(o, 0, ORDER_OPEN);
        n = putDecimal(o, n, orders.incrementAndGet());
        n = put(o, n, ACCOUNT_FIELD);
        n = putDecimal(o, n, account);
        n = put(o, n, ITEM_FIELD);
        System.arraycopy(s.in, f.start(0), o, n, itemLength);
        n += itemLength;
        n = put(o, n, QUANTITY_FIELD);
        n = putDecimal(o, n, quantity);
        o[n++] = '}';
        ctx.status(201).header(CONTENT_TYPE, APPLICATION_JSON).send(o, 0, n);
    }

    /** Copies the body into {@code s.in} and parses it with {@code f}; 413 when too long, 400 when not an object. */
    private static void readJson(Ctx ctx, State s, JsonFields f) {
        ByteBuf body = ctx.body();
        int n = body.readableBytes();
        if (n > MAX_BODY) {
            throw new HttpStatusException.PayloadTooLarge("the body is over " + MAX_BODY + " bytes");
        }
        body.getBytes(body.readerIndex(), s.in, 0, n);
        int bad = f.parse(s.in, n);
        if (bad >= 0) {
            throw new HttpStatusException.BadRequest("the body is not a JSON object (at byte " + bad + ")");
        }
    }

    /** The account of the request's valid bearer token; 401 (with a Bearer challenge) without one. */
    private long authenticate(Ctx ctx, State s) {
        byte[] a = s.auth;
        int n = ctx.copyHeader(AUTHORIZATION, a, 0);
        if (n < 0) {
            throw challenge(ctx, CHALLENGE, NO_TOKEN);
        }
        int i = BEARER.length;
        if (n > a.length || n <= i || !bearer(a) || a[i] != ' ') {
            throw challenge(ctx, CHALLENGE_INVALID, BAD_TOKEN);
        }
        while (i < n && a[i] == ' ') {
            i++;
        }
        long account = s.tokens.verify(a, i, n - i, clock.millis());
        if (account < 0) {
            throw challenge(ctx, CHALLENGE_INVALID, account == ShopTokens.EXPIRED ? OLD_TOKEN : BAD_TOKEN);
        }
        return account;
    }

    /** Whether {@code a} starts with the scheme name {@code Bearer}, in any case. */
    private static boolean bearer(byte[] a) {
        for (int i = 0; i < BEARER.length; i++) {
            if ((a[i] | 0x20) != BEARER[i]) {
                return false;
            }
        }
        return true;
    }

    /** Sets the WWW-Authenticate challenge so the 401 rendered for {@code error} keeps it; returns {@code error}. */
    private static HttpStatusException challenge(Ctx ctx, byte[] value, HttpStatusException error) {
        ctx.header(WWW_AUTHENTICATE, value).pinHeaders();
        return error;
    }

    /** The {@code :id} of {@code /accounts/:id}: its digits read from the path, or the decoded parameter if escaped. */
    private static long pathId(Ctx ctx, State s) {
        StringBuilder p = s.path;
        p.setLength(0);
        ctx.appendPath(p);
        int from = p.lastIndexOf("/") + 1;
        for (int i = from; i < p.length(); i++) {
            if (p.charAt(i) == '%') {
                p.setLength(0);
                p.append(ctx.pathParam("id"));
                from = 0;
                break;
            }
        }
        int to = p.length();
        if (from == to) {
            throw BAD_ID;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = p.charAt(i);
            if (c < '0' || c > '9') {
                throw BAD_ID;
            }
            v = Math.min(v * 10 + (c - '0'), Integer.MAX_VALUE);
        }
        return v;
    }

    /** The JSON number {@code b[from, to)} as a long when it is an integer of at most 9 digits, else -1. */
    static long integer(byte[] b, int from, int to) {
        if (to - from > 9) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            int c = b[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static int put(byte[] dst, int at, byte[] src) {
        System.arraycopy(src, 0, dst, at, src.length);
        return at + src.length;
    }

    /** Writes {@code v} (not negative) in decimal at {@code dst[at]}; returns the index after it. */
    static int putDecimal(byte[] dst, int at, long v) {
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) {
            digits++;
        }
        for (int i = at + digits - 1; i >= at; i--, v /= 10) {
            dst[i] = (byte) ('0' + v % 10);
        }
        return at + digits;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
