package dev.zapline.cli.tui;

import dev.zapline.load.control.Steering;
import dev.zapline.load.engine.Engine;
import dev.zapline.load.engine.LoadPlan;
import dev.zapline.load.metrics.HistogramPair;
import dev.zapline.load.metrics.IntervalStats;
import dev.zapline.load.report.JourneyResults;
import dev.zapline.load.report.LiveSink;
import dev.zapline.load.report.Summary;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import org.jline.terminal.Attributes;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.terminal.spi.SystemStream;
import org.jline.terminal.spi.TerminalExt;
import org.jline.utils.InfoCmp.Capability;
import org.jline.utils.NonBlockingReader;

/**
 * {@code zapline load --tui}: the run on the whole terminal (its alternate screen, cursor hidden), redrawn once a
 * second, on every key and on a resize (SIGWINCH), steered by keys ({@link Controls}). Each interval the reporter
 * hands over is copied into {@link LiveData} on the reporting thread; frames are drawn by a thread of the
 * dashboard's own, keys read by another. The terminal is given back as it was (normal screen, cursor, modes) when
 * the run ends, before the summary is printed, and on any way out: {@link #close()}, or a shutdown hook.
 *
 * <p>Ctrl-C in raw mode still raises SIGINT; the dashboard takes it as {@code q} (a stop command, every result
 * written). A second one leaves the full screen and exits as Ctrl-C does without the dashboard.
 */
public final class Dashboard implements LiveSink, AutoCloseable {

    /** A frame at least this often. */
    private static final long FRAME_MILLIS = 1_000;

    /** How long a read waits for a key before looking whether the dashboard closed (and whether an Esc was lone). */
    private static final long READ_MILLIS = 50;

    private final Terminal terminal;
    private final TuiStep step;
    private final Object drawLock = new Object();
    private final Thread hook = new Thread(this::close, "zapline-tui-restore");

    private LiveData data;
    private Controls keys;
    private Steering steering;
    private Attributes saved;
    private Thread drawer;
    private Thread reader;
    private boolean dirty;
    private volatile boolean closed;
    private volatile boolean interrupted;

    private Dashboard(Terminal terminal, TuiStep step) {
        this.terminal = terminal;
        this.step = step;
    }

    /**
     * The dashboard on this process's terminal, not drawing yet ({@link #follow}); or null, after one line on
     * {@code err} saying why, when there is no terminal to draw on: no console, {@code TERM} unset or {@code
     * dumb}, or standard input, output or error not a terminal.
     */
    public static Dashboard open(TuiStep step, PrintStream err) {
        String term = System.getenv("TERM");
        if (System.console() == null || term == null || term.isBlank() || term.startsWith("dumb")) {
            err.println(NO_TERMINAL);
            return null;
        }
        Terminal t;
        try {
            // JNI first (every JDK 21+; FFM would need 22), else JLine's exec provider (stty)
            t = TerminalBuilder.builder()
                    .system(true)
                    .providers("jni,exec")
                    .dumb(false)
                    .nativeSignals(true)
                    .build();
        } catch (IOException | RuntimeException e) {
            err.println(NO_TERMINAL);
            return null;
        }
        if (!fullTerminal(t)) {
            closeQuietly(t);
            err.println(NO_TERMINAL);
            return null;
        }
        return new Dashboard(t, step);
    }

    /** The line printed when {@code --tui} finds no terminal. */
    static final String NO_TERMINAL =
            "zapline load: --tui needs a terminal (standard input, output and error on a tty, "
                    + "TERM set and not dumb); showing the live line instead";

    private static boolean fullTerminal(Terminal t) {
        if (t.getType() == null || t.getType().startsWith(Terminal.TYPE_DUMB)) {
            return false;
        }
        if (!(t instanceof TerminalExt ext) || ext.getProvider() == null) {
            return false;
        }
        for (SystemStream s : SystemStream.values()) {
            if (!ext.getProvider().isSystemStream(s)) {
                return false;
            }
        }
        return true;
    }

    /** Starts drawing {@code engine}'s run of {@code target}, steered through {@code engine.steering()}. */
    public Dashboard follow(Engine engine, String target) {
        LoadPlan p = engine.plan();
        double measured = p.measuredNanos() / 1e9;
        double startRate = p.isOpen() && measured > 0
                ? p.expectedRequests() / measured / engine.segment().count()
                : 0;
        steering = engine.steering();
        keys = new Controls(steering, step, startRate, System::nanoTime);
        data = new LiveData(target, engine.journeyLayout() != null, p.isOpen(), p.warmupNanos() / 1e9, measured);
        Runtime.getRuntime().addShutdownHook(hook);
        saved = terminal.enterRawMode();
        terminal.handle(Terminal.Signal.INT, s -> interrupt());
        terminal.handle(Terminal.Signal.WINCH, s -> requestDraw());
        put(Capability.enter_ca_mode, "\033[?1049h");
        put(Capability.cursor_invisible, "\033[?25l");
        put(Capability.clear_screen, "\033[H\033[2J");
        terminal.flush();
        drawer = daemon(this::drawLoop, "zapline-tui-draw");
        reader = daemon(this::readLoop, "zapline-tui-keys");
        return this;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Override
    public void interval(Engine engine, IntervalStats s, HistogramPair h, String phase, JourneyResults journeys) {
        try {
            data.interval(s, h, phase, journeys);
        } catch (RuntimeException e) {
            quit(e);
            return;
        }
        requestDraw();
    }

    @Override
    public void done(Summary s) {
        try {
            data.done();
            draw();
        } catch (RuntimeException e) {
            quit(e);
        }
        close();
    }

    /** A fault of the dashboard's own: it leaves the screen and says so; the run goes on without it. */
    private void quit(RuntimeException e) {
        boolean was = closed;
        close();
        if (!was) {
            System.err.println("zapline load: the dashboard stopped (" + e + "); the run goes on");
        }
    }

    /** SIGINT: the first stops the run; a second leaves the full screen and exits as an unhandled Ctrl-C would. */
    private void interrupt() {
        if (!interrupted) {
            interrupted = true;
            keys.stop();
            requestDraw();
            return;
        }
        close();
        System.exit(130);
    }

    private void requestDraw() {
        synchronized (drawLock) {
            dirty = true;
            drawLock.notifyAll();
        }
    }

    private void drawLoop() {
        while (!closed) {
            synchronized (drawLock) {
                if (!dirty) {
                    try {
                        drawLock.wait(FRAME_MILLIS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                dirty = false;
            }
            try {
                draw();
            } catch (RuntimeException e) {
                quit(e);
            }
        }
    }

    private void readLoop() {
        KeyDecoder decoder = new KeyDecoder();
        NonBlockingReader in = terminal.reader();
        try {
            while (!closed) {
                int c = in.read(READ_MILLIS);
                if (c == NonBlockingReader.EOF) {
                    return;
                }
                Key k = c == NonBlockingReader.READ_EXPIRED ? decoder.idle() : decoder.feed(c);
                if (k != null && !closed) {
                    keys.handle(k);
                    requestDraw();
                }
            }
        } catch (IOException e) {
            // the terminal went away: the run goes on undrawn until it ends
        } catch (RuntimeException e) {
            quit(e);
        }
    }

    private void draw() {
        synchronized (drawLock) {
            if (closed) {
                return;
            }
            Size size = terminal.getSize();
            int cols = size == null || size.getColumns() <= 0 ? 80 : size.getColumns();
            int rows = size == null || size.getRows() <= 0 ? 24 : size.getRows();
            List<String> lines = Screen.render(data.model(steering, keys), cols, rows);
            StringBuilder b = new StringBuilder(cols * rows * 2).append("\033[H");
            for (int i = 0; i < lines.size(); i++) {
                b.append(lines.get(i)).append("\033[K");
                if (i < lines.size() - 1) {
                    b.append("\r\n");
                }
            }
            terminal.writer().print(b);
            terminal.flush();
        }
    }

    private void put(Capability c, String fallback) {
        if (!terminal.puts(c)) {
            terminal.writer().print(fallback);
        }
    }

    /** Gives the terminal back as it was. Idempotent; safe from any thread, the shutdown hook included. */
    @Override
    public void close() {
        synchronized (drawLock) {
            if (closed) {
                return;
            }
            closed = true;
            drawLock.notifyAll();
            if (saved != null) {
                put(Capability.cursor_visible, "\033[?25h");
                put(Capability.exit_ca_mode, "\033[?1049l");
                terminal.flush();
                terminal.setAttributes(saved);
            }
        }
        if (reader != null && reader != Thread.currentThread()) {
            try {
                reader.join(READ_MILLIS * 4);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closeQuietly(terminal);
        if (Thread.currentThread() != hook && saved != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs, or ran, this same close
            }
        }
    }

    private static void closeQuietly(Terminal t) {
        try {
            t.close();
        } catch (IOException | RuntimeException e) {
            // nothing left to give back
        }
    }
}
