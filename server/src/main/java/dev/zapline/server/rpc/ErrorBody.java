package dev.zapline.server.rpc;

import dev.zapline.server.internal.JsonStrings;
import java.nio.charset.StandardCharsets;

/** The {@code {"error":"..."}} body of an error response, the shape the peer client uses for its own errors. */
final class ErrorBody {

    private ErrorBody() {}

    static byte[] of(String message) {
        StringBuilder s = new StringBuilder(message.length() + 16).append("{\"error\":");
        return JsonStrings.quote(s, message).append('}').toString().getBytes(StandardCharsets.UTF_8);
    }
}
