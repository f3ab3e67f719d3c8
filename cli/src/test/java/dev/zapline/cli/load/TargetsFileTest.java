package dev.zapline.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TargetsFileTest {

    @TempDir
    Path dir;

    @Test
    void readsBlocksHeadersBodiesAndComments() throws Exception {
        Files.createDirectories(dir.resolve("bodies"));
        Files.writeString(dir.resolve("bodies/rpc.json"), "{\"m\":1}");
        Path file = dir.resolve("t.txt");
        Files.writeString(file, """
                # two requests
                GET http://127.0.0.1:8080/health

                # the RPC
                POST http://127.0.0.1:8080/rpc?x=1
                Content-Type: application/json
                # comments do not end a block
                X-Id:  7
                @bodies/rpc.json


                DELETE http://127.0.0.1:8080/item/3\r
                """);
        List<TargetsFile.Entry> e = TargetsFile.read(file);
        assertThat(e).hasSize(3);
        assertThat(e.get(0).line()).isEqualTo(2);
        assertThat(e.get(0).method()).isEqualTo("GET");
        assertThat(e.get(0).target().target()).isEqualTo("/health");
        assertThat(e.get(0).headers()).isEmpty();
        assertThat(e.get(0).body()).isEmpty();
        assertThat(e.get(1).line()).isEqualTo(5);
        assertThat(e.get(1).target().target()).isEqualTo("/rpc?x=1");
        assertThat(e.get(1).headers())
                .containsExactly(Map.entry("Content-Type", "application/json"), Map.entry("X-Id", "7"));
        assertThat(new String(e.get(1).body(), StandardCharsets.UTF_8)).isEqualTo("{\"m\":1}");
        assertThat(e.get(2).line()).isEqualTo(12);
        assertThat(e.get(2).method()).isEqualTo("DELETE");
    }

    @Test
    void acceptsZapAndTheUnixSocketForm() throws Exception {
        List<TargetsFile.Entry> e = TargetsFile.parse("GET zap://h:9000/a\n\nGET zap://H:9000/b\n", "t", dir);
        assertThat(e).extracting(x -> x.target().target()).containsExactly("/a", "/b");
        List<TargetsFile.Entry> u =
                TargetsFile.parse("GET zap:///run/z.sock?path=/a\n\nGET zap:///run/z.sock?path=/b", "t", dir);
        assertThat(u).extracting(x -> x.target().target()).containsExactly("/a", "/b");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "not a request line | GET | t line 1: 'GET' is not 'METHOD URL'",
                "three words | GET http://h:1/ extra | t line 1: 'GET http://h:1/ extra' is not",
                "bad method | G(T http://h:1/ | t line 1: method 'G(T' is not an HTTP token",
                "bad url | GET ftp://h/x | t line 1: URL 'ftp://h/x'",
                "zap without port | GET zap://h/x | t line 1: URL 'zap://h/x': zap:// needs a port",
                "other port | GET http://h:1/a\\n\\nGET http://h:2/b | "
                        + "t line 3: http://h:2/b is not on the origin of line 1 (http://h:1/a)",
                "other scheme | GET http://h:1/a\\n\\n#c\\nGET zap://h:1/b | "
                        + "t line 4: zap://h:1/b is not on the origin of line 1",
                "other host | GET http://h:1/a\\n\\nGET http://g:1/b | t line 3: http://g:1/b is not on the origin",
                "other socket | GET zap:///a.sock\\n\\nGET zap:///b.sock | "
                        + "t line 3: zap:///b.sock is not on the origin",
                "bad header | GET http://h:1/a\\nX-Id 7 | t line 2: 'X-Id 7' is not a header 'Name: value'",
                "empty header name | GET http://h:1/a\\n: 7 | t line 2: ': 7' is not a header",
                "header after body | GET http://h:1/a\\n@b.txt\\nX-Id: 7 | t line 3: 'X-Id: 7' after the body line",
                "two bodies | GET http://h:1/a\\n@b.txt\\n@b.txt | t line 3: a second body line",
                "missing body file | GET http://h:1/a\\n\\nPOST http://h:1/b\\n@nope.json | t line 4: body file",
                "at without name | GET http://h:1/a\\n@ | t line 2: '@' without a file name",
                "no request | # only a comment\\n\\n | t: no request",
            })
    void rejectsMistakesNamingTheLine(String what, String text, String message) throws Exception {
        Files.writeString(dir.resolve("b.txt"), "body");
        assertThatThrownBy(() -> TargetsFile.parse(text.replace("\\n", "\n"), "t", dir))
                .as(what)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void aMissingFileIsNamed() {
        assertThatThrownBy(() -> TargetsFile.read(dir.resolve("none.txt")))
                .hasMessageContaining("none.txt")
                .hasMessageContaining("does not exist");
    }
}
