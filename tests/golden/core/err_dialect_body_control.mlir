// A control byte in a dialect attribute body (kept as text) is refused
// where it stands.
"test.op"() {op = #vectorchain<binary_operator add>} : () -> ()
