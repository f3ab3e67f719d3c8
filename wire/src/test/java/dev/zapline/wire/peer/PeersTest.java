package dev.zapline.wire.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

class PeersTest {

    @Test
    void aMissingPeerSkipsTheTestNamingItAndItsPackage() {
        assertThatThrownBy(() -> Peers.require(false, c -> !c.equals("h2load"), "curl", "h2load"))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("peer missing: h2load (Debian: nghttp2-client)")
                .hasMessageNotContaining("curl");
    }

    @Test
    void underCiAMissingPeerFailsTheTest() {
        assertThatThrownBy(() -> Peers.require(true, c -> false, "nginx"))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("peer missing: nginx (Debian: nginx)")
                .hasMessageContaining("CI=true");
    }

    @Test
    void installedPeersLetTheTestRun() {
        assertThatCode(() -> Peers.require(true, c -> true, "node", "npm", "prometheus"))
                .doesNotThrowAnyException();
    }

    @Test
    void anUnknownPeerIsAMistakeInTheTest() {
        assertThatThrownBy(() -> Peers.require(false, c -> true, "wrk"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a known peer: wrk");
    }

    @Test
    void theTestScriptInstallsExactlyThePeersTheTestsKnow() throws IOException {
        String script = Files.readString(Path.of("..", "test"));
        Matcher list = Pattern.compile("(?s)\\npeers=\\((.*?)\\)").matcher(script);
        assertThat(list.find()).as("a peers=(...) list in ./test").isTrue();
        Map<String, String> listed = new TreeMap<>();
        Matcher pair = Pattern.compile("([\\w-]+):([\\w.+-]+)").matcher(list.group(1));
        while (pair.find()) {
            listed.put(pair.group(1), pair.group(2));
        }
        assertThat(listed).isEqualTo(new TreeMap<>(Peers.PACKAGES));
    }
}
