package dev.zapline.load.threshold;

import java.math.BigDecimal;
import java.util.Locale;

/** The little JSON the verdicts need: strings escaped, numbers in their shortest exact decimal form. */
final class Json {

    private Json() {}

    static String string(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }

    /** {@code 5000}, {@code 0.001}, {@code 1234.567}: never an exponent, never NaN (null instead). */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "null";
        }
        BigDecimal d = BigDecimal.valueOf(v);
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }
}
