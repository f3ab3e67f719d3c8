package dev.zapline.load.threshold;

import dev.zapline.load.report.JsonReport;
import java.math.BigDecimal;

/** The little JSON the verdicts need: strings escaped, numbers in their shortest exact decimal form. */
final class Json {

    private Json() {}

    static String string(String s) {
        return JsonReport.quote(new StringBuilder(s.length() + 2), s).toString();
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
