package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.control.Ack;
import dev.zapline.load.control.Command;
import dev.zapline.load.control.Event;
import dev.zapline.load.report.Pacing;
import dev.zapline.load.report.ReportOptions;
import dev.zapline.load.report.Reporter;
import dev.zapline.load.report.Summary;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Steering end to end on a manual clock ({@link Sim}): a command at a known instant takes effect {@link
 * RunSteering#GUARD} later on the loop, the sends per 10 ms bucket follow the steered schedule exactly, the report
 * compares them with it, and a pause to the end does not end the run early.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SteeringEngineTest {

    private static final long MS = 1_000_000L;

    private static LoadPlan plan(boolean steerable) {
        return LoadPlan.open(Stages.constant(1000, Duration.ofSeconds(2)), Arrival.UNIFORM, 0, 4, 1)
                .with(b -> b.steerable = steerable);
    }

    private static Engine start(Sim sim, LoadPlan plan) {
        return Engine.start(plan, sim, new DriverLoop[] {sim}, sim, 1000);
    }

    private static Summary report(Sim sim, Engine e) throws InterruptedException {
        return new Reporter(e, new ReportOptions("sim://target", null, null, null, false))
                .waitWith(sim.reporterWait(e))
                .run();
    }

    @Test
    void rateChangesAndAPauseAreFollowedExactlyAndReported() throws Exception {
        Sim sim = new Sim().service(50_000);
        Engine e = start(sim, plan(true));
        long t0 = e.startNanos();
        Ack[] acks = new Ack[4];
        sim.at(t0 + 480 * MS, () -> acks[0] = e.steering().submit(Command.rate(2000, "test")));
        sim.at(t0 + 980 * MS, () -> acks[1] = e.steering().submit(Command.of(Command.Kind.PAUSE, "test")));
        sim.at(t0 + 1480 * MS, () -> acks[2] = e.steering().submit(Command.of(Command.Kind.RESUME, "test")));
        sim.at(t0 + 1700 * MS, () -> acks[3] = e.steering().submit(Command.mark("deploy", "test")));
        Summary s = report(sim, e);

        assertThat(acks).allMatch(Ack::ok);
        int[] b = e.pacing();
        assertThat(b).hasSize(200);
        int[] expected = new int[200];
        Arrays.fill(expected, 0, 50, 10);
        Arrays.fill(expected, 50, 100, 20);
        Arrays.fill(expected, 150, 200, 20);
        assertThat(b).isEqualTo(expected);
        assertThat(s.pacing()).isEqualTo(new Pacing(10, 200, 200, 0, 0));
        assertThat(s.sent()).isEqualTo(500 + 1000 + 1000);
        assertThat(s.rateTarget()).isEqualTo(1250.0);
        assertThat(e.steering().events())
                .extracting(Event::kind, Event::t, Event::rate, Event::label)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(Command.Kind.RATE, 0.5, 2000.0, ""),
                        org.assertj.core.groups.Tuple.tuple(Command.Kind.PAUSE, 1.0, 0.0, ""),
                        org.assertj.core.groups.Tuple.tuple(Command.Kind.RESUME, 1.5, 2000.0, ""),
                        org.assertj.core.groups.Tuple.tuple(Command.Kind.MARK, 1.7, 2000.0, "deploy"));
        assertThat(e.steering().pausedSeconds()).isEqualTo(0.5);
        // each second's target is the steered schedule's: 500 at 1000/s + 500 at 2000/s, then 0.5 s paused + 2000/s
        assertThat(s.timeline())
                .extracting(i -> i.t(), i -> i.targetRate())
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(1.0, 1500.0),
                        org.assertj.core.groups.Tuple.tuple(2.0, 1000.0));
    }

    @Test
    void aPauseToTheEndKeepsTheRunGoingUntilItsEnd() throws Exception {
        Sim sim = new Sim().service(50_000);
        Engine e = start(sim, plan(true));
        long t0 = e.startNanos();
        sim.at(t0 + 480 * MS, () -> e.steering().submit(Command.of(Command.Kind.PAUSE, "test")));
        sim.run(e, 10_000 * MS);
        assertThat(e.endNanos() - t0).isGreaterThanOrEqualTo(2000 * MS);
        assertThat(Arrays.stream(e.pacing()).sum()).isEqualTo(500);
        assertThat(e.steering().paused()).isTrue();
        assertThat(e.steering().pausedSeconds()).isEqualTo(1.5);
    }

    @Test
    void anUnsteerableRunRefusesRateChangesButTakesMarksAndStop() throws Exception {
        Sim sim = new Sim().service(50_000);
        Engine e = start(sim, plan(false));
        long t0 = e.startNanos();
        Ack[] acks = new Ack[3];
        sim.at(t0 + 100 * MS, () -> acks[0] = e.steering().submit(Command.rate(5, "test")));
        sim.at(t0 + 200 * MS, () -> acks[1] = e.steering().submit(Command.mark("", "test")));
        sim.at(t0 + 300 * MS, () -> acks[2] = e.steering().submit(Command.of(Command.Kind.STOP, "test")));
        sim.run(e, 10_000 * MS);
        assertThat(acks[0].error()).isEqualTo("rate: this run was not started steerable (--tui or --control)");
        assertThat(acks[1].ok()).isTrue();
        assertThat(acks[2].ok()).isTrue();
        assertThat(e.stoppedNanos() - t0).isEqualTo(300 * MS);
        assertThat(e.steering().submit(Command.bias(10, "test")).error())
                .isEqualTo("bias: this run was not started steerable (--tui or --control)");
    }
}
