// Ops nested deeper than the parser's limit are an error, not a stack overflow.
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
"test.nest"() ({
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
}) : () -> ()
