package dev.zapline.server.rpc;

import java.nio.charset.StandardCharsets;

/** The {@code {"error":"..."}} body of an error response, the shape the peer client uses for its own errors. */
final class ErrorBody {

    private ErrorBody() {}

    static byte[] of(String message) {
        StringBuilder s = new StringBuilder(message.length() + 16).append("{\"error\":\"");
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if (c == '"' || c == '\\') {
                s.append('\\').append(c);
            } else if (c < 0x20) {
                s.append(String.format("\\u%04x", (int) c));
            } else {
                s.append(c);
            }
        }
        return s.append("\"}").toString().getBytes(StandardCharsets.UTF_8);
    }
}
