package dev.zapline.server;

/**
 * Ends a request with an HTTP status: thrown by a handler (or middleware), caught by the server and rendered in
 * one place as an RFC 9457 {@code application/problem+json} body. The connection's other requests carry on.
 *
 * {@snippet class=dev.zapline.server.snippets.CtxSnippets region=statusException}
 *
 * <p>Subclasses name the common statuses; any other status can be thrown with this class directly.
 */
public class HttpStatusException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;

    /** @param status 400..599 @param detail what went wrong, shown to the client as the problem's detail */
    public HttpStatusException(int status, String detail) {
        super(detail, null, false, false);
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("status " + status + " is not an error status (400..599)");
        }
        this.status = status;
    }

    public int status() {
        return status;
    }

    /** 400 Bad Request. */
    public static final class BadRequest extends HttpStatusException {
        private static final long serialVersionUID = 1L;

        public BadRequest(String detail) {
            super(400, detail);
        }
    }

    /** 401 Unauthorized. */
    public static final class Unauthorized extends HttpStatusException {
        private static final long serialVersionUID = 1L;

        public Unauthorized(String detail) {
            super(401, detail);
        }
    }

    /** 403 Forbidden. */
    public static final class Forbidden extends HttpStatusException {
        private static final long serialVersionUID = 1L;

        public Forbidden(String detail) {
            super(403, detail);
        }
    }

    /** 404 Not Found. */
    public static final class NotFound extends HttpStatusException {
        private static final long serialVersionUID = 1L;

        public NotFound(String detail) {
            super(404, detail);
        }
    }

    /** 409 Conflict. */
    public static final class Conflict extends HttpStatusException {
        private static final long serialVersionUID = 1L;

        public Conflict(String detail) {
            super(409, detail);
        }
    }

    /** 413 Content Too Large. */
    public static final class PayloadTooLarge extends HttpStatusException {
        private static final long serialVersionUID = 1L;

        public PayloadTooLarge(String detail) {
            super(413, detail);
        }
    }

    /** 503 Service Unavailable. */
    public static final class ServiceUnavailable extends HttpStatusException {
        private static final long serialVersionUID = 1L;

        public ServiceUnavailable(String detail) {
            super(503, detail);
        }
    }

    /** 504 Gateway Timeout: the handler did not answer in time. */
    public static final class Timeout extends HttpStatusException {
        private static final long serialVersionUID = 1L;

        public Timeout(String detail) {
            super(504, detail);
        }
    }
}
