/**
 * Steering a run while it runs: {@link dev.zapline.load.control.Command}s from the dashboard's keys, from
 * newline-delimited JSON on standard input and from {@code POST /control}, all through one {@link
 * dev.zapline.load.control.Steering} per run, which applies each at a well-defined instant and keeps it as a
 * timestamped {@link dev.zapline.load.control.Event} of the run's results.
 */
package dev.zapline.load.control;
