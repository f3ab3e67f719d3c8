package dev.zapline.load.journey;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what {@code zapline load FILE.http[:WEIGHT]... [--env NAME] [--data FILE]} runs: the data file first (its
 * header names the columns {@code {{name}}} may read), then each {@code .http} (or {@code .rest}) file with the
 * environment files beside it ({@link EnvFiles}) into one {@link Journey} named after the file. Every request of
 * every file must go to one origin. Without a data file the plan's {@link JourneyPlan#data} is null.
 */
public final class JourneyPlans {

    private JourneyPlans() {}

    /**
     * Reads the plan.
     *
     * @param fileArgs {@code FILE.http} or {@code FILE.http:WEIGHT} (a positive integer; the part after the last
     *     {@code :} is a weight only when it is all digits and the file without it exists)
     * @param envName the environment to select, or null
     * @param dataFile the {@code .csv} or {@code .json} data file, or null
     * @throws JourneyException at {@code file:line:column} for anything that cannot be run: a missing file, a bad
     *     weight, a name given twice, any error in the data, environment or {@code .http} files, or a request to
     *     another origin than the first one's
     * @throws IllegalArgumentException when {@code fileArgs} is empty
     */
    public static JourneyPlan load(List<String> fileArgs, String envName, Path dataFile, DataMode mode, long seed) {
        if (fileArgs.isEmpty()) {
            throw new IllegalArgumentException("no .http files");
        }
        DataSet data = dataFile == null ? null : DataFiles.read(dataFile);
        List<Journey> journeys = new ArrayList<>();
        Map<String, Path> names = new HashMap<>();
        String origin = null;
        for (String arg : fileArgs) {
            Path file = Path.of(arg);
            int weight = 1;
            int colon = arg.lastIndexOf(':');
            if (colon > 0
                    && arg.substring(colon + 1).matches("[0-9]+")
                    && Files.isRegularFile(Path.of(arg.substring(0, colon)))) {
                file = Path.of(arg.substring(0, colon));
                weight = weight(file, arg.substring(colon + 1));
            }
            if (!Files.isRegularFile(file)) {
                throw new JourneyException(
                        new Location(file, 1, 1), "no such file (expected FILE.http or " + "FILE.http:WEIGHT)");
            }
            String fileName = file.getFileName().toString();
            if (!fileName.endsWith(".http") && !fileName.endsWith(".rest")) {
                throw new JourneyException(new Location(file, 1, 1), "expected a .http or .rest file");
            }
            String name = fileName.substring(0, fileName.length() - 5);
            Path previous = names.putIfAbsent(name, file);
            if (previous != null) {
                throw new JourneyException(
                        new Location(file, 1, 1),
                        "a journey named '" + name + "' is already read " + "from " + previous
                                + "; journeys are named after their files");
            }
            Journey j = HttpFileParser.parse(file, name, weight, EnvFiles.load(file, envName), data);
            for (Step s : j.steps()) {
                if (origin == null) {
                    origin = s.origin();
                } else if (!origin.equals(s.origin())) {
                    throw new JourneyException(
                            s.location(),
                            "every request of a run goes to one origin (first: " + origin + "); this one goes to "
                                    + s.origin());
                }
            }
            journeys.add(j);
        }
        return new JourneyPlan(journeys, data, mode, seed);
    }

    private static int weight(Path file, String digits) {
        int w;
        try {
            w = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            w = -1;
        }
        if (w <= 0) {
            throw new JourneyException(
                    new Location(file, 1, 1), "expected a weight from 1 to 2147483647 after ':', " + "found " + digits);
        }
        return w;
    }
}
