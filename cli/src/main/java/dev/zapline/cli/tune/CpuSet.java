package dev.zapline.cli.tune;

import java.util.BitSet;

/**
 * A set of CPU numbers, read from the kernel's list form ({@code 0-3,6}) or mask form ({@code 00000000,0000000f})
 * and written back in mask form. Immutable.
 */
final class CpuSet {

    private static final int WORD_BITS = 32;

    private final BitSet bits;

    private CpuSet(BitSet bits) {
        this.bits = bits;
    }

    /** Builds a set holding exactly the given CPUs. */
    static CpuSet of(int... cpus) {
        BitSet b = new BitSet();
        for (int cpu : cpus) {
            b.set(cpu);
        }
        return new CpuSet(b);
    }

    /** Parses the list form used by {@code /sys/devices/system/cpu/online}: ranges and single numbers. */
    static CpuSet parseList(String text) {
        BitSet b = new BitSet();
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            return new CpuSet(b);
        }
        for (String part : trimmed.split(",")) {
            int dash = part.indexOf('-');
            try {
                int from = Integer.parseInt(
                        part.substring(0, dash < 0 ? part.length() : dash).strip());
                int to = dash < 0
                        ? from
                        : Integer.parseInt(part.substring(dash + 1).strip());
                if (from < 0 || to < from) {
                    throw new IllegalArgumentException("bad CPU range '" + part + "' in '" + trimmed + "'");
                }
                b.set(from, to + 1);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad CPU list '" + trimmed + "'", e);
            }
        }
        return new CpuSet(b);
    }

    /** Parses the hex mask form; commas split 32-bit words, most significant word first. */
    static CpuSet parseMask(String text) {
        String[] words = text.strip().split(",");
        BitSet b = new BitSet();
        for (int i = 0; i < words.length; i++) {
            String word = words[words.length - 1 - i].strip();
            long value;
            try {
                value = word.isEmpty() ? 0 : Long.parseLong(word, 16);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad CPU mask '" + text.strip() + "'", e);
            }
            if (value < 0 || value > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException(
                        "CPU mask word '" + word + "' wider than 32 bits in '" + text.strip() + "'");
            }
            for (int bit = 0; bit < WORD_BITS; bit++) {
                if ((value & (1L << bit)) != 0) {
                    b.set(i * WORD_BITS + bit);
                }
            }
        }
        return new CpuSet(b);
    }

    /** The mask form the kernel accepts: most significant word unpadded, the rest eight hex digits each. */
    String toMask() {
        int words = Math.max(1, (bits.length() + WORD_BITS - 1) / WORD_BITS);
        StringBuilder sb = new StringBuilder();
        for (int w = words - 1; w >= 0; w--) {
            long word = 0;
            for (int bit = 0; bit < WORD_BITS; bit++) {
                if (bits.get(w * WORD_BITS + bit)) {
                    word |= 1L << bit;
                }
            }
            String hex = Long.toHexString(word);
            if (w != words - 1) {
                sb.append(',').append("0".repeat(8 - hex.length()));
            }
            sb.append(hex);
        }
        return sb.toString();
    }

    /** The CPUs in ascending order. */
    int[] cpus() {
        return bits.stream().toArray();
    }

    int size() {
        return bits.cardinality();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuSet other && bits.equals(other.bits);
    }

    @Override
    public int hashCode() {
        return bits.hashCode();
    }

    @Override
    public String toString() {
        return bits.toString();
    }
}
