package dev.zapline.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.zapline.gen.Schema.Field;
import dev.zapline.gen.Schema.Method;
import dev.zapline.gen.Schema.Struct;
import dev.zapline.gen.ZapType.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The schema grammar: the Go zapgen's test data parses, and each bad schema fails with its message and place. */
class SchemaParserTest {

    @Test
    void everyCopiedSchemaParses() {
        for (String name : Schemas.ALL) {
            Schema s = Schemas.parse(name);
            assertThat(s.source()).isEqualTo(name);
            assertThat(s.structs()).as(name).isNotEmpty();
        }
    }

    @Test
    void baseTxHasItsOffsetsTypesAndSize() {
        Schema s = Schemas.parse("basetx.zap");
        assertThat(s.pkg()).isEqualTo("xvm");
        assertThat(s.aliases()).containsEntry("id32", ZapType.bytesFixed(32));
        Struct tx = s.struct("BaseTx");
        assertThat(tx.fields())
                .containsExactly(
                        new Field("NetworkID", ZapType.of(Kind.U32), 0),
                        new Field("BlockchainID", ZapType.bytesFixed(32), 4),
                        new Field("Outs", ZapType.list(ZapType.struct("TransferableOutput")), 36),
                        new Field("Ins", ZapType.list(ZapType.struct("TransferableInput")), 44),
                        new Field("Memo", ZapType.of(Kind.BYTES), 52));
        assertThat(tx.fixedSize()).isEqualTo(60);
        assertThat(s.struct("TransferableInput").fixedSize()).isEqualTo(76);
    }

    @Test
    void fixedSectionIsTheHighWaterMarkNotRounded() {
        assertThat(Schemas.parse("packed.zap").struct("Head").fixedSize()).isEqualTo(65);
        assertThat(Schemas.parse("packed.zap").struct("Leaf").fixedSize()).isEqualTo(12);
        assertThat(Schemas.parse("kinds.zap").struct("Odd").fixedSize()).isEqualTo(22);
    }

    @Test
    void indentationTwinsParseToTheSameSchemaAsTheirBraceSources() {
        assertThat(strip(Schemas.parse("ws/basetx_ws.zap"))).isEqualTo(strip(Schemas.parse("basetx.zap")));
        assertThat(strip(Schemas.parse("ws/packed_ws.zap"))).isEqualTo(strip(Schemas.parse("packed.zap")));
    }

    private static Schema strip(Schema s) {
        return new Schema("", s.pkg(), s.aliases(), s.structs(), s.interfaces());
    }

    @Test
    void interfaceMethodsAreNumberedInDeclarationOrder() throws SchemaException {
        Schema s = SchemaParser.parse("svc.zap", """
                package svc
                struct Req { A u8 @0 }
                struct Resp { B u8 @0 }
                interface Svc {
                    call(req: Req) returns (resp: Resp)
                    ping() returns ()
                    fire(req: Req)
                    tick()
                }
                """);
        List<Method> methods = s.interfaces().get(0).methods();
        assertThat(methods)
                .containsExactly(
                        new Method("call", 1, new Schema.Param("req", "Req"), new Schema.Param("resp", "Resp"), false),
                        new Method("ping", 2, null, null, false),
                        new Method("fire", 3, new Schema.Param("req", "Req"), null, true),
                        new Method("tick", 4, null, null, true));
    }

    @Test
    void aFieldWithoutOffsetStartsWhereThePreviousEnds() throws SchemaException {
        Schema s = SchemaParser.parse("a.zap", "package a\nstruct S {\n A u8\n B u64\n C text @40\n D u16\n}\n");
        assertThat(s.struct("S").fields()).extracting(Field::offset).containsExactly(0, 1, 40, 48);
    }

    @Test
    void inABracedBlockAnItemMaySpanLines() throws SchemaException {
        Schema s = SchemaParser.parse(
                "b.zap",
                "package b\nstruct R { A u8 }\nstruct S {\n A u32 # four bytes\n   @8\n}\n"
                        + "interface I {\n m(r: R)\n   returns (r: R)\n}\n");
        assertThat(s.struct("S").fields()).extracting(Field::offset).containsExactly(8);
        assertThat(s.interfaces().get(0).methods().get(0).response()).isEqualTo(new Schema.Param("r", "R"));
    }

    @Test
    void anIndentedBlockEndsAtTheFirstLineNoDeeperThanItsHeader() throws SchemaException {
        Schema s = SchemaParser.parse(
                "ws.zap", "package w\nstruct A\n  X u8\n\n  # comment\n  Y u16\nstruct B\n  Z u32\n");
        assertThat(s.struct("A").fields()).extracting(Field::name).containsExactly("X", "Y");
        assertThat(s.struct("B").fields()).extracting(Field::offset).containsExactly(0);
    }

    private record Bad(String what, int line, int column, String problem, String source) {
        @Override
        public String toString() {
            return what;
        }
    }

    private static Bad bad(String what, int line, int column, String problem, String source) {
        return new Bad(what, line, column, problem, source);
    }

    static List<Bad> badSchemas() {
        return List.of(
                bad("no package", 1, 1, "expected `package` declaration, found \"struct\"", "struct S { A u8 @0 }"),
                bad("no package name", 1, 9, "expected package name, found '1'", "package 1"),
                bad(
                        "top level junk",
                        2,
                        1,
                        "expected `struct`, `interface` or `type`, found \"foo\"",
                        "package p\nfoo"),
                bad("unknown type", 3, 5, "unknown type \"Missing\"", "package p\nstruct S {\n  A Missing @0\n}"),
                bad("unknown in list", 2, 19, "unknown type \"Nope\"", "package p\nstruct S { A list<Nope> @0 }"),
                bad(
                        "duplicate struct",
                        3,
                        8,
                        "duplicate struct \"S\" (first declared at line 2)",
                        "package p\nstruct S { A u8 @0 }\nstruct S { B u8 @0 }"),
                bad(
                        "duplicate field",
                        4,
                        2,
                        "duplicate field \"A\" in struct \"S\"",
                        "package p\nstruct S {\n A u8 @0\n A u8 @1\n}"),
                bad(
                        "duplicate alias",
                        3,
                        6,
                        "duplicate type alias \"h\" (first declared at line 2)",
                        "package p\ntype h = u8\ntype h = u16"),
                bad(
                        "alias and struct",
                        3,
                        8,
                        "duplicate struct \"S\" (first declared at line 2)",
                        "package p\ntype S = u8\nstruct S { A u8 @0 }"),
                bad(
                        "overlap scalar",
                        4,
                        2,
                        "field \"B\" (u8 @7, 1 bytes) overlaps field \"A\" (u64 @0, 8 bytes)",
                        "package p\nstruct S {\n A u64 @0\n B u8 @7\n}"),
                bad(
                        "overlap text slot",
                        4,
                        2,
                        "field \"B\" (u32 @4, 4 bytes) overlaps field \"A\" (text @0, 8 bytes)",
                        "package p\nstruct S {\n A text @0\n B u32 @4\n}"),
                bad(
                        "overlap fixed",
                        4,
                        2,
                        "field \"B\" (u8 @4, 1 bytes) overlaps field \"A\" (bytes_fixed[5] @0, 5 bytes)",
                        "package p\nstruct S {\n A bytes_fixed[5] @0\n B u8 @4\n}"),
                bad(
                        "overlap struct ptr",
                        5,
                        2,
                        "field \"B\" (u8 @3, 1 bytes) overlaps field \"A\" (T @0, 4 bytes)",
                        "package p\nstruct T { X u8 @0 }\nstruct S {\n A T @0\n B u8 @3\n}"),
                bad(
                        "overlap list slot",
                        5,
                        2,
                        "field \"C\" (list<u8> @4, 8 bytes) overlaps field \"B\" (u32 @4, 4 bytes)",
                        "package p\nstruct S {\n A u32 @0\n B u32 @4\n C list<u8> @4\n}"),
                bad("empty struct", 2, 8, "struct \"S\" has no fields", "package p\nstruct S { }"),
                bad(
                        "bytes_fixed zero",
                        2,
                        26,
                        "bytes_fixed[N] needs N > 0, got 0",
                        "package p\nstruct S { A bytes_fixed[0] @0 }"),
                bad(
                        "offset too big",
                        2,
                        18,
                        "integer 99999999999 is out of range",
                        "package p\nstruct S { A u8 @99999999999 }"),
                bad("missing offset int", 2, 19, "expected an integer, found '}'", "package p\nstruct S { A u8 @ }"),
                bad(
                        "unclosed struct",
                        4,
                        1,
                        "struct \"S\" opened at line 2 is not closed",
                        "package p\nstruct S {\n A u8 @0\n"),
                bad("bad type", 2, 14, "expected a type, found '7'", "package p\nstruct S { A 7 @0 }"),
                bad("list not closed", 2, 22, "expected '>', found '@'", "package p\nstruct S { A list<u8 @0 }"),
                bad("header junk", 2, 10, "expected '{' or the end of the line, found \"x\"", "package p\nstruct S x"),
                bad(
                        "param not struct",
                        3,
                        7,
                        "parameter type \"u32\" is not a struct",
                        "package p\ninterface I {\n m(a: u32)\n}"),
                bad(
                        "param alias",
                        4,
                        7,
                        "parameter type \"h\" is not a struct",
                        "package p\ntype h = u8\ninterface I {\n m(a: h)\n}"),
                bad("param unknown", 3, 18, "unknown type \"R\"", "package p\ninterface I {\n m() returns (r: R)\n}"),
                bad(
                        "two params",
                        4,
                        8,
                        "a method carries at most one struct per direction",
                        "package p\nstruct R { A u8 @0 }\ninterface I {\n m(a: R, b: R)\n}"),
                bad("param without type", 3, 5, "expected ':', found ')'", "package p\ninterface I {\n m(a)\n}"),
                bad(
                        "duplicate method",
                        4,
                        2,
                        "duplicate method \"m\" in interface \"I\"",
                        "package p\ninterface I {\n m()\n m()\n}"),
                bad("method no parens", 4, 1, "expected '(', found '}'", "package p\ninterface I {\n m\n}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSchemas")
    void rejects(Bad bad) {
        String what = bad.what();
        int line = bad.line();
        int column = bad.column();
        String problem = bad.problem();
        SchemaException e =
                catchThrowableOfType(SchemaException.class, () -> SchemaParser.parse("bad.zap", bad.source()));
        assertThat(e).as(what).isNotNull();
        assertThat(e.problem()).as(what).isEqualTo(problem);
        assertThat(e.line()).as(what).isEqualTo(line);
        assertThat(e.column()).as(what).isEqualTo(column);
        assertThat(e.getMessage()).isEqualTo("bad.zap:" + line + ":" + column + ": " + problem);
    }
}
