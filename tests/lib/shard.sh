# shard.sh - Bazel's test sharding for the shell tests (sourced, POSIX sh;
# a target sets shard_count): shard i of n takes every n-th item from the
# i-th. Sourcing tells Bazel that the test shards (its status file).
[ -n "${TEST_SHARD_STATUS_FILE:-}" ] && touch "$TEST_SHARD_STATUS_FILE"

# mine I : whether item I (counted from 0) is this shard's; every item is
# when the test is not sharded.
mine() {
    [ $(($1 % ${TEST_TOTAL_SHARDS:-1})) -eq "${TEST_SHARD_INDEX:-0}" ]
}

# taken N : whether the N-th of a test's repeated checks runs. All of them
# do, but only about one in $KTC_TEST_EVERY when that is set: .bazelrc sets 2
# under --config=asan, where every process costs several times as much and
# the fuzzers and the corpus would take most of CI, while the default run
# still checks every case. The choice is a fixed hash of N, not every other
# one, so that no device of a kernel's pair is always the one left out.
taken() {
    [ $(($1 * 2654435761 / 128 % ${KTC_TEST_EVERY:-1})) -eq 0 ]
}
