package dev.zapline.cli.k8s;

import java.util.regex.Pattern;

/**
 * The syntax Kubernetes accepts for the values {@code zapline k8s job} writes into a manifest: object names, label
 * values and resource quantities, checked when the manifest is printed rather than when the API server refuses it.
 */
public final class K8sNames {

    /** RFC 1123 label: what Job and pod names must be. */
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    /** RFC 1123 subdomain: claim names. */
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    /** A label value (also a label name's last part), non-empty here. */
    private static final Pattern LABEL_VALUE = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");

    /** A label key: an optional DNS subdomain prefix and a slash, then a name like a label value. */
    private static final Pattern LABEL_KEY =
            Pattern.compile("(" + DNS_SUBDOMAIN.pattern() + "/)?" + LABEL_VALUE.pattern());

    /** A resource quantity: a decimal number and a binary or decimal suffix, or an exponent. */
    private static final Pattern QUANTITY =
            Pattern.compile("(\\d+(\\.\\d*)?|\\.\\d+)(Ki|Mi|Gi|Ti|Pi|Ei|m|k|M|G|T|P|E|[eE][-+]?\\d+)?");

    private K8sNames() {}

    /**
     * {@code value} if it is an RFC 1123 label of at most {@code max} characters.
     *
     * @throws IllegalArgumentException naming {@code what} otherwise
     */
    public static String label(String what, String value, int max) {
        if (value.length() > max || !DNS_LABEL.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " '" + value + "': use at most " + max
                    + " lower-case letters, digits and '-', starting and ending with a letter or digit");
        }
        return value;
    }

    /** {@code value} if it is an RFC 1123 subdomain of at most 253 characters; else IllegalArgumentException. */
    public static String subdomain(String what, String value) {
        if (value.length() > 253 || !DNS_SUBDOMAIN.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " '" + value
                    + "': use lower-case letters, digits, '-' and '.' (a DNS name of at most 253 characters)");
        }
        return value;
    }

    /** {@code value} if it is a non-empty label value of at most 63 characters; else IllegalArgumentException. */
    public static String labelValue(String what, String value) {
        if (value.length() > 63 || !LABEL_VALUE.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " '" + value + "': use at most 63 letters, digits, '-', '_' and"
                    + " '.', starting and ending with a letter or digit (it is a label value and a directory name)");
        }
        return value;
    }

    /** {@code value} if it is a label key ({@code name} or {@code prefix/name}); else IllegalArgumentException. */
    public static String labelKey(String what, String value) {
        int slash = value.indexOf('/');
        String name = value.substring(slash + 1);
        if (name.length() > 63 || slash > 253 || !LABEL_KEY.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " '" + value + "': not a label key (name or prefix/name)");
        }
        return value;
    }

    /** {@code value} if it is a resource quantity ({@code 2}, {@code 500m}, {@code 1Gi}) */
    public static String quantity(String what, String value) {
        if (!QUANTITY.matcher(value).matches()) {
            throw new IllegalArgumentException(
                    what + " '" + value + "': not a Kubernetes quantity (e.g. 2, 500m, 1Gi, 512Mi)");
        }
        return value;
    }
}
