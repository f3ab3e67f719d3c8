package dev.zapline.cli.tune;

import java.util.ArrayList;
import java.util.List;

/**
 * The shell form of changes: one command per setting for {@code plan}, and a whole bash script for
 * {@code plan --print-script}. Every line writes an absolute value, so the script is idempotent without
 * comparing first: running it again writes the same values.
 */
final class ShellScript {

    private ShellScript() {}

    /** The command that sets one setting to its recommended value. */
    static String command(SettingIo io, Setting setting) {
        return switch (setting) {
            case Setting.File f -> "echo " + quote(f.desired()) + " > " + quote(io.where(f));
            case Setting.Ethtool e ->
                "ethtool " + (e.kind() == Setting.Kind.RING ? "-G " : "-K ") + quote(e.iface()) + " " + e.param() + " "
                        + e.desired();
        };
    }

    /** A bash script equivalent to {@code apply} for these changes, minus the saved state. */
    static List<String> script(Survey survey, List<Finding> changes) {
        List<String> lines = new ArrayList<>(List.of(
                "#!/usr/bin/env bash",
                "# " + survey.heading("plan --print-script") + ", " + changes.size() + " change"
                        + (changes.size() == 1 ? "" : "s") + ".",
                "# Each line writes an absolute value, so running this twice changes nothing the second time.",
                "# A setting the kernel or driver refuses is reported and skipped; the exit status is then 1.",
                "# Unlike 'zapline tune apply' this keeps no copy of the previous values: 'zapline tune revert'"
                        + " cannot undo it.",
                "set -eu",
                "if [ \"$(id -u)\" -ne 0 ]; then echo 'run as root' >&2; exit 2; fi",
                "refused=0",
                "put() {",
                "  if ! { printf '%s\\n' \"$2\" > \"$1\"; } 2>/dev/null; then",
                "    echo \"refused: $1 = $2\" >&2; refused=$((refused + 1))",
                "  fi",
                "}",
                "run() {",
                "  if ! \"$@\"; then echo \"refused: $*\" >&2; refused=$((refused + 1)); fi",
                "}"));
        for (Finding f : changes) {
            lines.add(
                    switch (f.setting()) {
                        case Setting.File file -> "put " + quote(survey.io().where(file)) + " " + quote(file.desired());
                        case Setting.Ethtool e -> "run " + command(survey.io(), e);
                    });
        }
        lines.add("if [ \"$refused\" -ne 0 ]; then echo \"$refused setting(s) refused\" >&2; exit 1; fi");
        lines.add("echo 'zapline tune: " + changes.size() + " setting(s) written'");
        return lines;
    }

    /** Single-quotes a word for the shell when it holds anything but safe characters. */
    static String quote(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:,=+-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
