package dev.zapline.cli.load;

import dev.zapline.load.control.Acks;
import dev.zapline.load.control.Controller;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * {@code --control stdin}: a daemon thread reads standard input line by line, hands each line to a {@link
 * Controller} and prints its acknowledgement on standard error, one JSON line each. A malformed line is answered and
 * the run goes on; blank lines are skipped; the end of the input ends the reader, not the run.
 */
public final class StdinControl {

    /** The longest line read, characters; a longer one is answered as an error and skipped. */
    public static final int MAX_LINE = 64 * 1024;

    private StdinControl() {}

    /**
     * Starts reading {@code in} on a daemon thread; acknowledgements to {@code acks}, each on a line of its own
     * ({@code terminal}: first clearing the live line, which is rewritten in place).
     */
    public static Thread start(InputStream in, PrintStream acks, boolean terminal, Controller c) {
        Thread t = new Thread(
                () -> run(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), acks, terminal, c),
                "zapline-control-stdin");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Reads {@code in} to its end, acknowledging each line on {@code acks}. */
    static void run(Reader in, PrintStream acks, boolean terminal, Controller c) {
        StringBuilder line = new StringBuilder();
        long number = 0;
        boolean tooLong = false;
        try {
            while (true) {
                int ch = in.read();
                if (ch == '\n' || ch == -1) {
                    if (ch == -1 && line.isEmpty() && !tooLong) {
                        return;
                    }
                    number++;
                    String ack = tooLong
                            ? Acks.malformed("the line is over " + MAX_LINE + " characters", number)
                            : c.line(line.toString(), number);
                    if (ack != null) {
                        acks.print((terminal ? "\r\033[K" : "") + ack + System.lineSeparator());
                        acks.flush();
                    }
                    line.setLength(0);
                    tooLong = false;
                    if (ch == -1) {
                        return;
                    }
                } else if (line.length() < MAX_LINE) {
                    line.append((char) ch);
                } else {
                    tooLong = true;
                }
            }
        } catch (IOException e) {
            acks.println(Acks.malformed("standard input: " + e.getMessage() + "; no more commands are read", number));
        }
    }
}
