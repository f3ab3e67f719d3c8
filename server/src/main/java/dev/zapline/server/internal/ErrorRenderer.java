package dev.zapline.server.internal;

import dev.zapline.codec.http.ReasonPhrases;
import dev.zapline.server.Ctx;
import dev.zapline.server.HttpStatusException;
import java.lang.System.Logger.Level;

/**
 * The one place where failures become responses: {@link HttpStatusException}s keep their status, anything else is a
 * 500 whose details stay in the log. Bodies are RFC 9457 problem details as {@code application/problem+json}.
 */
public final class ErrorRenderer {

    private static final ServerAccess A = ServerAccess.get();

    private static final System.Logger LOG = System.getLogger("dev.zapline.server");

    private ErrorRenderer() {}

    /** Answers {@code ctx} for {@code error} if no response has started; otherwise logs it. */
    public static void render(Ctx ctx, Throwable error) {
        int status;
        String detail;
        if (error instanceof HttpStatusException e) {
            status = e.status();
            detail = e.getMessage();
        } else {
            status = 500;
            detail = "the server could not complete the request";
            LOG.log(Level.WARNING, "handler failed for " + ctx.method() + " " + ctx.target(), error);
        }
        if (ctx.responded()) {
            if (!(error instanceof HttpStatusException)) {
                return;
            }
            LOG.log(Level.WARNING, "error " + status + " after the response started for " + ctx.target());
            return;
        }
        problem(ctx, status, detail);
    }

    /** Sends a problem-details response with {@code status} and {@code detail}. */
    public static void problem(Ctx ctx, int status, String detail) {
        ctx.clearHeaders();
        problemKeepingHeaders(ctx, status, detail);
    }

    /** Like {@link #problem} but keeps headers already set (such as Allow on a 405). */
    public static void problemKeepingHeaders(Ctx ctx, int status, String detail) {
        ctx.status(status);
        A.addHeader(ctx.responseHeaders(), HeaderNames.CONTENT_TYPE, HeaderNames.PROBLEM_JSON);
        ctx.send(json(status, detail, A.head(ctx) == null ? null : ctx.path()));
    }

    public static String json(int status, String detail, String instance) {
        StringBuilder sb = new StringBuilder(128);
        sb.append("{\"type\":\"about:blank\",\"title\":");
        JsonStrings.quote(sb, ReasonPhrases.of(status));
        sb.append(",\"status\":").append(status);
        if (detail != null) {
            sb.append(",\"detail\":");
            JsonStrings.quote(sb, detail);
        }
        if (instance != null) {
            sb.append(",\"instance\":");
            JsonStrings.quote(sb, instance);
        }
        return sb.append('}').toString();
    }
}
