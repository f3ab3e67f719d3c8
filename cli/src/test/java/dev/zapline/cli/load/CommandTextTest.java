package dev.zapline.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link CommandText}: what a shell would need quoted is quoted, and credential headers are not shown. */
class CommandTextTest {

    @Test
    void quotesWhatAShellWouldSplitAndKeepsTheRest() {
        assertThat(CommandText.of(List.of("http://h:1/x?a=1&b=2", "--rate", "10", "-H", "X-Note: it's")))
                .isEqualTo("zapline load 'http://h:1/x?a=1&b=2' --rate 10 -H 'X-Note: it'\\''s'");
        assertThat(CommandText.of(List.of("load", "http://h/x"))).isEqualTo("zapline load http://h/x");
    }

    @Test
    void credentialHeadersAreRedacted() {
        String line = CommandText.of(List.of(
                "http://h/x",
                "-H",
                "Authorization: Bearer s3cret",
                "-H",
                "cookie: a=b",
                "-H",
                "X-Api-Key: k",
                "-H",
                "X-Auth-Token: t",
                "-H",
                "Accept: text/plain"));
        assertThat(line).doesNotContain("s3cret", "a=b", ": k", ": t'").contains("'Accept: text/plain'");
        assertThat(line).contains("'Authorization: ***'", "'cookie: ***'", "'X-Api-Key: ***'", "'X-Auth-Token: ***'");
    }
}
