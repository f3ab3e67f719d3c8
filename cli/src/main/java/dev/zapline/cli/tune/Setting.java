package dev.zapline.cli.tune;

/**
 * One thing {@code tune} manages: a file under {@code /proc/sys} or {@code /sys}, or an {@code ethtool} knob.
 * The {@link #key()} is stable and names the setting in the state file.
 */
sealed interface Setting {

    /** Unique and parseable: {@code file:/proc/sys/...} or {@code ethtool:IFACE:ring|feature:NAME}. */
    String key();

    /** What the user reads in a report. */
    String name();

    /** The recommended value. */
    String desired();

    /** How the current value is compared with {@link #desired()}. */
    Match match();

    /** A kernel file, written whole. {@code path} is an absolute host path, resolved under the root later. */
    record File(String name, String path, String desired, Match match) implements Setting {
        @Override
        public String key() {
            return "file:" + path;
        }
    }

    /** A NIC ring size or offload feature changed through {@code ethtool -G} or {@code -K}. */
    record Ethtool(String iface, Kind kind, String param, String desired, Match match) implements Setting {
        @Override
        public String key() {
            return "ethtool:" + iface + ":" + kind.word + ":" + param;
        }

        @Override
        public String name() {
            return iface + " " + kind.word + " " + param;
        }
    }

    /** The two kinds of ethtool setting. */
    enum Kind {
        RING("ring"),
        FEATURE("feature");

        final String word;

        Kind(String word) {
            this.word = word;
        }
    }

    /** Rebuilds the setting a state-file key names (the desired value is unknown there and left empty). */
    static Setting fromKey(String key) {
        if (key.startsWith("file:/")) {
            String path = key.substring("file:".length());
            return new File(path, path, "", Match.EXACT);
        }
        String[] parts = key.split(":");
        if (parts.length == 4 && parts[0].equals("ethtool")) {
            for (Kind kind : Kind.values()) {
                if (kind.word.equals(parts[2])) {
                    return new Ethtool(parts[1], kind, parts[3], "", Match.EXACT);
                }
            }
        }
        throw new IllegalArgumentException("unknown setting key '" + key + "'");
    }
}
