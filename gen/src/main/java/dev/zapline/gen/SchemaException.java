package dev.zapline.gen;

/**
 * A schema that cannot be compiled: names the file, the 1-based line and column of the offending text and the
 * problem, and renders as {@code FILE:LINE:COLUMN: problem} (the form editors and the CLI print).
 */
public final class SchemaException extends Exception {

    private final String file;
    private final int line;
    private final int column;
    private final String problem;

    public SchemaException(String file, int line, int column, String problem) {
        super(file + ":" + line + ":" + column + ": " + problem);
        this.file = file;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The problem alone, without the location. */
    public String problem() {
        return problem;
    }
}
