/**
 * Response shapes ({@code zapline load --sample-responses N}): the JSON field paths and their types inferred from a
 * few responses per request ({@link dev.zapline.load.shape.ResponseShapes}), written as the {@code shapes} member of
 * the {@code --json} file, and compared between two such files ({@link dev.zapline.load.shape.ShapeDiff}) so that a
 * build can fail when a field went missing or changed type. docs/load.md, "Response shapes".
 */
package dev.zapline.load.shape;
