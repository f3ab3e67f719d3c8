package dev.zapline.load.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Load shapes by name ({@code --profile NAME --peak-rps P -d D}), each made of exact {@link Stages}: holds and
 * straight ramps whose lengths are fractions of the run's length D and whose rates are fractions of the peak P, so a
 * shape's due times are placed in closed form like any other stages. Each description states its definition.
 *
 * <p>A piece ending at the fraction c of D ends at {@code floor(D·c)} ns, so the pieces' lengths add up to exactly
 * D and every edge lies within 1 ns of its fraction. Rates are rounded to thousandths of a request per second (the
 * unit of {@link Stage}), at most 0.0005 req/s off.
 *
 * <p>{@code wave} is a sine, P·(0.6 − 0.4·cos(4πt/D)), sampled at {@value #WAVE_SAMPLES} points per period with
 * straight ramps between them: the ramps lie within 0.4·(π/{@value #WAVE_SAMPLES})²/8 = 0.00193 P of the sine
 * (the bound on linear interpolation, |f''|·h²/8), before rounding.
 */
public final class Profiles {

    /** Samples per period of {@code wave}. */
    public static final int WAVE_SAMPLES = 32;

    /** The shortest run a shape is spread over. */
    public static final Duration MIN_DURATION = Duration.ofSeconds(1);

    /** One straight piece: its share of D in units of the shape's weights, and its rates as fractions of P. */
    private record Piece(int weight, double from, double to) {}

    private record Shape(String description, List<Piece> pieces) {}

    private static final Map<String, Shape> SHAPES = new LinkedHashMap<>();

    static {
        add("steady", "P for all of D", p(1, 1, 1));
        add("ramp", "a straight line from 0 to P over D", p(1, 0, 1));
        add("ramp-and-hold", "0 to P over the first 0.25 D, then P", p(1, 0, 1), p(3, 1, 1));
        add("step", "four equal steps of D/4 at P/4, P/2, 3P/4 and P", steps(4));
        add("breakpoint", "ten equal steps of D/10 at P/10, 2P/10 ... P: find where it breaks", steps(10));
        add(
                "spike",
                "0.2 P, jumping to P for 0.1 D at 0.45 D, back to 0.2 P at 0.55 D",
                p(45, 0.2, 0.2),
                p(10, 1, 1),
                p(45, 0.2, 0.2));
        add(
                "surge",
                "0.3 P for 0.2 D, up to P over 0.1 D, P for 0.4 D, down to 0.3 P over 0.1 D, 0.3 P for 0.2 D",
                p(2, 0.3, 0.3),
                p(1, 0.3, 1),
                p(4, 1, 1),
                p(1, 1, 0.3),
                p(2, 0.3, 0.3));
        add(
                "flash-sale",
                "0.1 P for 0.3 D, up to P over 0.02 D, P for 0.18 D, decaying to 0.2 P over 0.3 D, 0.2 P for 0.2 D",
                p(30, 0.1, 0.1),
                p(2, 0.1, 1),
                p(18, 1, 1),
                p(30, 1, 0.2),
                p(20, 0.2, 0.2));
        add("soak", "0 to P over 0.05 D, P for 0.9 D, P to 0 over 0.05 D (meant for a long -d)", soak());
        add(
                "wave",
                "P(0.6 - 0.4 cos(4 pi t/D)): two periods between 0.2 P and P, " + WAVE_SAMPLES
                        + " straight pieces a period, within 0.00193 P of the sine",
                wave());
        add("sawtooth", "four teeth of D/4, each 0.2 P up to P, then dropping back at once", sawtooth());
        add(
                "double-peak",
                "0.3 P for 0.15 D, then twice: up to P over 0.1 D, P for 0.1 D, down to 0.3 P over 0.1 D, "
                        + "0.3 P for 0.1 D (0.15 D after the second)",
                p(3, 0.3, 0.3),
                p(2, 0.3, 1),
                p(2, 1, 1),
                p(2, 1, 0.3),
                p(2, 0.3, 0.3),
                p(2, 0.3, 1),
                p(2, 1, 1),
                p(2, 1, 0.3),
                p(3, 0.3, 0.3));
    }

    private Profiles() {}

    /** Every shape's name, in the order {@code zapline profiles} lists them. */
    public static List<String> names() {
        return List.copyOf(SHAPES.keySet());
    }

    /**
     * The shape's definition in one line, in fractions of D (the run's length) and P (the peak rate).
     *
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public static String describe(String name) {
        return shape(name).description();
    }

    /**
     * The shape's stages for a peak of {@code peakRps} requests per second over {@code duration}.
     *
     * @throws IllegalArgumentException for an unknown name (listing the known ones), a peak that is not a finite
     *     number in [0.001, 1e9], or a duration shorter than {@link #MIN_DURATION} or longer than stages allow
     */
    public static Stages stages(String name, double peakRps, Duration duration) {
        Shape shape = shape(name);
        if (!(peakRps >= 0.001 && peakRps <= Stage.MAX_MILLI / 1000.0)) {
            throw new IllegalArgumentException("peak rate " + peakRps + " req/s: need a number in [0.001, 1e9]");
        }
        if (duration.compareTo(MIN_DURATION) < 0 || duration.compareTo(Duration.ofNanos(1L << 53)) > 0) {
            throw new IllegalArgumentException("a shape runs over at least 1s and at most 104 days, got " + duration);
        }
        long nanos = duration.toNanos();
        int total = shape.pieces().stream().mapToInt(Piece::weight).sum();
        List<Stage> stages = new ArrayList<>(shape.pieces().size());
        long weight = 0;
        long start = 0;
        for (Piece piece : shape.pieces()) {
            weight += piece.weight();
            long end = nanos * weight / total;
            stages.add(new Stage(end - start, milli(piece.from(), peakRps), milli(piece.to(), peakRps)));
            start = end;
        }
        return Stages.of(stages);
    }

    private static long milli(double fraction, double peakRps) {
        return Math.round(fraction * peakRps * 1000);
    }

    private static Shape shape(String name) {
        Shape shape = name == null ? null : SHAPES.get(name);
        if (shape == null) {
            throw new IllegalArgumentException(
                    "unknown shape \"" + name + "\"; known shapes: " + String.join(", ", SHAPES.keySet()));
        }
        return shape;
    }

    private static void add(String name, String description, Piece... pieces) {
        SHAPES.put(name, new Shape(description, List.of(pieces)));
    }

    private static Piece p(int weight, double from, double to) {
        return new Piece(weight, from, to);
    }

    private static Piece[] steps(int n) {
        Piece[] pieces = new Piece[n];
        for (int k = 0; k < n; k++) {
            double rate = (k + 1) / (double) n;
            pieces[k] = p(1, rate, rate);
        }
        return pieces;
    }

    private static Piece[] soak() {
        return new Piece[] {p(1, 0, 1), p(18, 1, 1), p(1, 1, 0)};
    }

    private static Piece[] sawtooth() {
        Piece[] pieces = new Piece[4];
        Arrays.fill(pieces, p(1, 0.2, 1));
        return pieces;
    }

    private static Piece[] wave() {
        Piece[] pieces = new Piece[2 * WAVE_SAMPLES];
        for (int j = 0; j < pieces.length; j++) {
            pieces[j] = p(1, waveAt(j), waveAt(j + 1));
        }
        return pieces;
    }

    /** The wave's rate, as a fraction of P, at sample j (j / 32 periods into the run). */
    private static double waveAt(int j) {
        return 0.6 - 0.4 * Math.cos(2 * Math.PI * j / WAVE_SAMPLES);
    }
}
