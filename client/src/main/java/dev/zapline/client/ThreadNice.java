package dev.zapline.client;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Threads' nice values on Linux, which set their share of a contended CPU and whether a thread that wakes takes the
 * CPU at once from one that runs. A process may raise its own threads' nice values (lower their priority) without
 * privileges, never lower them; a thread's nice value is its own, and threads it starts inherit it.
 *
 * <p>The call is {@code setpriority(PRIO_PROCESS, tid, nice)} through the foreign function API, looked up by
 * reflection so that this class compiles at Java 21, where that API is a preview; on Java 21, off Linux, or where the
 * call is refused, nothing changes and the methods say so.
 */
final class ThreadNice {

    /** {@code PRIO_PROCESS}: the {@code who} of {@code setpriority} is a process or, on Linux, a thread id. */
    private static final int PRIO_PROCESS = 0;

    private static final MethodHandle SETPRIORITY = link();

    private ThreadNice() {}

    /** Whether nice values can be set here. */
    static boolean available() {
        return SETPRIORITY != null;
    }

    /** Sets thread {@code tid}'s nice value; true when the kernel took it. */
    static boolean set(int tid, int nice) {
        if (SETPRIORITY == null || tid <= 0) {
            return false;
        }
        try {
            return (int) SETPRIORITY.invokeExact(PRIO_PROCESS, tid, nice) == 0;
        } catch (Throwable e) {
            return false;
        }
    }

    /**
     * Sets {@code nice} on every thread of this process under {@code proc} (normally {@code /proc}) but those in
     * {@code keep} and the JVM's {@code VM Thread} (which collects garbage while every Java thread waits, so its speed
     * is the pause's length).
     *
     * @return the number of threads set, or -1 when nice values cannot be set here
     */
    static int setAllBut(Path proc, int[] keep, int nice) {
        if (SETPRIORITY == null) {
            return -1;
        }
        int n = 0;
        try (DirectoryStream<Path> tasks =
                Files.newDirectoryStream(proc.resolve("self").resolve("task"))) {
            for (Path task : tasks) {
                int tid = parse(task.getFileName().toString());
                if (tid <= 0 || contains(keep, tid) || "VM Thread".equals(comm(task))) {
                    continue;
                }
                if (set(tid, nice)) {
                    n++;
                }
            }
        } catch (IOException | RuntimeException e) {
            return n == 0 ? -1 : n;
        }
        return n;
    }

    /** The calling thread's id under {@code proc} (its {@code thread-self} link), or 0 when it cannot be read. */
    static int currentTid(Path proc) {
        try {
            return parse(Files.readSymbolicLink(proc.resolve("thread-self"))
                    .getFileName()
                    .toString());
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return 0;
        }
    }

    /** Thread {@code tid}'s nice value under {@code proc} ({@code stat}'s 19th field), or null when unknown. */
    static Integer niceOf(Path proc, int tid) {
        try {
            String stat = Files.readString(
                    proc.resolve("self")
                            .resolve("task")
                            .resolve(Integer.toString(tid))
                            .resolve("stat"),
                    StandardCharsets.US_ASCII);
            // the name, in parentheses, may hold spaces: count the fields after its closing one (field 2)
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(f[19 - 3]);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String comm(Path task) {
        try {
            return Files.readString(task.resolve("comm"), StandardCharsets.US_ASCII)
                    .strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static boolean contains(int[] a, int v) {
        for (int x : a) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }

    private static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** A handle on libc's {@code int setpriority(int, id_t, int)}, or null where it cannot be had. */
    private static MethodHandle link() {
        if (Runtime.version().feature() < 22
                || !System.getProperty("os.name", "").startsWith("Linux")) {
            return null;
        }
        try {
            Class<?> linkerClass = Class.forName("java.lang.foreign.Linker");
            Class<?> lookupClass = Class.forName("java.lang.foreign.SymbolLookup");
            Class<?> segmentClass = Class.forName("java.lang.foreign.MemorySegment");
            Class<?> layoutClass = Class.forName("java.lang.foreign.MemoryLayout");
            Class<?> descriptorClass = Class.forName("java.lang.foreign.FunctionDescriptor");
            Class<?> optionClass = Class.forName("java.lang.foreign.Linker$Option");
            Object linker = linkerClass.getMethod("nativeLinker").invoke(null);
            Object lookup = linkerClass.getMethod("defaultLookup").invoke(linker);
            Optional<?> symbol =
                    (Optional<?>) lookupClass.getMethod("find", String.class).invoke(lookup, "setpriority");
            if (symbol.isEmpty()) {
                return null;
            }
            Object jint = Class.forName("java.lang.foreign.ValueLayout")
                    .getField("JAVA_INT")
                    .get(null);
            Object args = Array.newInstance(layoutClass, 3);
            for (int i = 0; i < 3; i++) {
                Array.set(args, i, jint);
            }
            Object descriptor = descriptorClass
                    .getMethod("of", layoutClass, args.getClass())
                    .invoke(null, jint, args);
            Object options = Array.newInstance(optionClass, 0);
            return (MethodHandle) linkerClass
                    .getMethod("downcallHandle", segmentClass, descriptorClass, options.getClass())
                    .invoke(linker, symbol.get(), descriptor, options);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
