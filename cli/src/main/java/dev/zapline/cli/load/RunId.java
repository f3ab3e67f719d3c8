package dev.zapline.cli.load;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * The run id a {@code zapline load} writes when {@code --run-id} is not given: the first 16 hex digits of the SHA-256
 * of the command line without {@code --segment}, the output options ({@code --json}, {@code --html}, {@code
 * --hdr-log}, {@code --metrics}, {@code --quiet}), {@code --run-id} and {@code --start-at}'s text, followed by the
 * instant {@code --start-at} resolved to (in ms): every segment of one run has the same id, and the same command
 * started at another instant has another.
 */
public final class RunId {

    /** Options that say where the run reports or which part it is, not what it does: left out, with their values. */
    private static final Set<String> LEFT_OUT =
            Set.of("--segment", "--json", "--html", "--hdr-log", "--metrics", "--run-id", "--start-at");

    private RunId() {}

    /** The id of the run {@code args} (the arguments as typed) start at {@code start} (null: none). */
    public static String of(List<String> args, StartAt start) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            int eq = a.indexOf('=');
            String name = eq > 0 ? a.substring(0, eq) : a;
            if (LEFT_OUT.contains(name)) {
                i += eq > 0 ? 0 : 1;
            } else if (!a.equals("--quiet")) {
                b.append(a).append('\0');
            }
        }
        if (start != null) {
            b.append("start_at=").append(start.instant().toEpochMilli());
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(b.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every JDK", e);
        }
    }
}
