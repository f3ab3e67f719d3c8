/**
 * {@code zapline load --tui}: the full-screen dashboard. {@link dev.zapline.cli.tui.Dashboard} follows the run as
 * the reporter closes each interval ({@link dev.zapline.cli.tui.LiveData}), draws frames that
 * {@link dev.zapline.cli.tui.Screen} renders from a plain model, and turns keys
 * ({@link dev.zapline.cli.tui.KeyDecoder}, {@link dev.zapline.cli.tui.Controls}) into steering commands.
 */
package dev.zapline.cli.tui;
