package dev.zapline.load.journey;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A request line, {@code METHOD URL [HTTP/1.1]} or just {@code URL} (GET), with JetBrains' continuation lines (an
 * indented line starting with {@code ?}, {@code &} or {@code /}, but not {@code //}, goes on with the URL). The URL
 * is absolute, http or https; its scheme, host and port must be constant once variables are substituted, and become
 * the step's origin with the port made explicit; the rest is the target template.
 */
final class RequestLine {

    static final List<String> METHODS = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    private RequestLine() {}

    /**
     * Reads the request line at {@code lines[first]} and its continuation lines into {@code step}.
     *
     * @return the index of the first line after them
     * @throws JourneyException at the offending column for an unknown or refused method, a missing URL, text after
     *     the URL other than HTTP/1.1, a scheme other than http or https, user info, a bad port, or a value slot in
     *     the scheme, host or port
     */
    static int read(Path file, List<String> lines, int first, StepDraft step, Variables vars) {
        String text = lines.get(first);
        int line = first + 1;
        int start = skip(text, 0);
        int tokenEnd = start;
        while (tokenEnd < text.length() && !Character.isWhitespace(text.charAt(tokenEnd))) {
            tokenEnd++;
        }
        String token = text.substring(start, tokenEnd);
        int urlAt;
        if (METHODS.contains(token)) {
            step.method = token;
            urlAt = skip(text, tokenEnd);
        } else if (token.contains("://") || token.startsWith("{{")) {
            step.method = "GET";
            urlAt = start;
        } else if (token.equals("TRACE") || token.equals("CONNECT")) {
            throw error(file, line, start, token + " is not supported; use " + String.join(", ", METHODS));
        } else if (token.matches("[A-Za-z]+") && skip(text, tokenEnd) < text.length()) {
            throw error(file, line, start, "unknown method '" + token + "'; expected " + String.join(", ", METHODS));
        } else {
            throw error(file, line, start, "expected a request line 'METHOD URL' or a URL, found '" + token + "'");
        }
        step.location = new Location(file, line, start + 1);
        if (urlAt >= text.length()) {
            throw error(file, line, urlAt, "expected a URL after " + token);
        }
        TemplateBuilder url = new TemplateBuilder();
        url(file, line, text, urlAt, url, step, vars);
        int next = first + 1;
        while (next < lines.size() && continues(lines.get(next))) {
            String more = lines.get(next);
            url(file, next + 1, more, skip(more, 0), url, step, vars);
            next++;
        }
        split(url, new Location(file, line, urlAt + 1), step);
        return next;
    }

    private static boolean continues(String line) {
        String t = line.stripLeading();
        boolean path = t.startsWith("/") && !t.startsWith("//");
        return t.length() < line.length() && (t.startsWith("?") || t.startsWith("&") || path);
    }

    private static void url(
            Path file, int line, String text, int from, TemplateBuilder url, StepDraft step, Variables vars) {
        int end = from;
        while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
            if (text.startsWith("{{", end) && text.indexOf("}}", end) > 0) {
                end = text.indexOf("}}", end) + 2;
            } else {
                end++;
            }
        }
        int rest = skip(text, end);
        if (rest < text.length() && !text.substring(rest).strip().equals("HTTP/1.1")) {
            throw error(
                    file,
                    line,
                    rest,
                    "expected HTTP/1.1 or the end of the line after the URL, found '"
                            + text.substring(rest).strip() + "'");
        }
        vars.compile(file, line, text, from, end, url, step);
    }

    private static void split(TemplateBuilder url, Location urlAt, StepDraft step) {
        List<Part> parts = url.parts();
        if (!(parts.get(0) instanceof Part.Literal first)) {
            throw new JourneyException(
                    url.location(0),
                    "expected the URL to start with http:// or https://, found " + describe(parts.get(0))
                            + " (the scheme, host and port must be constant)");
        }
        String prefix = new String(first.bytes(), StandardCharsets.UTF_8);
        int schemeEnd = prefix.indexOf("://");
        if (schemeEnd < 0) {
            throw parts.size() > 1
                    ? constant(url, parts)
                    : new JourneyException(
                            urlAt,
                            "expected an absolute URL starting with http:// or https://, found '" + prefix + "'");
        }
        String scheme = prefix.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new JourneyException(urlAt, "unsupported scheme '" + scheme + "'; supported: http, https");
        }
        int authEnd = schemeEnd + 3;
        while (authEnd < prefix.length() && "/?#".indexOf(prefix.charAt(authEnd)) < 0) {
            authEnd++;
        }
        if (authEnd == prefix.length() && parts.size() > 1) {
            throw constant(url, parts);
        }
        step.origin = scheme + "://" + authority(prefix.substring(schemeEnd + 3, authEnd), scheme, urlAt);
        String rest = prefix.substring(authEnd);
        for (int i = 1; i < parts.size() && rest.indexOf('#') < 0; i++) {
            if (parts.get(i) instanceof Part.Literal l && new String(l.bytes(), StandardCharsets.UTF_8).contains("#")) {
                rest = "#";
            }
        }
        if (rest.indexOf('#') >= 0) {
            throw new JourneyException(urlAt, "a URL fragment (#...) is never sent; remove it");
        }
        TemplateBuilder target = new TemplateBuilder();
        target.text(rest.isEmpty() || rest.startsWith("?") ? "/" + rest : rest);
        for (int i = 1; i < parts.size(); i++) {
            if (parts.get(i) instanceof Part.Literal l) {
                target.bytes(l.bytes());
            } else {
                target.slot(parts.get(i), url.location(i));
            }
        }
        step.target = target.build();
    }

    private static String authority(String authority, String scheme, Location urlAt) {
        if (authority.contains("@")) {
            throw new JourneyException(urlAt, "user info in the URL is not supported; send an Authorization header");
        }
        String host = authority;
        String port = null;
        int colon = authority.lastIndexOf(':');
        if (colon >= 0 && colon > authority.lastIndexOf(']')) {
            host = authority.substring(0, colon);
            port = authority.substring(colon + 1);
        }
        if (host.isEmpty()) {
            throw new JourneyException(urlAt, "expected a host after " + scheme + "://");
        }
        int p = scheme.equals("https") ? 443 : 80;
        if (port != null) {
            p = port.matches("[0-9]{1,5}") ? Integer.parseInt(port) : 0;
            if (p < 1 || p > 65535) {
                throw new JourneyException(urlAt, "expected a port from 1 to 65535, found '" + port + "'");
            }
        }
        return host.toLowerCase(Locale.ROOT) + ":" + p;
    }

    private static JourneyException constant(TemplateBuilder url, List<Part> parts) {
        return new JourneyException(
                url.location(1),
                "the URL's scheme, host and port must be constant, found " + describe(parts.get(1))
                        + " before the path");
    }

    private static String describe(Part p) {
        return switch (p) {
            case Part.DataColumn c -> "data column '" + c.name() + "'";
            case Part.Extracted e -> "extracted value '" + e.name() + "'";
            case Part.Dynamic d -> "a dynamic value";
            case Part.Literal l -> "text";
        };
    }

    private static int skip(String text, int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static JourneyException error(Path file, int line, int index, String message) {
        return new JourneyException(new Location(file, line, index + 1), message);
    }
}
