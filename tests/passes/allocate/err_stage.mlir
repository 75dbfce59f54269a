// RUN: ktc-allocate
// PARSE: --device=sample --stage=sched.split
// ktc-allocate takes routed (or nested) schedules, not ktc-split's output.
module {
}
