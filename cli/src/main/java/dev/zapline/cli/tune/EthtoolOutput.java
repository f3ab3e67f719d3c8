package dev.zapline.cli.tune;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Reads the text {@code ethtool -l}, {@code -g} and {@code -k} print. Pure functions. */
final class EthtoolOutput {

    private EthtoolOutput() {}

    /** Parses {@code ethtool -l} output; empty when neither section is found. */
    static Optional<Ethtool.Channels> channels(String text) {
        Map<String, Integer> max = section(text, "Pre-set maximums");
        Map<String, Integer> cur = section(text, "Current hardware settings");
        if (max.isEmpty() && cur.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Ethtool.Channels(
                max.getOrDefault("RX", 0),
                max.getOrDefault("TX", 0),
                max.getOrDefault("Combined", 0),
                cur.getOrDefault("RX", 0),
                cur.getOrDefault("TX", 0),
                cur.getOrDefault("Combined", 0)));
    }

    /** Parses {@code ethtool -g} output; empty when neither section is found. */
    static Optional<Ethtool.Rings> rings(String text) {
        Map<String, Integer> max = section(text, "Pre-set maximums");
        Map<String, Integer> cur = section(text, "Current hardware settings");
        if (max.isEmpty() && cur.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Ethtool.Rings(
                max.getOrDefault("RX", 0), max.getOrDefault("TX", 0),
                cur.getOrDefault("RX", 0), cur.getOrDefault("TX", 0)));
    }

    /** Parses {@code ethtool -k} output into long feature names. */
    static Map<String, Ethtool.Feature> features(String text) {
        Map<String, Ethtool.Feature> out = new LinkedHashMap<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            int colon = line.indexOf(':');
            if (colon <= 0 || line.startsWith("Features for")) {
                continue;
            }
            String[] rest = line.substring(colon + 1).strip().split("\\s+");
            if (rest.length == 0 || !(rest[0].equals("on") || rest[0].equals("off"))) {
                continue;
            }
            out.put(line.substring(0, colon), new Ethtool.Feature(rest[0].equals("on"), line.contains("[fixed]")));
        }
        return out;
    }

    /** Numeric {@code Name: value} lines of one section; {@code n/a} and other words are skipped. */
    private static Map<String, Integer> section(String text, String heading) {
        Map<String, Integer> values = new LinkedHashMap<>();
        boolean inside = false;
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.endsWith(":") && !line.contains("\t")) {
                inside = line.startsWith(heading);
                continue;
            }
            int colon = line.indexOf(':');
            if (!inside || colon <= 0) {
                continue;
            }
            try {
                values.put(
                        line.substring(0, colon).strip(),
                        Integer.parseInt(line.substring(colon + 1).strip()));
            } catch (NumberFormatException e) {
                // "n/a" or a word: nothing to record
            }
        }
        return values;
    }
}
