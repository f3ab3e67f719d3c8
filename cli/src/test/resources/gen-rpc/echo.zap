# The RPC binding's test schema (GenRpcPeerTest, GenRpcClientTest, GenRpcAllocationTest): one method per shape.
package echo

struct Note {
    Seq   u64            @0
    Flag  bool           @8
    Level i32            @12
    Ratio f64            @16
    Tag   bytes_fixed[4] @24
    Label text           @28
    Blob  bytes          @36
}

struct Count {
    Heard u64 @0
}

interface Echo {
    echo(req: Note) returns (resp: Note)    # 1: the note transformed (see EchoService)
    count() returns (resp: Count)           # 2: no request; the notes heard so far
    tell(req: Note)                         # 3: one-way; counted
    forget() returns ()                     # 4: no request, empty answer; the count back to 0
}
