package dev.zapline.load.engine;

import static dev.zapline.load.engine.Admission.NONE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.engine.Admission.Verdict;
import dev.zapline.load.schedule.Arrival;
import dev.zapline.load.schedule.ScheduleCursor;
import dev.zapline.load.schedule.Stages;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The admission models alone, on times given as arguments: what is due when, and send / queue / drop. */
class AdmissionTest {

    private static final long MS = 1_000_000L;
    private static final long T0 = 5_000 * MS;

    private static ScheduleCursor uniform(int rate, Duration d) {
        return LoadPlan.open(Stages.constant(rate, d), Arrival.UNIFORM, 0, 1, 1)
                .schedule()
                .cursor();
    }

    @Test
    void openModelReleasesEachIntendedTimeWhenItComesAndNeverEarly() {
        OpenModel m = new OpenModel(uniform(1000, Duration.ofMillis(10)), 100, 2, false, 50 * MS, 0, 0);
        m.begin(T0);
        long first = m.nextWake();
        assertThat(first - T0).isBetween(0L, MS);
        assertThat(m.due(first - 1)).isEqualTo(NONE);
        assertThat(m.due(first)).isEqualTo(first);
        assertThat(m.due(first)).isEqualTo(NONE);
        assertThat(m.nextWake()).isEqualTo(first + MS);
        // late by 3.5 ms: the three due meanwhile come out at once, oldest first, each with its own intended time
        long now = first + 3 * MS + MS / 2;
        assertThat(m.due(now)).isEqualTo(first + MS);
        assertThat(m.due(now)).isEqualTo(first + 2 * MS);
        assertThat(m.due(now)).isEqualTo(first + 3 * MS);
        assertThat(m.due(now)).isEqualTo(NONE);
        int rest = 0;
        while (m.due(T0 + 1_000 * MS) != NONE) {
            rest++;
        }
        assertThat(rest).isEqualTo(6);
        assertThat(m.nextWake()).isEqualTo(NONE);
        assertThat(m.exhausted()).isTrue();
    }

    @Test
    void aDueRequestIsSentOnlyWhenASlotIsFreeAndNothingWaitsBeforeIt() {
        OpenModel m = new OpenModel(uniform(1000, Duration.ofSeconds(1)), 4, 1, false, 50 * MS, 0, 0);
        m.begin(T0);
        assertThat(m.admit(T0, true, 0)).isEqualTo(Verdict.SEND);
        assertThat(m.admit(T0 + 1, false, 1)).isEqualTo(Verdict.QUEUE);
        // a slot freed, but one waits: the new one queues behind it (the driver refills from the FIFO)
        assertThat(m.admit(T0 + 2, true, 1)).isEqualTo(Verdict.QUEUE);
        assertThat(m.admit(T0 + 3, false, 1)).isEqualTo(Verdict.QUEUE);
        // in flight 1 + waiting 3 = the ceiling of 4
        assertThat(m.admit(T0 + 4, false, 1)).isEqualTo(Verdict.DROP);
        assertThat(m.waitingCount()).isEqualTo(3);
        assertThat(m.pollWaiting()).isEqualTo(T0 + 1);
        assertThat(m.peekWaiting()).isEqualTo(T0 + 2);
    }

    @Test
    void aWaitingRequestExpiresOneNanosecondAfterTheMaximumWait() {
        OpenModel m = new OpenModel(uniform(1000, Duration.ofSeconds(1)), 8, 1, false, 50 * MS, 0, 0);
        m.begin(T0);
        m.admit(T0, false, 0);
        m.admit(T0 + MS, false, 0);
        assertThat(m.nextExpiry()).isEqualTo(T0 + 50 * MS + 1);
        assertThat(m.expired(T0 + 50 * MS)).isEqualTo(NONE);
        assertThat(m.expired(T0 + 50 * MS + 1)).isEqualTo(T0);
        assertThat(m.expired(T0 + 50 * MS + 1)).isEqualTo(NONE);
        assertThat(m.nextExpiry()).isEqualTo(T0 + 51 * MS + 1);
    }

    @Test
    void theAdaptiveCeilingMovesOncePerPeriodAndStopsWithTheSchedule() {
        OpenModel m = new OpenModel(uniform(1000, Duration.ofSeconds(1)), 10_000, 4, true, 50 * MS, 0, 0);
        m.begin(T0);
        assertThat(m.ceiling).isEqualTo(10_000);
        for (long t = m.due(T0 + 99 * MS); t != NONE; t = m.due(T0 + 99 * MS)) {
            m.served(MS);
        }
        m.adapt(T0 + Ceiling.PERIOD - 1);
        assertThat(m.ceiling).as("before a period").isEqualTo(10_000);
        m.adapt(T0 + Ceiling.PERIOD);
        // 100 responses of 1 ms in 100 ms held one request on average: max(2 x 1, 100 due) = 100
        assertThat(m.ceiling).isEqualTo(Ceiling.next(100 * MS, Ceiling.PERIOD, 100, 4, 10_000));
        assertThat(m.ceiling).isEqualTo(100);
        m.stop();
        m.adapt(T0 + 10 * Ceiling.PERIOD);
        assertThat(m.ceiling).as("frozen after the schedule").isEqualTo(100);
        assertThat(m.exhausted()).isTrue();
    }

    @Test
    void closedUsersStartAtTheBeginningThenThinkAfterEachRequest() {
        ClosedModel m = new ClosedModel(2, 10 * MS, 50 * MS);
        m.endAt(T0 + 100 * MS);
        m.begin(T0);
        assertThat(m.due(T0)).isEqualTo(T0);
        assertThat(m.due(T0)).isEqualTo(T0);
        assertThat(m.due(T0)).isEqualTo(NONE);
        m.ended(T0 + 3 * MS);
        assertThat(m.nextWake()).isEqualTo(T0 + 13 * MS);
        assertThat(m.due(T0 + 13 * MS - 1)).isEqualTo(NONE);
        assertThat(m.due(T0 + 13 * MS)).isEqualTo(T0 + 13 * MS);
        assertThat(m.admit(T0 + 13 * MS, false, 2))
                .as("never dropped for a ceiling")
                .isEqualTo(Verdict.QUEUE);
        assertThat(m.users()).isEqualTo(2);
    }

    @Test
    void atTheEndClosedUsersRetireAndTheirWaitingRequestsExpire() {
        ClosedModel m = new ClosedModel(3, 20 * MS, 500 * MS);
        long end = T0 + 100 * MS;
        m.endAt(end);
        m.begin(T0);
        for (int i = 0; i < 3; i++) {
            m.due(T0);
        }
        m.admit(T0, false, 2);
        // one user thinking past the end, one waiting for a slot, one in flight
        m.ended(T0 + 90 * MS);
        assertThat(m.nextWake()).isEqualTo(end);
        assertThat(m.expired(end - 1)).isEqualTo(NONE);
        assertThat(m.expired(end)).isEqualTo(T0);
        m.ended(end);
        assertThat(m.due(end)).isEqualTo(NONE);
        assertThat(m.users()).isEqualTo(1);
        assertThat(m.exhausted()).isFalse();
        m.ended(end + 5 * MS);
        assertThat(m.exhausted()).isTrue();
    }

    @Test
    void aStoppedClosedModelRetiresItsThinkingUsersAndEachUserWhoseRequestEnds() {
        ClosedModel m = new ClosedModel(4, 10 * MS, 50 * MS);
        m.begin(T0);
        m.due(T0);
        m.due(T0);
        m.stop();
        assertThat(m.users()).isEqualTo(2);
        m.ended(T0 + MS);
        m.ended(T0 + MS);
        assertThat(m.exhausted()).isTrue();
    }

    @Test
    void earliestTreatsNoneAsNever() {
        assertThat(Admission.earliest(NONE, NONE)).isEqualTo(NONE);
        assertThat(Admission.earliest(NONE, 5)).isEqualTo(5);
        assertThat(Admission.earliest(5, NONE)).isEqualTo(5);
        assertThat(Admission.earliest(7, 5)).isEqualTo(5);
        assertThat(Admission.earliest(-7, 5)).isEqualTo(-7);
    }
}
