package dev.zapline.server.middleware;

import dev.zapline.server.Ctx;
import dev.zapline.server.Handler;
import dev.zapline.server.HttpStatusException;
import java.util.Arrays;

/**
 * Maps exception types to responses ahead of the server's default (an {@link HttpStatusException} keeps its status,
 * anything else is a 500 whose details stay in the log). Mappings are tried in the order added, like catch
 * clauses; the first whose type matches wins, and a mapping shadowed by an earlier supertype is refused.
 *
 * {@snippet class=dev.zapline.server.snippets.MiddlewareSnippets region=recover}
 *
 * <p>A status mapping becomes an {@link HttpStatusException}, rendered as problem+json where every error is. An
 * {@link HttpStatusException} passes through unless its own type (or a subtype) is mapped, so a mapping for
 * {@code RuntimeException} does not swallow the 404s and 413s thrown by handlers and other middleware. Only
 * exceptions thrown through the chain below this middleware are seen: failures while completing a hand-off, and
 * errors after the response started, go to the default. The connection's other requests are not affected.
 *
 * <p>Immutable and thread-safe: each {@code orMap}/{@code orOn} returns a new instance.
 */
public final class Recover implements Handler {

    /** Answers a request that failed with {@code error}; the response headers set before the failure are cleared. */
    @FunctionalInterface
    public interface ErrorResponder<E extends Throwable> {

        void respond(Ctx ctx, E error) throws Exception;
    }

    private record Mapping(
            Class<? extends Throwable> type, int status, String detail, ErrorResponder<Throwable> responder) {}

    private final Mapping[] mappings;

    private Recover(Mapping[] mappings) {
        this.mappings = mappings;
    }

    /** Answers {@code type} with {@code status} (400..599); the problem's detail is the exception's message. */
    public static Recover map(Class<? extends Throwable> type, int status) {
        return new Recover(new Mapping[0]).orMap(type, status);
    }

    /** Answers {@code type} with {@code status} (400..599) and a fixed {@code detail}. */
    public static Recover map(Class<? extends Throwable> type, int status, String detail) {
        return new Recover(new Mapping[0]).orMap(type, status, detail);
    }

    /** Answers {@code type} with {@code responder}, which must send a response. */
    public static <E extends Throwable> Recover on(Class<E> type, ErrorResponder<? super E> responder) {
        return new Recover(new Mapping[0]).orOn(type, responder);
    }

    /** This, then {@code type} answered with {@code status}, the detail being the exception's message. */
    public Recover orMap(Class<? extends Throwable> type, int status) {
        return with(new Mapping(type, checkStatus(status), null, null));
    }

    /** This, then {@code type} answered with {@code status} and a fixed {@code detail}. */
    public Recover orMap(Class<? extends Throwable> type, int status, String detail) {
        return with(new Mapping(type, checkStatus(status), detail, null));
    }

    /** This, then {@code type} answered with {@code responder}. */
    @SuppressWarnings("unchecked")
    public <E extends Throwable> Recover orOn(Class<E> type, ErrorResponder<? super E> responder) {
        if (responder == null) {
            throw new IllegalArgumentException("no responder for " + type.getName());
        }
        return with(new Mapping(type, 0, null, (ErrorResponder<Throwable>) responder));
    }

    @Override
    public void handle(Ctx ctx) throws Exception {
        try {
            ctx.next();
        } catch (Throwable t) {
            Mapping m = find(t);
            if (m == null || ctx.responded()) {
                throw t;
            }
            if (m.responder() == null) {
                throw new HttpStatusException(m.status(), m.detail() != null ? m.detail() : t.getMessage());
            }
            ctx.clearHeaders();
            m.responder().respond(ctx, t);
        }
    }

    private Mapping find(Throwable t) {
        boolean statusException = t instanceof HttpStatusException;
        for (Mapping m : mappings) {
            if (m.type().isInstance(t) && (!statusException || HttpStatusException.class.isAssignableFrom(m.type()))) {
                return m;
            }
        }
        return null;
    }

    private Recover with(Mapping m) {
        for (Mapping earlier : mappings) {
            if (earlier.type().isAssignableFrom(m.type())) {
                throw new IllegalArgumentException("mapping for " + m.type().getName() + " is shadowed by the earlier "
                        + "mapping for " + earlier.type().getName());
            }
        }
        Mapping[] more = Arrays.copyOf(mappings, mappings.length + 1);
        more[mappings.length] = m;
        return new Recover(more);
    }

    private static int checkStatus(int status) {
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("status " + status + " is not an error status (400..599)");
        }
        return status;
    }
}
