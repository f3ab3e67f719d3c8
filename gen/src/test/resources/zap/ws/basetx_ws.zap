# Schema text copied from the public repository zap-proto/go, cmd/zapgen/testdata/ws/basetx_ws.zap at commit
# d76b076a123ed83c6d74b18d4d0b04aa9a2d8ca2 (the Go zapgen's test data).
# Whitespace-significant twin of testdata/basetx.zap.
# No braces, no @N offsets: blocks are opened by indentation and field
# byte-offsets are auto-assigned from each type's slot width. Desugars to
# the SAME brace source as basetx.zap and must generate identical Go.

package xvm

type id32 = bytes_fixed[32]

struct BaseTx
    NetworkID    u32
    BlockchainID id32
    Outs         list<TransferableOutput>
    Ins          list<TransferableInput>
    Memo         bytes

# The two the envelope points at.
struct TransferableOutput
    Asset  id32
    Output bytes

struct TransferableInput
    TxID   id32
    Index  u32
    Asset  id32
    Input  bytes
