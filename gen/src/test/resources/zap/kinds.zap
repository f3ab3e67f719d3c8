# Every kind of the schema language in one struct, for the differential test against the npm zapgen.
package kinds

type hash8 = bytes_fixed[8]

struct Leaf {
    Weight u64   @0
    Index  u32   @8
    Tag    hash8 @12
}

struct All {
    Flag    bool        @0
    Small   u8          @1
    Signed  i8          @2
    Short   u16         @4
    SShort  i16         @6
    Word    u32         @8
    SWord   i32         @12
    Long    u64         @16
    SLong   i64         @24
    Float   f32         @32
    Double  f64         @40
    Name    text        @48
    Blob    bytes       @56
    Hash    hash8       @64
    Leaves  list<Leaf>  @72
    Numbers list<u32>   @80
    Blobs   list<bytes> @88
    Inner   Leaf        @96
    Note    text        @100
    Names   list<text>  @108
}

# A struct whose fields are not in offset order and whose fixed section is not a multiple of 8.
struct Odd {
    Tail   u16    @20
    Head   u8     @0
    Middle text   @4
    Nested Leaf   @12
    Last   u8     @16
}

# Only scalars, text and bytes: the writer stores every byte without a fill first (the gap 25..28 zeroed alone).
# (Not `Data`: the npm zapgen's TypeScript view then returns its whole buffer for that getter.)
struct Flat {
    Id    u64   @0
    Label text  @8
    Body  bytes @16
    Mark  u8    @24
    Tail  u16   @28
}
