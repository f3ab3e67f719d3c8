package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.cli.inspect.Samples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InspectCommandTest {

    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    @Test
    void decodesTheBundledFrameStream() {
        CliRun run = CliRun.of("inspect", "--sample");
        assertThat(run.exit()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out())
                .contains(
                        "frame 1 at offset 4 (205 bytes)",
                        "type     1 (request)",
                        "method   POST",
                        "target   /v1/blocks?height=42",
                        "Content-Type: application/json",
                        "X-Trace-Id: abc-123",
                        "body     {\"jsonrpc\":\"2.0\",\"method\":\"eth_blockNumber\"}",
                        "frame 2 at offset 213 (156 bytes)",
                        "status   200",
                        "reason   OK");
    }

    @Test
    void printsFieldsByANamedLayout() {
        CliRun run = CliRun.of("inspect", "--sample", "eth-request");
        assertThat(run.exit()).isZero();
        assertThat(run.out())
                .contains(
                        "size     82",
                        "id       1",
                        "block    68943",
                        "method   eth_getBalance",
                        "account  0xdeadbeef00112233445566778899aabbccddeeff");
    }

    @Test
    void printsJsonWithTheSameFields() throws IOException {
        Path hex = write(
                "resp.hex",
                ("# eth response\n"
                                + HexFormat.of()
                                        .formatHex(Samples.bytes("eth-response"))
                                        .replaceAll("(.{32})", "$1\n"))
                        .getBytes());
        CliRun run = CliRun.of(
                "inspect",
                "--hex",
                hex.toString(),
                "--layout",
                "id:u64@0,balance:u64@8,nonce:u64@16,blockHash:bytes@24",
                "--json");
        assertThat(run.exit()).isZero();
        assertThat(run.out().strip())
                .startsWith("{\"messages\":[{\"offset\":0,\"length\":80,\"header\":{")
                .contains(
                        "\"size\":80",
                        "\"id\":1",
                        "\"balance\":1000000000000069003",
                        "\"nonce\":42",
                        "\"blockHash\":\"0x0123456789abcdeffedcba98765432100f1e2d3c4b5a69788796a5b4c3d2e1f0\"");
    }

    @Test
    void showsABinaryBodyAsHex() throws IOException {
        dev.zapline.wire.ZapBuilder b = new dev.zapline.wire.ZapBuilder();
        byte[] body = {0, 1, (byte) 0xFF};
        dev.zapline.codec.zaphttp.ZapHttpWriter.response(b, false, 404, "", "", null, body, 0, 3, null);
        CliRun run = CliRun.of("inspect", write("r.bin", b.toByteArray()).toString());
        assertThat(run.exit()).isZero();
        assertThat(run.out())
                .contains("status   404", "reason   Not Found", "proto    ZAP-HTTP/1.0", "body     hex:0001ff");
    }

    @Test
    void badFrameInAStreamNamesItsAbsoluteOffsetAfterTheGoodOnes() throws IOException {
        byte[] stream = Samples.bytes("stream");
        byte[] broken = Arrays.copyOf(stream, stream.length);
        broken[213] = 'X';
        CliRun run = CliRun.of("inspect", write("s.bin", broken).toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out()).contains("frame 1 at offset 4");
        assertThat(run.err().strip()).isEqualTo("zapline inspect: offset 213: bad magic 0x58415000, expected 5a415000");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "truncated header         | 5a41500001000000                 "
                        + "| offset 0: message of 8 bytes is shorter than the 16-byte header",
                "lying size               | 5a41500001000000100000004000000000000000 "
                        + "| offset 12: size 64 outside [16, 20] (bytes available)",
                "unknown version          | 5a41500009000000100000001000000000 "
                        + "| offset 4: unknown version 9, expected 1 or 2",
                "zero-length frame        | 00000000                         " + "| offset 0: zero-length frame",
                "frame past the end       | 000000105a415000                 "
                        + "| offset 0: frame of 16 bytes but only 4 follow",
                "truncated prefix         | 0000                             "
                        + "| offset 0: truncated frame length prefix: 2 of 4 bytes",
                "bad hex digit            | 5a4g                             "
                        + "| hex input character 3: 'g' is not a hex digit",
                "odd hex digits           | 5a4                              "
                        + "| hex input has an odd number of digits (3)",
            })
    void badInputIsOneLineAndExitStatus2(String name, String hex, String message) throws IOException {
        CliRun run =
                CliRun.of("inspect", "--hex", write("in.hex", hex.getBytes()).toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("zapline inspect: " + message + System.lineSeparator());
        assertThat(run.err()).doesNotContain("Exception", "\tat ");
    }

    @Test
    void requestFieldPointingPastTheFrameIsReportedNotReadAsEmpty() throws IOException {
        byte[] bytes = Samples.bytes("http-request");
        bytes[16 + 8] = (byte) 0xF0; // target relOffset far past the end
        CliRun run = CliRun.of("inspect", write("r.bin", bytes).toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).startsWith("zapline inspect: offset 24: text 'target': payload [");
    }

    @Test
    void badLayoutAndMissingFileAreUsageErrors() {
        assertThat(CliRun.of("inspect", "--sample", "eth-request", "--layout", "id:u65")
                        .err())
                .isEqualTo("zapline inspect: field id: unknown type 'u65'" + System.lineSeparator());
        CliRun missing = CliRun.of("inspect", dir.resolve("nope.bin").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file:");
    }

    @Test
    void saveWritesTheSampleBytesThatInspectThenReadsBack(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path call = dir.resolve("call.bin");
        CliRun saved = CliRun.of("inspect", "--sample", "eth-request", "--save", call.toString());
        assertThat(saved.exit()).as(saved.err()).isZero();
        assertThat(java.nio.file.Files.readAllBytes(call))
                .isEqualTo(dev.zapline.cli.inspect.Samples.bytes("eth-request"));
        CliRun again = CliRun.of("inspect", call.toString(), "--layout", "eth-request");
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.out()).isEqualTo(saved.out());
        // bad input is not saved
        java.nio.file.Path garbage = java.nio.file.Files.write(dir.resolve("garbage.bin"), new byte[] {1, 2, 3});
        java.nio.file.Path bad = dir.resolve("bad.bin");
        assertThat(CliRun.of("inspect", garbage.toString(), "--save", bad.toString())
                        .exit())
                .isEqualTo(2);
        assertThat(bad).doesNotExist();
    }
}
