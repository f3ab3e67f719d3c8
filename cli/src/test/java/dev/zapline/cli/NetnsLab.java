package dev.zapline.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A throwaway network of Linux network namespaces for a multi-host test on one machine: one server namespace and N
 * loader namespaces, loader k joined to the server by a veth pair on its own /30, {@code 10.201.k.1} (loader side)
 * and {@code 10.201.k.2} (server side). The veths are created inside the namespaces, so nothing of the network ever
 * appears in the root namespace, and there is no route out. Deleting the namespaces deletes the veths.
 *
 * <p>Names are {@code zlit<pid>-srv} and {@code zlit<pid>-l<k>}: {@link #removeStale} deletes those of a previous
 * run whose process is gone. Drives {@code ip} (iproute2) and needs CAP_NET_ADMIN; {@link #unavailable} says when
 * it cannot. Every command waits at most {@link #COMMAND_SECONDS}. Not thread-safe.
 */
final class NetnsLab implements AutoCloseable {

    private static final int COMMAND_SECONDS = 20;
    private static final String PREFIX = "zlit";
    private static final Pattern OURS = Pattern.compile(PREFIX + "(\\d+)-(srv|l\\d+|probe)");

    private final String server;
    private final List<String> loaders = new ArrayList<>();
    private final List<String> created = new ArrayList<>();
    private final List<Process> processes = new ArrayList<>();

    private NetnsLab(int loaderCount) {
        String base = PREFIX + ProcessHandle.current().pid() + "-";
        server = base + "srv";
        for (int k = 0; k < loaderCount; k++) {
            loaders.add(base + "l" + k);
        }
    }

    /** Why namespaces cannot be made here (no {@code ip}, no privilege), or null when they can. */
    static String unavailable() {
        try {
            Result v = run(List.of("ip", "-V"));
            if (v.exit() != 0) {
                return "ip -V exited " + v.exit() + ": " + v.output();
            }
        } catch (java.io.UncheckedIOException e) {
            return "no ip (iproute2) on PATH: " + e.getCause().getMessage();
        }
        String probe = PREFIX + ProcessHandle.current().pid() + "-probe";
        Result add = run(List.of("ip", "netns", "add", probe));
        if (add.exit() != 0) {
            return "ip netns add failed (root, or CAP_SYS_ADMIN and CAP_NET_ADMIN, needed): " + add.output();
        }
        run(List.of("ip", "netns", "del", probe));
        return null;
    }

    /** The namespaces and their links, up, with addresses; {@link #close} undoes what was made if this throws. */
    static NetnsLab create(int loaderCount) {
        NetnsLab lab = new NetnsLab(loaderCount);
        try {
            lab.add(lab.server);
            for (int k = 0; k < loaderCount; k++) {
                String ns = lab.loaders.get(k);
                lab.add(ns);
                lab.ip(ns, "link", "add", "veth0", "type", "veth", "peer", "name", "l" + k, "netns", lab.server);
                lab.ip(ns, "addr", "add", loaderAddress(k) + "/30", "dev", "veth0");
                lab.ip(lab.server, "addr", "add", serverAddress(k) + "/30", "dev", "l" + k);
                lab.ip(ns, "link", "set", "veth0", "up");
                lab.ip(lab.server, "link", "set", "l" + k, "up");
            }
            return lab;
        } catch (RuntimeException e) {
            lab.close();
            throw e;
        }
    }

    private static String loaderAddress(int k) {
        return "10.201." + k + ".1";
    }

    /** The server's address on loader {@code k}'s link. */
    static String serverAddress(int k) {
        return "10.201." + k + ".2";
    }

    String server() {
        return server;
    }

    String loader(int k) {
        return loaders.get(k);
    }

    /** {@code command} started in namespace {@code ns}, its output (stdout and stderr) going to {@code log}. */
    Process start(String ns, List<String> command, Path log) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns));
        cmd.addAll(command);
        return startHere(cmd, log);
    }

    /** {@code cmd} started in this process's namespace, stopped by {@link #close} like the others. */
    Process startHere(List<String> cmd, Path log) throws IOException {
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        processes.add(p);
        return p;
    }

    /** {@code command} run in {@code ns} to its end: its exit status and output. */
    Result exec(String ns, String... command) {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns));
        cmd.addAll(List.of(command));
        return run(cmd);
    }

    /** {@code ip -n ns args...}, which must succeed. */
    private void ip(String ns, String... args) {
        List<String> cmd = new ArrayList<>(List.of("ip", "-n", ns));
        cmd.addAll(List.of(args));
        Result r = run(cmd);
        if (r.exit() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " exited " + r.exit() + ": " + r.output());
        }
    }

    private void add(String ns) {
        Result r = run(List.of("ip", "netns", "add", ns));
        if (r.exit() != 0) {
            throw new IllegalStateException("ip netns add " + ns + " exited " + r.exit() + ": " + r.output());
        }
        created.add(ns);
        ip(ns, "link", "set", "lo", "up");
    }

    /** Stops the processes started here and any other in the namespaces, then deletes the namespaces. Idempotent. */
    @Override
    public void close() {
        boolean interrupted = Thread.interrupted(); // a timed-out test still cleans up
        for (Process p : processes) {
            p.destroy();
        }
        for (Process p : processes) {
            stop(p.toHandle());
        }
        processes.clear();
        for (String ns : created) {
            delete(ns);
        }
        created.clear();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Deletes the namespaces named as this class names them whose creating process no longer runs. */
    static void removeStale() {
        for (String line : run(List.of("ip", "netns", "list")).output().split("\n")) {
            String name = line.strip().split(" ", 2)[0];
            Matcher m = OURS.matcher(name);
            if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                delete(name);
            }
        }
    }

    /** Kills whatever still runs in {@code ns}, then deletes it. */
    private static void delete(String ns) {
        for (String pid : run(List.of("ip", "netns", "pids", ns)).output().split("\\s+")) {
            if (pid.matches("\\d+")) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(NetnsLab::stop);
            }
        }
        run(List.of("ip", "netns", "del", ns));
    }

    /** SIGTERM, then SIGKILL when it has not ended within 10 s. */
    private static void stop(ProcessHandle h) {
        h.destroy();
        try {
            h.onExit().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            h.destroyForcibly();
        }
    }

    /** {@code cmd} run in this process's namespace to its end, at most {@link #COMMAND_SECONDS}. */
    static Result run(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            boolean ended = p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly();
                return new Result(-1, String.join(" ", cmd) + ": no end within " + COMMAND_SECONDS + " s");
            }
            return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(String.join(" ", cmd) + " interrupted", e);
        }
    }

    /** A finished command's exit status and output. */
    record Result(int exit, String output) {}
}
