package dev.zapline.load.journey;

import dev.zapline.load.metrics.JourneyLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Numbers a plan's steps and checks run-wide, in order: journey by journey, step by step, check by check. */
public final class Layouts {

    private Layouts() {}

    public static JourneyLayout of(JourneyPlan plan) {
        Map<String, Integer> uses = new HashMap<>();
        for (Journey j : plan.journeys()) {
            for (Step s : j.steps()) {
                uses.merge(s.name(), 1, Integer::sum);
            }
        }
        List<String> journeys = new ArrayList<>();
        List<String> steps = new ArrayList<>();
        List<Integer> stepJourney = new ArrayList<>();
        List<String> checks = new ArrayList<>();
        List<Integer> checkStep = new ArrayList<>();
        for (Journey j : plan.journeys()) {
            journeys.add(j.name());
            for (Step s : j.steps()) {
                for (Check c : s.checks()) {
                    checks.add(c.text());
                    checkStep.add(steps.size());
                }
                steps.add(uses.get(s.name()) == 1 ? s.name() : j.name() + "/" + s.name());
                stepJourney.add(journeys.size() - 1);
            }
        }
        return new JourneyLayout(journeys, steps, ints(stepJourney), checks, ints(checkStep));
    }

    private static int[] ints(List<Integer> list) {
        int[] a = new int[list.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = list.get(i);
        }
        return a;
    }
}
