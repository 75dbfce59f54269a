# shard.sh - Bazel's test sharding for the shell tests (sourced, POSIX sh;
# a target sets shard_count): shard i of n takes every n-th item from the
# i-th. Sourcing tells Bazel that the test shards (its status file).
[ -n "${TEST_SHARD_STATUS_FILE:-}" ] && touch "$TEST_SHARD_STATUS_FILE"

# mine I : whether item I (counted from 0) is this shard's; every item is
# when the test is not sharded.
mine() {
    [ $(($1 % ${TEST_TOTAL_SHARDS:-1})) -eq "${TEST_SHARD_INDEX:-0}" ]
}
