package dev.zapline.cli.merge;

import dev.zapline.cli.report.RunReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What {@code zapline merge} was given, read: {@code *.json} files are segment results and {@code *.hlog} or {@code
 * *.hdr} files their {@code --hdr-log}s; a directory stands for such files directly in it (hidden files, merge's own
 * outputs and earlier merged files left out). A directory's JSON file without its {@code run} member is a
 * segment still running ({@code zapline load} adds the member to its last write), so it is not yet taken.
 *
 * <p>{@link #await} reads them again each second until they are one run's complete set of final segments: the
 * merge step of a cluster run starts beside the segments and waits for them.
 *
 * <p>Immutable.
 *
 * @param runs the final segment results
 * @param logs the hdr logs
 * @param running files still being written (directory inputs only), and explicit files not there yet (when waiting)
 */
public record MergeInputs(List<RunReport.Run> runs, List<HdrLog> logs, List<String> running) {

    private static final Duration POLL = Duration.ofSeconds(1);

    /**
     * Reads {@code args} once, leaving out {@code outputs} where a directory holds them.
     *
     * @param waiting an explicit file that does not exist is counted as running instead of refused
     * @throws IllegalArgumentException naming the file that is neither a result nor an hdr log
     */
    public static MergeInputs read(List<Path> args, Set<Path> outputs, boolean waiting) {
        Set<Path> skip = new TreeSet<>();
        outputs.forEach(p -> skip.add(p.toAbsolutePath().normalize()));
        List<RunReport.Run> runs = new ArrayList<>();
        List<HdrLog> logs = new ArrayList<>();
        List<String> running = new ArrayList<>();
        for (Path arg : args) {
            if (Files.isDirectory(arg)) {
                for (Path f : listed(arg, skip)) {
                    take(f, true, runs, logs, running);
                }
            } else if (waiting && !Files.exists(arg)) {
                running.add(arg.toString());
            } else {
                take(arg, false, runs, logs, running);
            }
        }
        return new MergeInputs(List.copyOf(runs), List.copyOf(logs), List.copyOf(running));
    }

    /**
     * {@link #read} each second until the inputs are complete ({@link #missing} empty), for at most {@code limit};
     * says on {@code err} what it waits for whenever that changes.
     *
     * @param partial when {@code limit} passes, return what is final instead of refusing
     * @throws IllegalArgumentException when {@code limit} passes first, saying what is missing
     */
    public static MergeInputs await(
            List<Path> args, Set<Path> outputs, Duration limit, boolean partial, PrintWriter err)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        String said = null;
        while (true) {
            MergeInputs in = read(args, outputs, true);
            String missing = in.missing();
            if (missing.isEmpty()) {
                return in;
            }
            if (!missing.equals(said)) {
                err.println("zapline merge: waiting for " + missing);
                err.flush();
                said = missing;
            }
            if (System.nanoTime() - deadline >= 0) {
                if (partial) {
                    err.println("zapline merge: waited " + limit.toSeconds() + " s, merging what is final");
                    return new MergeInputs(in.runs, in.logs, List.of());
                }
                throw new IllegalArgumentException("waited " + limit.toSeconds() + " s, still missing " + missing);
            }
            Thread.sleep(Math.min(POLL.toMillis(), Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
        }
    }

    /**
     * What keeps these from being one run's complete set of final segments, in words (empty when nothing does): files
     * still running, or the segments no final file is of. Mismatched runs are left to {@link Merge}, which refuses
     * them by name.
     */
    public String missing() {
        if (!running.isEmpty()) {
            return "segments still running: " + String.join(", ", running);
        }
        if (runs.isEmpty()) {
            return "the first segment's result";
        }
        int n = runs.get(0).doc().path("run").path("segments").asInt();
        Set<Integer> have = new TreeSet<>();
        runs.forEach(r -> have.add(r.doc().path("run").path("segment").asInt()));
        List<String> absent = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!have.contains(i)) {
                absent.add(i + "/" + n);
            }
        }
        return absent.isEmpty() ? "" : "segment" + (absent.size() == 1 ? " " : "s ") + String.join(", ", absent);
    }

    /** {@code .hlog}, HdrHistogram's own suffix, or {@code .hdr}. */
    private static boolean isLog(String name) {
        return name.endsWith(".hlog") || name.endsWith(".hdr");
    }

    private static List<Path> listed(Path dir, Set<Path> skip) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().startsWith("."))
                    .filter(f -> {
                        String n = f.getFileName().toString();
                        return n.endsWith(".json") || isLog(n);
                    })
                    .filter(f -> !skip.contains(f.toAbsolutePath().normalize()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(dir + ": cannot be listed", e);
        }
    }

    private static void take(
            Path f, boolean listed, List<RunReport.Run> runs, List<HdrLog> logs, List<String> running) {
        if (isLog(f.getFileName().toString())) {
            try {
                logs.add(HdrLog.read(f));
            } catch (IOException e) {
                throw new IllegalArgumentException(f + ": cannot be read: " + e.getMessage(), e);
            }
            return;
        }
        RunReport.Run r = RunReport.Run.read(f, f.toString());
        boolean isFinal = r.doc().path("run").isObject();
        if (listed && !isFinal) {
            running.add(f.toString());
        } else if (!(listed && r.doc().path("run").has("inputs"))) {
            runs.add(r);
        }
    }
}
