/**
 * Thresholds: pass/fail conditions on a run's figures ({@code p99<5ms}, {@code error_rate<0.1%}, {@code
 * status_5xx==0}), parsed by {@link dev.zapline.load.threshold.Threshold#parse}, judged on {@link
 * dev.zapline.load.threshold.Facts} taken from a live summary or from a finished {@code --json} file, and followed
 * during a run by a {@link dev.zapline.load.threshold.Gate} ({@code --abort-on-fail}). The grammar and every metric
 * are in docs/load.md, "Thresholds".
 */
package dev.zapline.load.threshold;
