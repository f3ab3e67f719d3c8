package dev.zapline.load.metrics;

import java.util.List;

/**
 * The names a journey run's results are reported under, numbered run-wide: journeys in the order given, their steps
 * one after another ({@link #steps}), and the checks of every step in order ({@link #checks}).
 *
 * @param journeys each journey's name (its file's name without {@code .http})
 * @param steps each step's key: its name when no other journey has a step of that name, else
 *     {@code journey/name}; thresholds select a step by it ({@code p99{step=login}})
 * @param stepJourney for each step, the journey it belongs to
 * @param checks each check's expression as written
 * @param checkStep for each check, its step
 */
public record JourneyLayout(
        List<String> journeys, List<String> steps, int[] stepJourney, List<String> checks, int[] checkStep) {

    public JourneyLayout {
        journeys = List.copyOf(journeys);
        steps = List.copyOf(steps);
        checks = List.copyOf(checks);
        stepJourney = stepJourney.clone();
        checkStep = checkStep.clone();
    }

    /** The run-wide index of the step keyed {@code key}, or -1. */
    public int step(String key) {
        return steps.indexOf(key);
    }
}
