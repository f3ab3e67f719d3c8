package dev.zapline.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code zapline version}: the zapline version and the JVM it runs on. */
@Command(
        name = "version",
        mixinStandardHelpOptions = true,
        description = "Print the zapline version and the Java runtime.")
final class VersionCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        for (String line : new Provider().getVersion()) {
            spec.commandLine().getOut().println(line);
        }
    }

    static String version() {
        try (InputStream in = VersionCommand.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    static final class Provider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                "zapline " + version(),
                "java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ", "
                        + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ")"
            };
        }
    }
}
