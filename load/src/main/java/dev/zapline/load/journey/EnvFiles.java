package dev.zapline.load.journey;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The environment of one {@code .http} file: {@code http-client.env.json} and {@code http-client.private.env.json}
 * in the same directory, each an object of environments ({@code {"dev": {"host": "..."}, "$shared": {...}}}).
 *
 * <p>Precedence, highest first: the selected environment's value in the private file, in the public file, then
 * REST Client's {@code $shared} values (private over public), which apply to every environment and also when none
 * is selected. File variables ({@code @name = value}) override all of these. Values are strings; numbers and
 * booleans stand for their JSON text. REST Client keeps environments in its editor settings; only these two files
 * are read.
 */
final class EnvFiles {

    static final String PUBLIC = "http-client.env.json";
    static final String PRIVATE = "http-client.private.env.json";
    static final String SHARED = "$shared";

    private EnvFiles() {}

    /**
     * The variables {@code httpFile} sees under environment {@code envName} (null: only {@code $shared}).
     *
     * @throws JourneyException for a JSON error in either file (at its line:column), a value that is not a string,
     *     number or boolean, an {@code envName} that neither file defines (listing those found), or an
     *     {@code envName} with no environment file beside {@code httpFile}
     */
    static Map<String, String> load(Path httpFile, String envName) {
        List<Path> files = new ArrayList<>();
        List<JsonText.Obj> envs = new ArrayList<>();
        for (String name : List.of(PUBLIC, PRIVATE)) {
            Path f = httpFile.resolveSibling(name);
            if (Files.isRegularFile(f)) {
                files.add(f);
                envs.add(environments(f));
            }
        }
        if (files.isEmpty()) {
            if (envName != null) {
                throw new JourneyException(
                        new Location(httpFile, 1, 1),
                        "environment '" + envName + "' is selected but there is no " + PUBLIC + " or " + PRIVATE
                                + " beside this file");
            }
            return Map.of();
        }
        Set<String> names = new LinkedHashSet<>();
        for (JsonText.Obj o : envs) {
            names.addAll(o.members().keySet());
        }
        names.remove(SHARED);
        if (envName != null && !names.contains(envName)) {
            throw new JourneyException(
                    new Location(files.get(0), 1, 1),
                    "no environment '" + envName + "' in " + String.join(" or ", fileNames(files)) + "; found: "
                            + (names.isEmpty() ? "none" : String.join(", ", names)));
        }
        Map<String, String> vars = new LinkedHashMap<>();
        for (JsonText.Obj o : envs) {
            addAll(vars, o, SHARED);
        }
        if (envName != null) {
            for (JsonText.Obj o : envs) {
                addAll(vars, o, envName);
            }
        }
        return vars;
    }

    private static List<String> fileNames(List<Path> files) {
        List<String> names = new ArrayList<>();
        for (Path f : files) {
            names.add(f.getFileName().toString());
        }
        return names;
    }

    private static JsonText.Obj environments(Path file) {
        JsonText.Value v = JsonText.read(file);
        if (!(v instanceof JsonText.Obj o)) {
            throw new JourneyException(
                    v.location(), "expected an object of environments, found " + JsonText.describe(v));
        }
        for (Map.Entry<String, JsonText.Value> e : o.members().entrySet()) {
            if (!(e.getValue() instanceof JsonText.Obj)) {
                throw new JourneyException(
                        e.getValue().location(),
                        "expected an object of variables for environment '" + e.getKey() + "', found "
                                + JsonText.describe(e.getValue()));
            }
        }
        return o;
    }

    private static void addAll(Map<String, String> vars, JsonText.Obj envs, String env) {
        if (!(envs.members().get(env) instanceof JsonText.Obj o)) {
            return;
        }
        for (Map.Entry<String, JsonText.Value> e : o.members().entrySet()) {
            String text = switch (e.getValue()) {
                case JsonText.Str s -> s.text();
                case JsonText.Num n -> n.text();
                case JsonText.Bool b -> Boolean.toString(b.value());
                default ->
                    throw new JourneyException(
                            e.getValue().location(),
                            "expected a string, number or boolean for variable '" + e.getKey() + "', found "
                                    + JsonText.describe(e.getValue()));
            };
            vars.put(e.getKey(), text);
        }
    }
}
