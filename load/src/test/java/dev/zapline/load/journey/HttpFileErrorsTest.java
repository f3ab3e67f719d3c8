package dev.zapline.load.journey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every way a .http file can be refused, with the exact {@code file:line:column: message}. */
class HttpFileErrorsTest {

    @TempDir
    Path dir;

    private String error(List<String> args, String env, Path data) {
        JourneyException e = catchThrowableOfType(
                JourneyException.class, () -> JourneyPlans.load(args, env, data, DataMode.SEQUENTIAL, 1));
        assertThat(e).isNotNull();
        return e.getMessage().replace(dir + "/", "");
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private String error(String http) throws IOException {
        Path data = write("d.csv", "user,sku\nann,A\n");
        return error(List.of(write("t.http", http).toString()), null, data);
    }

    static Stream<Arguments> files() {
        return Stream.of(
                Arguments.of(
                        "TRACE http://h/\n",
                        "t.http:1:1: TRACE is not supported; use GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"),
                Arguments.of(
                        "  FETCH http://h/\n",
                        "t.http:1:3: unknown method 'FETCH'; expected GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"),
                Arguments.of("hello\n", "t.http:1:1: expected a request line 'METHOD URL' or a URL, found 'hello'"),
                Arguments.of("GET\n", "t.http:1:4: expected a URL after GET"),
                Arguments.of("GET h2c://h/x\n", "t.http:1:5: unsupported scheme 'h2c'; supported: http, https"),
                Arguments.of(
                        "GET /x\n",
                        "t.http:1:5: expected an absolute URL starting with http:// or https://, found '/x'"),
                Arguments.of(
                        "GET http://h/x HTTP/2\n",
                        "t.http:1:16: expected HTTP/1.1 or the end of the line after the URL, found 'HTTP/2'"),
                Arguments.of(
                        "GET http://u:p@h/x\n",
                        "t.http:1:5: user info in the URL is not supported; send an Authorization header"),
                Arguments.of("GET http://h:99999/x\n", "t.http:1:5: expected a port from 1 to 65535, found '99999'"),
                Arguments.of(
                        "GET http://{{user}}/x\n",
                        "t.http:1:14: the URL's scheme, host and port must be constant, found data column 'user' "
                                + "before the path"),
                Arguments.of(
                        "GET {{$uuid}}/x\n",
                        "t.http:1:7: expected the URL to start with http:// or https://, found a dynamic value (the "
                                + "scheme, host and port must be constant)"),
                Arguments.of("GET http://h/x#top\n", "t.http:1:5: a URL fragment (#...) is never sent; remove it"),
                Arguments.of(
                        "GET http://a/x\n\n###\nGET http://b/y\n",
                        "t.http:4:1: every request of a run goes to one origin (first: http://a:80); this one goes "
                                + "to http://b:80"),
                Arguments.of(
                        "POST http://h/x\nContent-Length: 3\n\nabc\n",
                        "t.http:2:1: Content-Length is set by the load generator, which frames the body; remove this "
                                + "header"),
                Arguments.of(
                        "POST http://h/x\n  Transfer-Encoding: chunked\n",
                        "t.http:2:3: Transfer-Encoding is set by the load generator, which frames the body; remove "
                                + "this header"),
                Arguments.of(
                        "POST http://h/x\nnot a header\n",
                        "t.http:2:1: expected a header 'Name: value' or a blank line before the body, found 'not a "
                                + "header'"),
                Arguments.of(
                        "GET http://h/x\n\n> {% client.global.set('t', response.body.token) %}\n",
                        "t.http:3:1: response handler scripts are not run; extract values with '# @gg-export NAME = "
                                + "jsonpath: $.path' and test responses with '# @check ...' before the request line"),
                Arguments.of(
                        "GET http://h/x\n> ./check.js\n",
                        "t.http:2:1: response handler scripts are not run; extract values with '# @gg-export NAME = "
                                + "jsonpath: $.path' and test responses with '# @check ...' before the request line"),
                Arguments.of(
                        "< {%\n  request.variables.set('a', '1')\n%}\nGET http://h/x\n",
                        "t.http:1:1: pre-request scripts are not run; use file variables, environment files, data "
                                + "columns or {{$uuid}}-style values"),
                Arguments.of(
                        "POST http://h/x\n\n  < {% %}\n",
                        "t.http:3:3: pre-request scripts are not run; use file variables, environment files, data "
                                + "columns or {{$uuid}}-style values"),
                Arguments.of(
                        "GET http://h/x\n\n>> out.json\n",
                        "t.http:3:1: response redirects (>> FILE) are not supported: journeys do not save responses"),
                Arguments.of(
                        "GET http://h/x\n\n>>! out.json\n",
                        "t.http:3:1: response redirects (>> FILE) are not supported: journeys do not save responses"),
                Arguments.of(
                        "@a = {{b}}\n@b = x{{a}}\nGET http://h/{{a}}\n", "t.http:2:9: variable cycle: a -> b -> a"),
                Arguments.of(
                        "@v = 1\nGET http://h/{{$datetime iso8601}}\n",
                        "t.http:2:16: unknown dynamic variable $datetime; supported: $uuid, $guid, $randomInt, "
                                + "$randomInt MIN MAX, $timestamp, $isoTimestamp"),
                Arguments.of(
                        "GET http://h/{{ $randomInt 5 5 }}\n",
                        "t.http:1:17: expected MIN < MAX in $randomInt MIN MAX, found 5 and 5"),
                Arguments.of(
                        "GET http://h/{{$randomInt 1}}\n",
                        "t.http:1:16: expected $randomInt or $randomInt MIN MAX, found '$randomInt 1'"),
                Arguments.of("GET http://h/{{$uuid 4}}\n", "t.http:1:16: $uuid takes no arguments; found '$uuid 4'"),
                Arguments.of(
                        "@token = t\nGET http://h/{{tokn}}\n",
                        "t.http:2:16: undefined variable 'tokn'; did you mean 'token'?"),
                Arguments.of("GET http://h/{{usr}}\n", "t.http:1:16: undefined variable 'usr'; did you mean 'user'?"),
                Arguments.of("GET http://h/{{nothing}}\n", "t.http:1:16: undefined variable 'nothing'"),
                Arguments.of("GET http://h/{{x\n", "t.http:1:14: expected '}}' to close this '{{'"),
                Arguments.of("GET http://h/{{ }}\n", "t.http:1:14: expected a variable name inside {{}}"),
                Arguments.of(
                        "GET http://h/{{later.response.body.$.id}}\n\n###\n# @name later\nGET http://h/\n",
                        "t.http:1:16: request 'later' is not defined before line 1"),
                Arguments.of(
                        "# @name a\nGET http://h/\n\n###\nGET http://h/{{a.response.body.*}}\n",
                        "t.http:5:16: the whole body (*) cannot be referenced; name a JSONPath such as "
                                + "a.response.body.$.token"),
                Arguments.of(
                        "# @name a\nGET http://h/\n\n###\nGET http://h/{{a.response.body.//id}}\n",
                        "t.http:5:32: expected a JSONPath starting with '$' after 'body.' (XPath is not supported)"),
                Arguments.of(
                        "# @name a\nGET http://h/\n\n###\nGET http://h/{{a.response.body.$.items[*]}}\n",
                        "t.http:5:40: wildcards are not supported; name the member or index"),
                Arguments.of(
                        "# @name a\nGET http://h/\n\n###\nGET http://h/{{a.response.cookies.x}}\n",
                        "t.http:5:27: expected body.$PATH or headers.NAME after 'response.', found 'cookies.x'"),
                Arguments.of(
                        "# @name a\nGET http://h/\n\n###\nGET http://h/{{a.request.body.$.x}}\n",
                        "t.http:5:16: only responses can be referenced: {{name.response.body.$.path}} or "
                                + "{{name.response.headers.Name}}"),
                Arguments.of(
                        "# @name a\nGET http://h/\n\n###\nGET http://h/{{a.response.body.$.x y}}\n",
                        "t.http:5:36: unexpected 'y' after the JSONPath"),
                Arguments.of(
                        "# @gg-export id = jsonpath: $.id x\nGET http://h/\n",
                        "t.http:1:33: unexpected 'x' after the JSONPath"),
                Arguments.of("GET http:///x\n", "t.http:1:5: expected a host after http://"),
                Arguments.of(
                        "# @name a\n# @name b\nGET http://h/\n", "t.http:2:3: @name is given twice for this request"),
                Arguments.of(
                        "# @gg-export id = regex: id=([0-9+)\nGET http://h/\n",
                        "t.http:1:35: bad regex: Unclosed character class"),
                Arguments.of(
                        "# @gg-export id = xpath: //id\nGET http://h/\n",
                        "t.http:1:19: expected 'jsonpath:' or 'regex:' after '='"),
                Arguments.of(
                        "# @gg-export id jsonpath: $.id\nGET http://h/\n",
                        "t.http:1:17: expected '=' after the export name"),
                Arguments.of(
                        "# @gg-export user = jsonpath: $.id\nGET http://h/\n",
                        "t.http:1:14: 'user' is already a data column; choose another export name"),
                Arguments.of(
                        "# @gg-export id = jsonpath: $.id\nGET http://h/{{id}}\n",
                        "t.http:2:16: 'id' is exported by this request; it can be used from the next request on"),
                Arguments.of(
                        "# @gg-export id = jsonpath: $..id\nGET http://h/\n",
                        "t.http:1:30: recursive descent '..' is not supported; write each step"),
                Arguments.of(
                        "# @todo fix\nGET http://h/\n",
                        "t.http:1:3: unknown directive @todo; known: @name, @check, @expect, @think, @gg-export"),
                Arguments.of(
                        "// @timeout 5 s\nGET http://h/\n",
                        "t.http:1:4: @timeout is not supported per request; use --timeout for the run"),
                Arguments.of(
                        "# @connection-timeout 5\nGET http://h/\n",
                        "t.http:1:3: @connection-timeout is not supported per request; use --timeout for the run"),
                Arguments.of(
                        "# @think 5 minutes\nGET http://h/\n",
                        "t.http:1:10: expected a duration such as 250us, 500ms or 1.5s, found '5 minutes'"),
                Arguments.of(
                        "# @think 1s\n# @think 2s\nGET http://h/\n",
                        "t.http:2:3: @think is given twice for this request"),
                Arguments.of(
                        "# @expect status 2xx,600\nGET http://h/\n",
                        "t.http:1:11: expected statuses such as 404, 200,201, 2xx or 200-204, found 'status "
                                + "2xx,600'"),
                Arguments.of(
                        "# @expect 204-200\nGET http://h/\n",
                        "t.http:1:11: expected a range's end to be at least its start, found 204-200"),
                Arguments.of(
                        "# @name two words\nGET http://h/\n",
                        "t.http:1:9: expected one word after @name, found 'two words'"),
                Arguments.of(
                        "# @check status = 200\nGET http://h/\n",
                        "t.http:1:17: expected a comparison (== != < <= > >=)"),
                Arguments.of(
                        "# @check status == 20\nGET http://h/\n",
                        "t.http:1:20: expected a status code from 100 to 599"),
                Arguments.of(
                        "# @check status in 200-299\nGET http://h/\n",
                        "t.http:1:23: expected '..' between the statuses of a range, as in 'status in 200..299'"),
                Arguments.of(
                        "# @check latency < 1s\nGET http://h/\n",
                        "t.http:1:10: expected status, header, body, duration or a JSONPath ($...), found 'latency'"),
                Arguments.of(
                        "# @check body has x\nGET http://h/\n",
                        "t.http:1:15: expected 'exists' or 'contains' after 'body'"),
                Arguments.of(
                        "# @check $.name == John Smith\nGET http://h/\n",
                        "t.http:1:25: unexpected 'Smith' after the check (quote values with spaces)"),
                Arguments.of(
                        "# @check $.name == \"a\\qb\"\nGET http://h/\n",
                        "t.http:1:23: expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found 'q'"),
                Arguments.of(
                        "# @check header X-Id matches 1\nGET http://h/\n",
                        "t.http:1:22: expected exists, contains or a comparison (== != < <= > >=), found 'matches'"),
                Arguments.of(
                        "# @check duration < 2 seconds\nGET http://h/\n",
                        "t.http:1:21: expected a duration such as 250us, 200ms or 1.5s, found '2'"),
                Arguments.of("# @check $['a' == 1\nGET http://h/\n", "t.http:1:15: expected ']'"),
                Arguments.of(
                        "GET http://h/\n\n###\n# @check status == 200\n",
                        "t.http:4:3: this directive is not followed by a request line"),
                Arguments.of(
                        "### same\nGET http://h/a\n\n### same\nGET http://h/b\n",
                        "t.http:5:1: duplicate request name 'same' (first at line 2)"),
                Arguments.of(
                        "GET http://h/a\n\n###\nGET http://h/a?x=1\n",
                        "t.http:4:1: duplicate request name 'GET /a' (first at line 1)"),
                Arguments.of(
                        "@ x\nGET http://h/\n", "t.http:1:1: expected a file variable '@name = value', found '@ x'"),
                Arguments.of(
                        "@user = v\n",
                        "t.http:1:1: no requests: expected a request line such as GET " + "https://host/path"),
                Arguments.of(
                        "POST http://h/\n\n< ./missing.json\n",
                        "t.http:3:3: cannot read the body file: java.nio.file.NoSuchFileException: ./missing.json"));
    }

    @ParameterizedTest
    @MethodSource("files")
    void refused(String http, String expected) throws IOException {
        assertThat(error(http)).isEqualTo(expected);
    }
}
