package dev.zapline.load.journey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** File arguments, weights, environments and their precedence, and the refusals that involve several files. */
class JourneyPlansTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    private String error(Executable run) {
        JourneyException e = catchThrowableOfType(JourneyException.class, run::execute);
        assertThat(e).isNotNull();
        return e.getMessage().replace(dir + "/", "");
    }

    private String error(List<String> args, String env) {
        return error(() -> JourneyPlans.load(args, env, null, DataMode.SEQUENTIAL, 1));
    }

    private String arg(String name) {
        return dir.resolve(name).toString();
    }

    @Test
    void weightsAndNames() throws IOException {
        write("a.http", "GET http://h/a\n");
        write("b.rest", "GET http://h/b\n");
        JourneyPlan plan =
                JourneyPlans.load(List.of(arg("a.http") + ":5", arg("b.rest")), null, null, DataMode.SEQUENTIAL, 9);
        assertThat(plan.journeys()).extracting(Journey::name).containsExactly("a", "b");
        assertThat(plan.journeys()).extracting(Journey::weight).containsExactly(5, 1);
        assertThat(plan.journeys())
                .extracting(Journey::file)
                .containsExactly(dir.resolve("a.http"), dir.resolve("b.rest"));
        assertThat(plan.data()).isNull();
        assertThat(plan.origin()).isEqualTo("http://h:80");
    }

    @Test
    void badArguments() throws IOException {
        write("a.http", "GET http://h/a\n");
        write("sub/a.http", "GET http://h/a\n");
        write("n.txt", "GET http://h/a\n");
        assertThat(error(List.of(arg("a.http") + ":0"), null))
                .isEqualTo("a.http:1:1: expected a weight from 1 to 2147483647 after ':', found 0");
        assertThat(error(List.of(arg("a.http") + ":99999999999"), null))
                .isEqualTo("a.http:1:1: expected a weight from 1 to 2147483647 after ':', found 99999999999");
        assertThat(error(List.of(arg("none.http") + ":2"), null))
                .isEqualTo("none.http:2:1:1: no such file (expected FILE.http or FILE.http:WEIGHT)");
        assertThat(error(List.of(arg("n.txt")), null)).isEqualTo("n.txt:1:1: expected a .http or .rest file");
        assertThat(error(List.of(arg("a.http"), arg("sub/a.http")), null))
                .isEqualTo("sub/a.http:1:1: a journey named 'a' is already read from a.http; journeys are named after "
                        + "their"
                        + " files");
    }

    @Test
    void everyFileGoesToTheFirstOrigin() throws IOException {
        write("a.http", "GET http://h/a\n");
        write("b.http", "\n\nGET https://h/b\n");
        assertThat(error(List.of(arg("a.http"), arg("b.http")), null))
                .isEqualTo("b.http:3:1: every request of a run goes to one origin (first: http://h:80); this one goes "
                        + "to https://h:443");
    }

    @Test
    void precedenceFileVariableThenEnvironmentThenShared() throws IOException {
        write(
                "http-client.env.json",
                "{\"$shared\": {\"a\": \"shared\", \"b\": \"shared\", \"c\": \"shared\", "
                        + "\"d\": \"shared\"},\n \"dev\": {\"b\": \"dev\", \"c\": \"dev\", \"n\": 12.50, "
                        + "\"t\": true}}");
        write(
                "http-client.private.env.json",
                "{\"$shared\": {\"d\": \"private-shared\"}, \"dev\": {\"c\": \"private\"}}");
        write("p.http", "@a = file {{b}}\nGET http://h/?a={{a}}&b={{b}}&c={{c}}&d={{d}}&n={{n}}&t={{t}}\n");
        JourneyPlan plan = JourneyPlans.load(List.of(arg("p.http")), "dev", null, DataMode.SEQUENTIAL, 1);
        assertThat(Render.template(plan.journeys().get(0).steps().get(0).target()))
                .isEqualTo("/?a=file dev&b=dev&c=private&d=private-shared&n=12.50&t=true");
        assertThat(error(List.of(arg("p.http")), null))
                .isEqualTo("p.http:2:51: undefined variable 'n' (a data column needs --data FILE.csv or FILE.json)");
    }

    @Test
    void environmentErrors() throws IOException {
        write("e/http-client.env.json", "{\"dev\": {}, \"prod\": {}, \"$shared\": {}}");
        write("e/http-client.private.env.json", "{\"stage\": {}}");
        write("e/x.http", "GET http://h/\n");
        assertThat(error(List.of(arg("e/x.http")), "qa"))
                .isEqualTo("e/http-client.env.json:1:1: no environment 'qa' in http-client.env.json or "
                        + "http-client.private.env.json; found: dev, prod, stage");
        write("n/x.http", "GET http://h/\n");
        assertThat(error(List.of(arg("n/x.http")), "dev"))
                .isEqualTo("n/x.http:1:1: environment 'dev' is selected but there is no http-client.env.json or "
                        + "http-client.private.env.json beside this file");
        write("s/x.http", "GET http://h/\n");
        write("s/http-client.private.env.json", "{\n  \"dev\": {\"a\": \"b\",}\n}");
        assertThat(error(List.of(arg("s/x.http")), "dev"))
                .isEqualTo("s/http-client.private.env.json:2:20: expected a quoted key, found '}'");
        write("o/x.http", "GET http://h/\n");
        write("o/http-client.env.json", "{\"dev\": {\"ssl\": {\"cert\": \"x\"}}}");
        assertThat(error(List.of(arg("o/x.http")), "dev"))
                .isEqualTo(
                        "o/http-client.env.json:1:17: expected a string, number or boolean for variable 'ssl', found "
                                + "an "
                                + "object");
        write("l/x.http", "GET http://h/\n");
        write("l/http-client.env.json", "[]");
        assertThat(error(List.of(arg("l/x.http")), null))
                .isEqualTo("l/http-client.env.json:1:1: expected an object of environments, found an array");
        write("m/x.http", "GET http://h/\n");
        write("m/http-client.env.json", "{\"dev\": \"x\"}");
        assertThat(error(List.of(arg("m/x.http")), null))
                .isEqualTo("m/http-client.env.json:1:9: expected an object of variables for environment 'dev', found a "
                        + "string");
    }

    @Test
    void undefinedVariableWithoutDataMentionsData() throws IOException {
        write("u.http", "GET http://h/{{user}}\n");
        assertThat(error(List.of(arg("u.http")), null))
                .isEqualTo("u.http:1:16: undefined variable 'user' (a data column needs --data FILE.csv or FILE.json)");
    }

    @Test
    void substitutedBodyFileHostHeaderAndVariablesInTheQuery() throws IOException {
        write("body.txt", "id={{id}}\nat={{$timestamp}}\n");
        write("raw.bin", "{{id}}");
        write("d.csv", "id\n7\n");
        write(
                "s.http",
                "@id = v{{ id2 }}\n@id2 = 2\n"
                        + "POST http://h\n  /items\n  ?id={{id}}\n  &raw=1 HTTP/1.1\n  // not part of the URL\n"
                        + "Host: other.example\n\n<@ ./body.txt\n"
                        + "< raw.bin\n");
        JourneyPlan plan =
                JourneyPlans.load(List.of(arg("s.http")), null, dir.resolve("d.csv"), DataMode.SEQUENTIAL, 1);
        Step s = plan.journeys().get(0).steps().get(0);
        assertThat(Render.template(s.target())).isEqualTo("/items?id=v2&raw=1");
        assertThat(Render.headers(s)).containsExactly("Host: other.example");
        assertThat(Render.template(s.body())).isEqualTo("id=v2\nat=<TIMESTAMP 0 0>\n\n{{id}}");
        assertThat(s.name()).isEqualTo("POST /items");
    }

    @Test
    void exportNamesDoNotShadowVariables() throws IOException {
        write("g.http", "# @gg-export t = jsonpath: $.t\nGET http://h/\n\n###\n@t = 1\nGET http://h/{{t}}\n");
        assertThat(error(List.of(arg("g.http")), null))
                .isEqualTo("g.http:5:1: variable 't' is already a # @gg-export name");
    }
}
