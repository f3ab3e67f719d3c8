package dev.zapline.load.schedule;

import java.util.Locale;

/** How requests are spread over a profile: {@code --arrival uniform|poisson}. */
public enum Arrival {
    /** Evenly: request i when the profile's cumulative count reaches i. */
    UNIFORM,
    /** A seeded (non-homogeneous) Poisson process whose intensity is the profile's rate. */
    POISSON;

    /** {@code uniform} or {@code poisson}, any case. */
    public static Arrival parse(String text) {
        for (Arrival a : values()) {
            if (a.name().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return a;
            }
        }
        throw new IllegalArgumentException("arrival must be uniform or poisson, got \"" + text + "\"");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
