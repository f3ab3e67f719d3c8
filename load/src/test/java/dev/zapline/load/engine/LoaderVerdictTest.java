package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.report.LoaderLoad;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.report.Text;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import io.netty.channel.EventLoop;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Real runs against an in-process target, judged by who set the pace: a loader saturated on purpose (one loop whose
 * every write burns CPU, at twice the rate it can write) is {@code LOADER}; a slow target with few connections,
 * so that requests wait for one, is {@code TARGET}, and the reason names the target.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoaderVerdictTest {

    /** CPU each write of the saturated loader burns: at most 4,000 writes per second. */
    private static final long BURN_NANOS = 250_000;

    @Test
    void aLoopThatCannotKeepUpIsTheLoader() throws Exception {
        try (Target t = new Target(1)) {
            // 8,000/s for 0.5 s: 4,000 writes of 250 µs each need at least 1 s of the one loop's CPU
            LoadPlan plan = LoadPlan.open(Stages.constant(8000, Duration.ofMillis(500)), Arrival.UNIFORM, 0, 4, 1)
                    .with(b -> b.pipeline = 16);
            ByteArrayOutputStream live = new ByteArrayOutputStream();
            Summary s = run(t, plan, burning(t.zap("/health")), live, List::of);
            System.out.print(Text.render(s) + live);
            LoaderLoad l = s.loader();
            assertThat(l.verdict()).as(l.reason()).isEqualTo(LoaderLoad.Verdict.LOADER);
            assertThat(l.reason()).startsWith("the loader set the pace: loop busy ");
            assertThat(l.busy()).hasSize(1);
            assertThat(l.sendLag().p99()).as(l.reason()).isGreaterThan(LoaderLoad.LATE_NANOS);
            assertThat(Text.render(s)).contains("Loader      LOADER-BOUND: the loader set the pace");
            assertThat(l.cpuSeconds()).isGreaterThan(0.9); // the burning alone
            assertThat(l.cpuMicrosPerResponse()).isGreaterThan(BURN_NANOS / 1e3);
        }
    }

    @Test
    void aSlowTargetWithFewConnectionsIsTheTarget() throws Exception {
        try (Target t = new Target(1)) {
            t.slowMillis = 50; // the server's one loop answers 20 requests per second
            LoadPlan plan = LoadPlan.open(Stages.constant(100, Duration.ofSeconds(1)), Arrival.UNIFORM, 0, 2, 1)
                    .with(b -> b.maxWaitNanos = 400_000_000L);
            Summary s = run(t, plan, t.zap("/slow"), new ByteArrayOutputStream(), () -> List.of("a note on the path"));
            System.out.print(Text.render(s));
            LoaderLoad l = s.loader();
            assertThat(l.verdict()).as(l.reason()).isEqualTo(LoaderLoad.Verdict.TARGET);
            assertThat(l.reason()).startsWith("the target set the pace: ");
            assertThat(l.reason()).contains(" requests waited for a connection");
            assertThat(l.waitedLag().count()).isGreaterThan(10);
            // after the loader's own note on a machine short of CPU, if there is one
            assertThat(l.notes()).endsWith("a note on the path");
            assertThat(Text.render(s)).contains("Loader      target-bound: the target set the pace: ");
            assertThat(Text.render(s)).contains("  note      a note on the path\n");
        }
    }

    /** Runs {@code plan} with a reporter to its end; the live lines go to {@code live}. */
    private static Summary run(
            Target t,
            LoadPlan plan,
            Client client,
            ByteArrayOutputStream live,
            java.util.function.Supplier<List<String>> notes)
            throws InterruptedException {
        Engine e = Runs.start(plan, client, t.loops.group());
        return new Reporter(
                        e,
                        new ReportOptions(
                                "zap://test", null, null, new PrintStream(live, true, StandardCharsets.UTF_8), false))
                .loaderNotes(notes)
                .run();
    }

    /** {@code c} whose connections burn {@link #BURN_NANOS} of CPU on every write. */
    private static Client burning(Client c) {
        return new Client() {
            @Override
            public CompletableFuture<Connection> connect(EventLoop loop, ConnectionEvents events) {
                return c.connect(loop, events).thenApply(BurningConnection::new);
            }

            @Override
            public int requests() {
                return c.requests();
            }

            @Override
            public int requestBytes(int i) {
                return c.requestBytes(i);
            }

            @Override
            public String describe() {
                return c.describe();
            }
        };
    }

    private record BurningConnection(Connection c) implements Connection {

        @Override
        public boolean write(int i) {
            long until = System.nanoTime() + BURN_NANOS;
            while (System.nanoTime() - until < 0) {
                Thread.onSpinWait();
            }
            return c.write(i);
        }

        @Override
        public void flush() {
            c.flush();
        }

        @Override
        public int streamLimit() {
            return c.streamLimit();
        }

        @Override
        public int maxWrites() {
            return c.maxWrites();
        }

        @Override
        public boolean isActive() {
            return c.isActive();
        }

        @Override
        public void close() {
            c.close();
        }
    }
}
