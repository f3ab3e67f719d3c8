package dev.zapline.load.journey;

import java.util.regex.Matcher;

/**
 * One {@link Export} compiled for a thread: its JSONPath, its regular expression's reusable {@link Matcher}, or its
 * captured-header index. {@link #extract} copies the value into the iteration's slot without allocating once warm.
 */
final class Extraction {

    private final int slot;
    private final JsonScan.Path path;
    private final Matcher matcher;
    private final int header;

    Extraction(Export export, int header) {
        this.slot = export.slot();
        this.header = header;
        this.path = export.source() instanceof Export.Body b ? JsonScan.Path.of(b.path()) : null;
        this.matcher = export.source() instanceof Export.Regex r ? r.pattern().matcher("") : null;
    }

    /** Stores the value into {@code it}; false when the response does not have it or it does not fit the arena. */
    boolean extract(Response r, Iteration it, Checker checker, Latin1Chars chars) {
        if (path != null) {
            return json(r, it, checker.scan());
        }
        if (matcher != null) {
            return regex(r, it, chars);
        }
        return header(r, it);
    }

    private boolean json(Response r, Iteration it, JsonScan scan) {
        byte[] body = r.body();
        int len = body == null ? 0 : Math.min(r.bodyLength(), body.length);
        if (!scan.find(body, 0, len, path)) {
            return false;
        }
        if (scan.kind() != JsonScan.Kind.STRING) {
            return it.set(slot, body, scan.start(), scan.end() - scan.start());
        }
        int at = it.reserve(scan.end() - scan.start());
        if (at < 0) {
            return false;
        }
        it.commit(slot, at, JsonScan.unescape(body, scan.start(), scan.end(), it.arena(), at));
        return true;
    }

    private boolean regex(Response r, Iteration it, Latin1Chars chars) {
        byte[] body = r.body();
        int len = body == null ? 0 : Math.min(r.bodyLength(), body.length);
        matcher.reset(chars.reset(body, 0, len));
        if (!matcher.find()) {
            return false;
        }
        int group = matcher.groupCount() > 0 ? 1 : 0;
        int start = matcher.start(group);
        return start >= 0 && it.set(slot, body, start, matcher.end(group) - start);
    }

    private boolean header(Response r, Iteration it) {
        int len = header < 0 ? -1 : r.headerLength(header);
        byte[] h = len < 0 ? null : r.headerBytes(header);
        if (h == null) {
            return false;
        }
        int from = Checker.valueStart(h, len);
        int to = Checker.valueEnd(h, from, len);
        return it.set(slot, h, from, to - from);
    }
}
