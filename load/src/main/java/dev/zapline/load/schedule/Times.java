package dev.zapline.load.schedule;

/** Intended send time of global request {@code i}; an implementation may keep caches, so one per cursor. */
interface Times {

    long at(long i);
}
